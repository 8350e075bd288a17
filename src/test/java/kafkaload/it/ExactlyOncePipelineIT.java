package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import kafkaload.echo.EchoService;
import kafkaload.internal.admin.OffsetQueries;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The shipped exactly-once pipeline killed in the middle of a transaction: the echo service runs in
 * its own JVM (its exactly-once mode), ExactlyOncePipelineSimulation loads it (-Dsut=external), the
 * echo is killed (SIGKILL) while one of its transactions is open and started again with the same
 * transactional.ids, which aborts what the dead one left. The reconciliation's verdict: every
 * committed input has exactly one committed output, none missing, none duplicated, and the outputs
 * of the aborted transaction are counted apart (seen read_uncommitted only).
 */
class ExactlyOncePipelineIT {

  @Test
  void everyCommittedInputHasExactlyOneCommittedOutputAfterACrashMidTransaction() throws Exception {
    String requests = uniqueTopic("eos-in");
    String replies = uniqueTopic("eos-out");
    String group = uniqueTopic("eos-echo");
    createTopic(requests, 4);
    createTopic(replies, 4);
    // The echo reads from the latest offsets once it is ready (auto.offset.reset=latest): the load
    // starts after that, or its first requests are never answered.
    Echo first = echo(requests, replies, group);
    Echo second = null;
    try {
      awaitReady(first);
      CompletableFuture<GatlingRun> gatling =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return runGatling(
                      "simulations.ExactlyOncePipelineSimulation",
                      props(
                          "kafka.bootstrap.servers", bootstrap(),
                          "sut", "external",
                          "topic", requests,
                          "reply.topic", replies,
                          "users", "8",
                          "warmup", "0",
                          "duration", "6",
                          "reply.timeoutMs", "60000",
                          // Requests wait through the restart; a slow machine may time some out.
                          "gate.maxErrorPct", "100"),
                      240);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      // Load flows through the echo; kill it while a transaction of it has written outputs.
      List<String> open = awaitOpenOutputs(replies, 120_000);
      assertFalse(open.isEmpty(), "no open transaction with outputs seen:\n" + tail(gatling));
      first.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      // Nobody can commit it now: still open means the kill came in the middle of it.
      assertFalse(
          awaitOpenOutputs(replies, 0).isEmpty(),
          "the transaction seen open was still open after the kill");

      second = echo(requests, replies, group);
      awaitReady(second);
      GatlingRun run = gatling.get(240, TimeUnit.SECONDS);

      assertArrayEquals(
          new long[] {1, 1, 0}, run.counts("kafka reconcile: exactly-once"), run.tail());
      assertArrayEquals(new long[] {1, 1, 0}, run.counts("kafka reconcile: lost"), run.tail());
      JsonNode p = summaryJson(run).path("protocols").path(0);
      JsonNode eo = p.path("reconciliation").path("exactlyOnce");
      long acked = p.path("reconciliation").path("ackedOk").asLong();
      assertTrue(acked > 0, p.toString());
      assertTrue(eo.path("holds").asBoolean(), eo.toString());
      assertEquals(acked, eo.path("committedInputs").asLong(), eo.toString());
      assertEquals(acked, eo.path("distinctOutputs").asLong(), eo.toString());
      assertEquals(acked, eo.path("committedOutputs").asLong(), "no duplicate: " + eo);
      assertEquals(0, eo.path("duplicates").asLong(), eo.toString());
      assertEquals(0, eo.path("missing").asLong(), eo.toString());
      assertEquals(0, eo.path("unexpected").asLong(), eo.toString());
      assertTrue(
          eo.path("abortedOutputs").asLong() > 0,
          "the killed echo's open transaction had written outputs, then aborted: " + eo);
      assertEquals(
          "read_committed",
          p.path("readers").path("byRequest").path("order").asText(),
          p.toString());
      assertTrue(run.output().contains("exactly-once on '" + replies + "'"), run.tail());
      assertEquals(0, run.exitCode(), run.tail());
    } finally {
      stop(first);
      stop(second);
    }
  }

  /** An echo service process and its console log. */
  private record Echo(Process process, Path log) {}

  /** The echo service in its own JVM, in its exactly-once mode with 1 s transactions. */
  private static Echo echo(String requests, String replies, String group) throws Exception {
    Path logs = Paths.get("target", "it-logs");
    Files.createDirectories(logs);
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(KafkaTestSupport.QUICK_START);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(EchoService.class.getName());
    cmd.addAll(
        List.of(
            "--bootstrap",
            bootstrap(),
            "--request-topic",
            requests,
            "--reply-topic",
            replies,
            "--group",
            group,
            "--consumers",
            "2",
            "--partitions",
            "4",
            "--exactly-once",
            "--transaction-ms",
            "1000"));
    Path log = logs.resolve("echo-" + group + "-" + System.nanoTime() + ".log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    return new Echo(p, log);
  }

  private static void awaitReady(Echo echo) throws Exception {
    long deadline = System.currentTimeMillis() + 90_000;
    while (System.currentTimeMillis() < deadline) {
      String log = Files.readString(echo.log(), StandardCharsets.UTF_8);
      assertTrue(echo.process().isAlive(), "the echo process died:\n" + log);
      if (log.contains("kafkaload-echo ready")) {
        return;
      }
      Thread.sleep(100);
    }
    fail("the echo was not ready within 90 s:\n" + Files.readString(echo.log()));
  }

  /**
   * The partitions of {@code topic} whose last stable offset is below the high-water mark (an open
   * transaction has written records there), once there are any within {@code waitMs}; empty after.
   */
  private static List<String> awaitOpenOutputs(String topic, long waitMs) throws Exception {
    long deadline = System.currentTimeMillis() + waitMs;
    try (Admin admin = admin()) {
      List<TopicPartition> partitions = new ArrayList<>();
      for (int p = 0; p < 4; p++) {
        partitions.add(new TopicPartition(topic, p));
      }
      do {
        Map<TopicPartition, Long> lso = OffsetQueries.lastStableOffsets(admin, partitions, 10_000);
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        partitions.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
        var hwm = admin.listOffsets(latest).all().get(10, TimeUnit.SECONDS);
        List<String> open =
            partitions.stream()
                .filter(tp -> lso.get(tp) < hwm.get(tp).offset())
                .map(TopicPartition::toString)
                .toList();
        if (!open.isEmpty()) {
          return open;
        }
        Thread.sleep(20);
      } while (System.currentTimeMillis() < deadline);
    }
    return List.of();
  }

  private static String tail(CompletableFuture<GatlingRun> gatling) {
    return gatling.isDone() ? gatling.join().tail() : "(the run is still going)";
  }

  private static void stop(Echo echo) throws InterruptedException {
    Process p = echo == null ? null : echo.process();
    if (p != null && p.isAlive()) {
      p.destroy();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }
}
