package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An OpenMessaging Benchmark workload file run by OmbWorkloadSimulation on the embedded broker
 * (docs/workloads.md): at the workload's rate, every acked record reconciled; its subscriptions
 * each read every acked record.
 */
class OmbWorkloadIT {
  static final String WORKLOAD =
      """
      name: it / 4 partitions / keyed
      topics: 1
      partitionsPerTopic: 4
      messageSize: 200
      payloadFile: payload.data
      keyDistributor: KEY_ROUND_ROBIN
      subscriptionsPerTopic: 0
      consumerPerSubscription: 0
      producersPerTopic: 2
      producerRate: 500
      consumerBacklogSizeGB: 0
      warmupDurationMinutes: 0.05
      testDurationMinutes: 0.1
      """;

  @Test
  void aWorkloadRunsAtItsRateAndEveryRecordIsReconciled(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve("payload.data"), new byte[200]);
    Path workload = dir.resolve("it.yaml");
    Files.writeString(workload, WORKLOAD);
    String topic = uniqueTopic("omb");
    GatlingRun run =
        runGatling(
            "simulations.OmbWorkloadSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "workload",
                workload.toString()),
            180);
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output()
            .contains(
                "[kafkaload] OMB workload 'it / 4 partitions / keyed' ("
                    + workload
                    + "): -Dtopic.partitions=4 -DrecordSize=200 -Dkey=roundrobin"
                    + " -Dkey.count=10000 -Dproducer.mode=pool -Dproducer.pool=2 -Drate=500"
                    + " -Dduration=6 -Dwarmup=3 value=payload.data"),
        run.tail());
    long ok = run.counts("send")[1];
    assertEquals(0, run.counts("send")[2], run.tail());
    // 500 msg/s for 6 s (0.1 minute)
    assertEquals(3000, ok, 300, run.tail());
    JsonNode p = summaryJson(run).path("protocols").path(0);
    double rate = p.path("throughput").path("byRequest").path("send").path("msgsPerSec").asDouble();
    assertEquals(500, rate, 75, p.path("throughput").toString());
    JsonNode rec = p.path("reconciliation");
    long warmUp = run.counts("warm-up send")[1];
    assertEquals(ok + warmUp, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(ok + warmUp, rec.path("readBack").path("distinct").asLong(), rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    assertEquals(0, rec.path("duplicates").asLong(), rec.toString());
    assertEquals(ok + warmUp, endOffsetSum(topic));
  }

  @Test
  void aWorkloadWithSubscriptionsRunsAndEachReadsEveryAckedRecord(@TempDir Path dir)
      throws Exception {
    Files.write(dir.resolve("payload.data"), new byte[200]);
    Path workload = dir.resolve("subscribed.yaml");
    Files.writeString(
        workload,
        WORKLOAD
            .replace("subscriptionsPerTopic: 0", "subscriptionsPerTopic: 2")
            .replace("consumerPerSubscription: 0", "consumerPerSubscription: 2"));
    String topic = uniqueTopic("omb-subs");
    GatlingRun run =
        runGatling(
            "simulations.OmbWorkloadSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "workload",
                workload.toString(),
                "subscriptions.groupPrefix",
                topic),
            180);
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("-Dsubscriptions=2 -Dsubscriptions.consumers=2"), run.tail());
    JsonNode p = summaryJson(run).path("protocols").path(0);
    long acked = p.path("reconciliation").path("ackedOk").asLong();
    assertTrue(acked > 2000, p.path("reconciliation").toString());
    JsonNode subs = p.path("subscriptions").path("subscriptions");
    assertEquals(2, subs.size(), p.path("subscriptions").toString());
    for (int i = 0; i < 2; i++) {
      JsonNode s = subs.path(i);
      assertEquals(topic + "-sub-" + i, s.path("group").asText(), s.toString());
      assertEquals(2, s.path("consumers").asInt(), s.toString());
      assertEquals(acked, s.path("expected").asLong(), s.toString());
      assertEquals(acked, s.path("distinct").asLong(), s.toString());
      assertEquals(0, s.path("missing").asLong(), s.toString());
      assertEquals(0, s.path("otherRuns").asLong(), s.toString());
      assertTrue(s.path("verdict").isNull() || s.path("verdict").isMissingNode(), s.toString());
      JsonNode e2e = s.path("e2eMs");
      assertTrue(e2e.path("count").asLong() > 0, e2e.toString());
      assertTrue(e2e.path("p99").asDouble() > 0, e2e.toString());
      assertEquals(1, run.counts("subscription " + i + " reconciled")[1], run.tail());
      assertEquals(0, run.counts("subscription " + i + " reconciled")[2], run.tail());
      assertTrue(
          run.output()
              .lines()
              .anyMatch(
                  l ->
                      l.startsWith("[kafkaload] subscription '" + topic + "-sub-")
                          && l.contains(
                              "(2 consumers): "
                                  + String.format(
                                      java.util.Locale.ROOT, "%,d of %,d", acked, acked))
                          && l.endsWith(": PASS")),
          run.tail());
    }
    // Their lag sampled and judged as -Dlag.groups' would be.
    assertTrue(run.output().contains("LAG VERDICT: PASS"), run.tail());
    assertEquals(0, run.counts("kafka lag: drained")[2], run.tail());
  }

  /**
   * Each shipped workload runs paced at its own rate (shortened here: no warm-up, 10 s): every send
   * its rate schedules is made (rate x 10 s, OK and KO), and never ahead of the schedule, second by
   * second (Gatling's log of the sends' starts). A loaded machine can only fall behind a schedule,
   * so this holds on one; a workload run flat out, or at another rate, fails it.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "1-topic-16-partitions-1kb.yaml",
        "max-rate-fixed-1-topic-100-partitions-100b.yaml",
        "1-topic-8-partitions-keyed-round-robin.yaml"
      })
  @Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
  void eachShippedWorkloadRuns(String file) throws Exception {
    Path workload = Path.of("src/test/resources/workloads", file).toAbsolutePath();
    GatlingRun run =
        runGatling(
            "simulations.OmbWorkloadSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("omb-shipped"),
                "workload",
                workload.toString(),
                "warmup",
                "0",
                "duration",
                "10"),
            240);
    assertEquals(0, run.exitCode(), run.tail());
    int rate =
        Integer.parseInt(
            Files.readAllLines(workload).stream()
                .filter(l -> l.startsWith("producerRate:"))
                .findFirst()
                .orElseThrow()
                .substring("producerRate:".length())
                .trim());
    assertTrue(
        run.output().contains("[kafkaload] OMB workload '")
            && run.output().contains(" -Drate=" + rate + " "),
        run.tail());
    int seconds = 10;
    assertEquals((long) rate * seconds, run.counts("send")[0], rate * seconds / 200.0, run.tail());
    long sentBy = 0;
    for (GatlingLog.Second x : GatlingLog.requestsPerSecond(run, "send")) {
      sentBy += x.requests();
      double scheduled = rate * (x.timeMs() + 500) / 1000.0;
      assertTrue(
          sentBy <= scheduled * 1.01 + 16,
          sentBy + " sends by " + (x.timeMs() + 500) + " ms, ahead of " + rate + "/s");
    }
    long ok = run.counts("send")[1];
    JsonNode rec = summaryJson(run).path("protocols").path(0).path("reconciliation");
    assertEquals(ok, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
  }
}
