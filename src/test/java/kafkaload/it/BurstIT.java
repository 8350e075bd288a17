package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * burst(n): several records per arrival, each timed and reconciled on its own; failures are KOs,
 * nothing hangs.
 */
class BurstIT {

  @Test
  void aConstantRateInBurstsSendsTheRateAndReconcilesEveryRecord() throws Exception {
    String topic = uniqueTopic("burst");
    // 2,000 msg/s in arrivals of 4 records: 500 users a second for 3 s, 6,000 records measured.
    GatlingRun run =
        runGatling(
            "simulations.ConstantRateSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "rate",
                "2000",
                "burst",
                "4",
                "warmup",
                "1",
                "duration",
                "3"),
            120);
    assertEquals(0, run.exitCode(), run.tail());
    long[] send = run.counts("send");
    assertEquals(6000, send[0], 60, "one response per record, not per user: " + run.tail());
    assertEquals(0, send[0] % 4, "whole bursts: " + send[0]);
    assertEquals(0, send[2], run.tail());
    var p = summaryJson(run).path("protocols").path(0);
    assertEquals(
        send[1],
        p.path("ackLatencyMs").path("send").path("count").asLong(),
        "every record ack-timed");
    // Read back: every record of the run once, each with its own sequence number.
    assertTrue(run.output().contains("| lost 0 | duplicates 0"), run.tail());
    assertTrue(
        run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : true"),
        run.tail());
    assertEquals(
        2000 + send[1],
        p.path("throughput").path("ackedOk").asLong(),
        20,
        "warm-up and measured records");
    assertEquals(p.path("throughput").path("ackedOk").asLong(), endOffsetSum(topic));
    assertTrue(run.output().contains("Where the ack latency comes from ('send' p99"), run.tail());
  }

  @Test
  void aBurstToAMissingTopicIsAKoPerRecordAndABurstThatCannotBeBuiltStopsAtTheBadRecord()
      throws Exception {
    String topic = uniqueTopic("burstfault");
    GatlingRun run =
        runGatling(
            BurstSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers", bootstrap(), "topic", topic, "gate.maxErrorPct", "100"),
            120);
    int bursts = BurstSimulation.BURSTS;
    int size = BurstSimulation.BURST;
    assertArrayEquals(
        new long[] {bursts * size, 0, bursts * size}, run.counts("missing"), run.tail());
    assertTrue(run.output().contains("does not exist"), run.tail());
    assertArrayEquals(new long[] {size, 0, size}, run.counts("silent missing"), run.tail());
    // Per burst: records 1 and 2 sent and acked, record 3 a crash (Gatling lists it with the
    // errors, not as a
    // response), records 4 and 5 never built.
    assertArrayEquals(new long[] {bursts * 2, bursts * 2, 0}, run.counts("crash"), run.tail());
    assertTrue(
        Pattern.compile(
                "> crash: IllegalStateException: the third record of every burst "
                    + "cannot be built\\s+"
                    + bursts
                    + " \\(")
            .matcher(run.output())
            .find(),
        run.tail());
    assertEquals(bursts * 2, endOffsetSum(topic));
  }

  @Test
  void aThrottledBurstIsRefusedBeforeAnyLoad() throws Exception {
    String topic = uniqueTopic("burstthrottle");
    GatlingRun run =
        runGatling(
            BurstSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "mode", "throttled"),
            90);
    assertNotEquals(0, run.exitCode());
    assertTrue(run.output().contains("'throttled': burst(5) cannot be throttled"), run.tail());
    // Refused before anything is created: the topic does not exist, so no record was sent.
    try (Admin admin = admin()) {
      assertFalse(
          admin.listTopics().names().get().contains(topic), "the refused run created its topic");
    }
  }
}
