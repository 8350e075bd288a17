package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * The backlog build-and-drain (BacklogDrainSimulation) on the embedded broker, through Gatling: the
 * echo group is paused until the backlog is built, drains once resumed, and the run writes its
 * backlog section, its catch-up requests and the reconciliation; a group that cannot catch up
 * within maxDrainSeconds is a KO naming the lag left and the run still ends with its report; a bad
 * parameter is refused before any load.
 */
class BacklogIT {

  private static Map<String, String> backlogProps(String name, String... more) {
    Map<String, String> p =
        new java.util.HashMap<>(
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic(name),
                "topic.partitions",
                "4",
                "sut.group",
                uniqueTopic(name + "-echo"),
                "reply.topic",
                uniqueTopic(name + "-replies"),
                "backlog.rate",
                "500",
                "backlog.bytes",
                String.valueOf(2L * 1024 * 1024)));
    p.putAll(props(more));
    return p;
  }

  @Test
  void theBacklogBuildsDrainsAndIsReported() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.BacklogDrainSimulation",
            backlogProps("backlog", "backlog.maxDrainSeconds", "60"),
            240);
    assertEquals(0, run.exitCode(), run.tail());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("backlog drained"), run.tail());
    assertTrue(run.counts("backlog send")[1] > 0, run.tail());
    assertTrue(run.counts("backlog send catch-up")[1] > 0, run.tail());
    assertTrue(run.counts("backlog e2e catch-up")[1] > 0, run.tail());
    assertTrue(run.output().contains("[kafkaload] backlog 'backlog': group '"), run.tail());
    assertTrue(run.output().contains("group resumed, the producers go on"), run.tail());
    assertTrue(run.output().contains("[kafkaload] backlog 'backlog': drained to 99%"), run.tail());

    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode b = p.path("backlog");
    assertTrue(b.path("drained").asBoolean(), b.toString());
    assertTrue(b.path("verdict").isNull(), b.toString());
    assertEquals("hooks", b.path("pausedBy").asText());
    assertEquals(2048, b.path("targetRecords").asLong());
    long peak = b.path("peakLagRecords").asLong();
    assertTrue(peak >= 2048, b.toString());
    assertEquals(peak * 1024, b.path("peakLagBytes").asLong());
    assertEquals((long) Math.floor(peak * 0.01 + 1e-9), b.path("drainTargetRecords").asLong());
    assertTrue(b.path("lagLeftRecords").asLong() <= b.path("drainTargetRecords").asLong());
    assertTrue(b.path("drainSeconds").asDouble() > 0, b.toString());
    assertEquals(
        b.path("drainedAtSecond").asDouble() - b.path("resumedAtSecond").asDouble(),
        b.path("drainSeconds").asDouble(),
        1e-6);
    assertTrue(b.path("catchUp").path("catchUpPerSec").asDouble() > 0, b.toString());
    assertTrue(b.path("e2eCatchUpMs").path("count").asLong() > 0, b.toString());
    assertTrue(b.path("ackCatchUpMs").path("count").asLong() > 0, b.toString());
    assertTrue(b.path("samples").size() >= 2, b.toString());
    assertEquals("build", b.path("samples").path(0).path("phase").asText());
    // Every record reconciled: the backlog's acks are the run's, none lost.
    JsonNode rec = p.path("reconciliation");
    assertEquals(b.path("records").path("acked").asLong(), rec.path("ackedOk").asLong());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    String page = Files.readString(reportDir(run).resolve("kafka.html"));
    assertTrue(page.contains("backlogChart"), "the page has the backlog chart");
  }

  @Test
  void aGroupThatCannotCatchUpIsAKoNamingTheLagLeftAndTheRunEnds() throws Exception {
    // One echo consumer at 5 ms a record reads 200/s against 500/s produced: it never catches up.
    GatlingRun run =
        runGatling(
            "simulations.BacklogDrainSimulation",
            backlogProps(
                "backlog-ko",
                "sut.consumers",
                "1",
                "sut.delayMs",
                "5",
                "backlog.maxDrainSeconds",
                "3"),
            240);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertArrayEquals(new long[] {1, 0, 1}, run.counts("backlog drained"), run.tail());
    assertTrue(run.output().contains("KO backlog not drained within 3 s: "), run.tail());
    assertTrue(run.output().matches("(?s).*within 3 s: [\\d,]+ records \\(~[\\d.]+ MB\\) left.*"));
    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode b = p.path("backlog");
    assertFalse(b.path("drained").asBoolean(), b.toString());
    assertTrue(b.path("lagLeftRecords").asLong() > b.path("drainTargetRecords").asLong());
    assertTrue(b.path("verdict").asText().contains(" left"), b.toString());
    assertTrue(b.path("drainedAtSecond").isNull(), b.toString());
    // The run went on to its reconciliation and report.
    assertEquals(0, p.path("reconciliation").path("lost").asLong(), p.toString());
    assertTrue(Files.exists(reportDir(run).resolve("kafka.html")));
  }

  @Test
  void aBadParameterIsRefusedBeforeAnyLoad() throws Exception {
    Map<String, String> ratio = backlogProps("backlog-bad", "backlog.drainRatio", "1.5");
    GatlingRun run = runGatling("simulations.BacklogDrainSimulation", ratio, 120);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output().contains("backlog(\"backlog\").drainRatio: 1.5 is not in (0, 1]"), run.tail());
    try (Admin admin = admin()) {
      assertFalse(admin.listTopics().names().get().contains(ratio.get("topic")));
    }

    run =
        runGatling(
            "simulations.BacklogDrainSimulation",
            backlogProps("backlog-bad", "backlog.bytes", "-5"),
            120);
    assertNotEquals(0, run.exitCode());
    assertTrue(run.output().contains("-Dbacklog.bytes=-5 must be >= 1"), run.tail());

    run =
        runGatling(
            "simulations.BacklogDrainSimulation",
            backlogProps("backlog-bad", "sut", "external"),
            120);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output().contains("backlog(\"backlog\").pauseCommand: empty: a system under test of"),
        run.tail());
  }
}
