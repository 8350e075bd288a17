package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.bench.GatlingJvm;
import kafkaload.it.KafkaTestSupport;
import kafkaload.it.KafkaTestSupport.GatlingRun;
import org.junit.jupiter.api.Test;

/**
 * The README's example simulation, compiled and run exactly as written, as a user's first run: no
 * -D property, so the protocol starts its own embedded broker; the feeder file and the template
 * come from src/test/resources.
 */
class ReadmeExampleIT {
  private static final Pattern VERDICT =
      Pattern.compile("(?m)^(.*) : (true|false) \\(actual : .*\\)$");

  /**
   * The example's latency gate is for the user's cluster; a loaded 2-core test machine may miss it.
   */
  private static final String P99_GATE =
      "send order: 99th percentile of response time is less than 50.0";

  /**
   * Compiles a page's example simulation and runs it as written in a Gatling JVM (the command of
   * the tests' other runs, C1 only as KafkaTestSupport, the example first on the class path).
   */
  private static GatlingRun runExample(Path page, String simulation) throws Exception {
    Path dir = Files.createDirectories(Paths.get("target", "doc-examples", simulation));
    List<String> classes = ReadmeExampleTest.compile(page, dir);
    assertEquals(List.of(simulation), classes, page + "'s example simulation");
    List<String> cmd =
        new ArrayList<>(
            GatlingJvm.command(
                simulation,
                Map.of(),
                Paths.get("target", "gatling-it"),
                KafkaTestSupport.QUICK_START));
    int cp = cmd.indexOf("-cp") + 1;
    cmd.set(cp, dir.toAbsolutePath() + File.pathSeparator + cmd.get(cp));
    Path log =
        Files.createDirectories(Paths.get("target", "it-logs"))
            .resolve(simulation + "-" + System.nanoTime() + ".log");
    Process process =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(240, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError(page + "'s example did not finish within 240 s; log: " + log);
    }
    return new GatlingRun(
        process.exitValue(), Files.readString(log, StandardCharsets.UTF_8), process.pid());
  }

  /** The gates' verdict lines: each gate's name, and whether it held. */
  private static Map<String, Boolean> verdicts(GatlingRun run) {
    Matcher verdict = VERDICT.matcher(run.output());
    Map<String, Boolean> judged = new LinkedHashMap<>();
    while (verdict.find()) {
      judged.put(verdict.group(1).trim(), verdict.group(2).equals("true"));
    }
    return judged;
  }

  @Test
  void theReadmeSimulationRunsAsWritten() throws Exception {
    GatlingRun run = runExample(Paths.get("README.md"), "OrdersSimulation");

    assertTrue(run.output().contains("Embedded KRaft broker ready"), run.tail());
    long[] send = run.counts("send order");
    assertTrue(send[1] > 0, "orders were acked: " + send[1] + "\n" + run.tail());
    assertEquals(0, send[2], "no send failed:\n" + run.tail());
    Matcher sends =
        Pattern.compile("Kafka sends: (\\d+) acked OK, (\\d+) failed").matcher(run.output());
    assertTrue(sends.find(), run.tail());
    assertEquals(send[1], Long.parseLong(sends.group(1)), sends.group());

    // Every gate was judged: the reconciliation's (nothing lost, nothing duplicated) and the error
    // rate pass.
    Matcher verdict = VERDICT.matcher(run.output());
    List<String> judged = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    while (verdict.find()) {
      judged.add(verdict.group(1).trim());
      if (verdict.group(2).equals("false")) {
        failed.add(verdict.group(1).trim());
      }
    }
    assertEquals(4, judged.size(), "four gates: " + judged + "\n" + run.tail());
    assertTrue(
        judged.stream().anyMatch(j -> j.startsWith("kafka reconcile: lost")), judged.toString());
    assertTrue(
        judged.stream().anyMatch(j -> j.startsWith("kafka reconcile: duplicates")),
        judged.toString());
    assertTrue(
        judged.contains("send order: percentage of failed events is less than or equal to 0.1"),
        judged.toString());
    assertTrue(judged.contains(P99_GATE), judged.toString());
    // Only the latency gate may fail (here, not on a real cluster), and then it fails the run, as
    // the README says.
    assertTrue(
        failed.isEmpty() || failed.equals(List.of(P99_GATE)),
        "failed gates " + failed + "\n" + run.tail());
    if (failed.isEmpty()) {
      assertEquals(0, run.exitCode(), run.tail());
    } else {
      assertNotEquals(0, run.exitCode(), run.tail());
    }
    assertFalse(run.output().contains("Exception in thread"), run.tail());
  }

  /**
   * docs/dsl.md's request-reply example with the echo service, as written: every order answered and
   * checked, the echo's reply topic created by it, and preflight's partitions warning only for the
   * topic the users send to, once (the echo creates both topics, preflight checks 'orders' again:
   * neither warns twice, and the reply topic, which only the echo writes, never).
   */
  @Test
  void theDslRequestReplyExampleRunsAsWritten() throws Exception {
    GatlingRun run = runExample(Paths.get("docs", "dsl.md"), "OrderRepliesSimulation");
    long[] order = run.counts("order");
    assertEquals(20, order[1], "every order answered:\n" + run.tail());
    assertEquals(0, order[2], "none failed or timed out:\n" + run.tail());
    Map<String, Boolean> judged = verdicts(run);
    String p99 = "order: 99th percentile of response time is less than 1000.0";
    assertEquals(
        Set.of(p99, "order: percentage of failed events is less than or equal to 0.0"),
        judged.keySet(),
        run.tail());
    // Only the latency gate may fail (a loaded test machine), and then it fails the run.
    assertTrue(judged.get("order: percentage of failed events is less than or equal to 0.0"));
    assertEquals(judged.get(p99) ? 0 : 1, run.exitCode() == 0 ? 0 : 1, run.tail());
    String warning = "Topic 'orders' has 8 partitions for 20 concurrent producers";
    assertEquals(1, run.output().split(Pattern.quote(warning), -1).length - 1, run.tail());
    assertFalse(run.output().contains("Topic 'orders-replies' has "), run.tail());
    assertFalse(run.output().contains("Exception in thread"), run.tail());
  }
}
