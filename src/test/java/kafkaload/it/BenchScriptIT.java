package kafkaload.it;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * bench/producer-vs-perf.sh, bench/capacity.sh and bench/soak.sh run end to end on a tiny
 * configuration (one round, seconds-long runs, the tests' embedded broker) and print every figure
 * with numbers. No timing is asserted: benchmarks are not tests.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
class BenchScriptIT {
  private static final List<String> ROWS =
      List.of(
          "Kafka ProducerPerformance, unthrottled",
          "Gatling protocol, closed model, 8 users",
          "Kafka ProducerPerformance, throttled at 1,000/s",
          "Gatling protocol, open model at 1,000/s",
          "JMeter 5.6.3 JSR223, 2 threads",
          "Gatling protocol, closed model, 2 users",
          "Gatling protocol, closed model, 2 users, a producer per user");

  @Test
  void producerBenchPrintsEveryRowWithNumbers() throws Exception {
    Map<String, String> env = new HashMap<>();
    // The script's nested `mvn` (JMeter's jars) uses the calling build's local repository and
    // settings files.
    StringBuilder mavenArgs = new StringBuilder(System.getenv().getOrDefault("MAVEN_ARGS", ""));
    NestedMaven.callerOptions().forEach(o -> mavenArgs.append(' ').append(o));
    env.put("MAVEN_ARGS", mavenArgs.toString().trim());
    // Seconds-long runs are all JVM start: C1 only starts faster (no timing is judged here). No
    // collector here: the scripts give Gatling the pom's, and a second one stops the JVM.
    env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1");
    env.putAll(
        Map.of(
            "ROUNDS",
            "1",
            "RECORDS",
            "5000",
            "SECONDS_RUN",
            "2",
            "USERS",
            "8",
            "THREADS",
            "2",
            "RATE",
            "1000",
            "JMETER_SETUP",
            "10"));
    String out = runScript("producer-vs-perf", "target/bench-it", env, 300);
    String tail = out.substring(Math.max(0, out.length() - 4000));
    for (String row : ROWS) {
      Matcher m =
          Pattern.compile("^\\| " + Pattern.quote(row) + " \\|(.*)\\|$", Pattern.MULTILINE)
              .matcher(out);
      assertTrue(m.find(), "no row '" + row + "' in:\n" + tail);
      String[] cells = m.group(1).split("\\|");
      assertEquals(10, cells.length, row + ": " + m.group());
      // The CPU during the measured load: Gatling's own reading; the other tools have none.
      assertEquals(
          !row.startsWith("Gatling"), cells[6].trim().equals("n/a"), row + ": " + m.group());
      for (String cell : cells) {
        if (cell.trim().equals("n/a") && !row.startsWith("Gatling")) {
          continue;
        }
        double v = Double.parseDouble(cell.trim().replace(",", ""));
        assertTrue(v > 0, row + ": a figure is not > 0: " + m.group());
      }
    }
    assertTrue(
        Pattern.compile(
                "gatling-eq-per-user / JMeter at 2 concurrent senders: msg/s [\\d.]+, CPU per message"
                    + " [\\d.]+")
            .matcher(out)
            .find(),
        tail);
  }

  @Test
  void capacityBenchPrintsEveryRowWithNumbers() throws Exception {
    // Two-second plateaus within a 12 s search: the rates found mean nothing, the figures must be
    // there. Both gates loose (and the achieved rate's: a stall at a short plateau's end fails it),
    // so both searches find a rate.
    String out =
        runScript(
            "capacity",
            "target/bench-it/capacity",
            Map.of(
                "JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1",
                "ROUNDS", "1",
                "RECORDS", "5000",
                "START_RATE", "500",
                "PLATEAU", "2",
                "WARMUP", "1",
                "MAX_SECONDS", "12",
                "SEARCH_EXTRA", "-Dcapacity.minAchievedPct=90",
                "LOOSE_P99", "1000",
                "TIGHT_P99", "500"),
            150);
    String tail = out.substring(Math.max(0, out.length() - 4000));
    for (String row :
        List.of(
            "Kafka ProducerPerformance, unthrottled, whole run",
            "capacity search, p99 <= 1000 ms",
            "capacity search, p99 <= 500 ms")) {
      Matcher m =
          Pattern.compile("^\\| " + Pattern.quote(row) + " \\|(.*)\\|$", Pattern.MULTILINE)
              .matcher(out);
      assertTrue(m.find(), "no row '" + row + "' in:\n" + tail);
      String[] cells = m.group(1).split("\\|");
      assertEquals(8, cells.length, row + ": " + m.group());
      // ProducerPerformance's msg/s; a search's found rate, its ratio to ProducerPerformance's
      // whole run, its p99 and the highest rate achieved (5,000 records: no 5 s interval to
      // compare).
      boolean search = row.startsWith("capacity");
      for (int i : search ? new int[] {0, 1, 3, 6} : new int[] {0}) {
        double v = Double.parseDouble(cells[i].trim().replace(",", ""));
        assertTrue(v > 0, row + ": a figure is not > 0: " + m.group());
      }
      if (search) {
        assertTrue(cells[7].trim().matches("(cluster|injector|time|none)"), row + ": " + m.group());
      }
    }
    assertEquals(
        2,
        Pattern.compile("curve \\(target: achieved, p99 ms\\): warm_up")
            .matcher(out)
            .results()
            .count(),
        tail);
  }

  @Test
  void soakBenchPrintsEveryFigure() throws Exception {
    String out =
        runScript(
            "soak",
            "target/bench-it/soak",
            Map.of(
                "DURATION",
                "6",
                "RATE",
                "200",
                "WARMUP",
                "1",
                "EXTRA",
                "-Dlag.windowSeconds=4 -Dgate.p99Ms=5000"),
            240);
    for (String figure :
        List.of(
            "SoakSimulation-200-6: exit 0",
            "records acked: 1,400 \\(measured 'send': 1,200 at [\\d,]+ msg/s",
            "simulation.log: [\\d,]+ bytes = [\\d,]+ bytes \\([\\d.]+ MiB\\) per million requests",
            "report generation \\(in the run\\): [\\d.]+ s",
            "report generation \\(reports-only, fresh JVM, -Xmx as the run\\): ok in [\\d.]+ s wall, [\\d.]+ CPU-s, peak RSS \\d+ MB",
            "heap after GC in the load: start \\d+ MB, middle \\d+ MB, end \\d+ MB",
            "read-back: complete in [\\d.]+ s, 1,400 records scanned")) {
      assertTrue(Pattern.compile(figure).matcher(out).find(), "no '" + figure + "' in:\n" + out);
    }
  }

  /**
   * Runs bench/{@code name}.sh against the tests' broker with this JVM's classpath (no nested Maven
   * run for it) and the given environment; fails unless it exits 0 within the bound. Returns its
   * output.
   */
  private static String runScript(
      String name, String out, Map<String, String> env, int timeoutSeconds) throws Exception {
    // The scripts measure CPU and peak RSS with GNU time, as KafkaPageIT needs Chromium; .ci/run
    // installs both.
    Assumptions.assumeTrue(
        Files.isExecutable(Paths.get("/usr/bin/time")),
        "GNU time is not installed (apt-get install time): bench/" + name + ".sh needs it");
    Path log = Paths.get("target", "it-logs", "bench-" + name + ".log");
    Files.createDirectories(log.getParent());
    ProcessBuilder pb =
        new ProcessBuilder("bash", "bench/" + name + ".sh")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().putAll(env);
    pb.environment()
        .putAll(
            Map.of(
                "CP",
                System.getProperty("java.class.path"),
                "OUT",
                out,
                "BOOTSTRAP",
                KafkaTestSupport.bootstrap()));
    Process process = pb.start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly().waitFor();
      fail("bench/" + name + ".sh did not finish within " + timeoutSeconds + " s; log: " + log);
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), output.substring(Math.max(0, output.length() - 4000)));
    return output;
  }
}
