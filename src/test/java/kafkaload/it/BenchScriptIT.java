package kafkaload.it;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * bench/producer-vs-perf.sh runs end to end on a tiny configuration (one round, seconds-long runs, the tests'
 * embedded broker) and prints every row of its table with numbers. No timing is asserted: benchmarks are not tests.
 */
class BenchScriptIT {
  private static final List<String> ROWS = List.of(
      "Kafka ProducerPerformance, unthrottled",
      "Gatling protocol, closed model, 8 users",
      "Kafka ProducerPerformance, throttled at 1,000/s",
      "Gatling protocol, open model at 1,000/s",
      "JMeter 5.6.3 JSR223, 2 threads",
      "Gatling protocol, closed model, 2 users",
      "Gatling protocol, closed model, 2 users, a producer per user");

  @Test
  void producerBenchPrintsEveryRowWithNumbers() throws Exception {
    // The script measures CPU and peak RSS with GNU time, as KafkaPageIT needs Chromium; .ci/run installs both.
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Paths.get("/usr/bin/time")),
        "GNU time is not installed (apt-get install time): bench/producer-vs-perf.sh needs it");
    Path log = Paths.get("target", "it-logs", "bench-producer-vs-perf.log");
    Files.createDirectories(log.getParent());
    ProcessBuilder pb = new ProcessBuilder("bash", "bench/producer-vs-perf.sh")
        .redirectErrorStream(true).redirectOutput(log.toFile());
    Map<String, String> env = pb.environment();
    env.put("CP", System.getProperty("java.class.path")); // no nested Maven run for the classpath
    env.put("OUT", "target/bench-it");
    env.put("BOOTSTRAP", KafkaTestSupport.bootstrap());
    // The script's nested `mvn` (JMeter's jars) uses the calling build's local repository and settings files.
    StringBuilder mavenArgs = new StringBuilder(env.getOrDefault("MAVEN_ARGS", ""));
    String localRepo = System.getProperty("maven.repo.local");
    if (localRepo != null && !localRepo.isBlank()) {
      mavenArgs.append(" -Dmaven.repo.local=").append(localRepo);
    }
    for (String[] option : new String[][] {{"-s", "kafkaload.it.userSettings"}, {"-gs", "kafkaload.it.globalSettings"}}) {
      String file = System.getProperty(option[1]);
      if (file != null && Files.isRegularFile(Paths.get(file))) {
        mavenArgs.append(' ').append(option[0]).append(' ').append(file);
      }
    }
    env.put("MAVEN_ARGS", mavenArgs.toString().trim());
    // Seconds-long runs are all JVM start: C1 only and the serial GC start faster (no timing is judged here).
    env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    env.putAll(Map.of("ROUNDS", "1", "RECORDS", "5000", "SECONDS_RUN", "2", "USERS", "8", "THREADS", "2",
        "RATE", "1000", "JMETER_SETUP", "10"));
    Process process = pb.start();
    if (!process.waitFor(300, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly().waitFor();
      fail("bench/producer-vs-perf.sh did not finish within 300 s; log: " + log);
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    String tail = out.substring(Math.max(0, out.length() - 4000));
    assertEquals(0, process.exitValue(), tail);
    for (String row : ROWS) {
      Matcher m = Pattern.compile("^\\| " + Pattern.quote(row) + " \\|(.*)\\|$", Pattern.MULTILINE).matcher(out);
      assertTrue(m.find(), "no row '" + row + "' in:\n" + tail);
      String[] cells = m.group(1).split("\\|");
      assertEquals(9, cells.length, row + ": " + m.group());
      for (String cell : cells) {
        double v = Double.parseDouble(cell.trim().replace(",", ""));
        assertTrue(v > 0, row + ": a figure is not > 0: " + m.group());
      }
    }
    assertTrue(Pattern.compile("gatling-eq-per-user / JMeter at 2 concurrent senders: msg/s [\\d.]+, CPU per message"
        + " [\\d.]+").matcher(out).find(), tail);
  }
}
