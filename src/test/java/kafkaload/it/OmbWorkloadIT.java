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
    // The warm-up is silent(): out of Gatling's stats, as out of OMB's results, but sent, acked and
    // reconciled all the same.
    assertFalse(run.output().contains("> warm-up send"), run.tail());
    long warmUp =
        p.path("throughput").path("byRequest").path("warm-up send").path("acked").asLong();
    assertTrue(warmUp > 0, p.path("throughput").toString());
    assertEquals(ok + warmUp, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(ok + warmUp, rec.path("readBack").path("distinct").asLong(), rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    assertEquals(0, rec.path("duplicates").asLong(), rec.toString());
    assertEquals(ok + warmUp, endOffsetSum(topic));
    // OMB's result file beside kafka-summary.json: the measured part, OMB's names and units.
    JsonNode omb =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(reportDir(run).resolve("omb-result.json").toFile());
    assertEquals("it / 4 partitions / keyed", omb.path("workload").asText());
    KafkaPageCheck.assertConsistent(reportDir(run));
    assertEquals("kafkaload", omb.path("driver").asText(), "no -Domb.driver");
    assertEquals(200, omb.path("messageSize").asLong());
    assertEquals(4, omb.path("partitions").asInt());
    double published = 0;
    for (int i = 0; i < omb.path("publishRate").size(); i++) {
      published += omb.path("publishRate").path(i).asDouble();
    }
    assertTrue(published > 0, omb.toString());
    assertTrue(omb.path("aggregatedPublishLatency99pct").asDouble() > 0, "ms: " + omb);
    assertTrue(omb.path("aggregatedPublishDelayLatencyMax").isIntegralNumber(), "µs: " + omb);
    assertEquals(
        omb.path("publishRate").size(), omb.path("publishLatency99pct").size(), omb.toString());
    assertEquals(omb.path("publishRate").size(), omb.path("backlog").size(), omb.toString());
  }

  /**
   * OMB's shape of several topics with subscriptions, with an OMB Kafka driver file: a group per
   * subscription and topic, each reading and reconciling every record acked into its topic; the
   * driver's replicationFactor, topicConfig, producerConfig and consumerConfig (auto-commit off, as
   * OMB's drivers have it) honoured.
   */
  @Test
  void severalTopicsWithSubscriptionsAndADriverFileEachGroupReadsItsTopic(@TempDir Path dir)
      throws Exception {
    Files.write(dir.resolve("payload.data"), new byte[200]);
    Path workload = dir.resolve("subscribed.yaml");
    Files.writeString(
        workload,
        WORKLOAD
            .replace("topics: 1", "topics: 2")
            .replace("subscriptionsPerTopic: 0", "subscriptionsPerTopic: 2")
            .replace("consumerPerSubscription: 0", "consumerPerSubscription: 1"));
    Path driver = dir.resolve("kafka-it.yaml");
    Files.writeString(
        driver,
        """
        name: Kafka-it
        driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
        replicationFactor: 1
        topicConfig: |
          min.insync.replicas=1
          flush.messages=100000
        commonConfig: |
          bootstrap.servers=%s
        producerConfig: |
          acks=all
          linger.ms=1
          batch.size=131072
        consumerConfig: |
          auto.offset.reset=earliest
          enable.auto.commit=false
          max.partition.fetch.bytes=10485760
        """
            .formatted(bootstrap()));
    String topic = uniqueTopic("omb-subs");
    GatlingRun run =
        runGatling(
            "simulations.OmbWorkloadSimulation",
            props(
                "topic",
                topic,
                "workload",
                workload.toString(),
                "omb.driver",
                driver.toString(),
                "subscriptions.groupPrefix",
                topic),
            180);
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output().contains("-Dtopics=2")
            && run.output().contains("-Dsubscriptions=2 -Dsubscriptions.consumers=1")
            && run.output().contains("-Dacks=all -Dbatch.size=131072 -Dlinger.ms=1"),
        run.tail());
    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode subs = p.path("subscriptions").path("subscriptions");
    assertEquals(4, subs.size(), p.path("subscriptions").toString());
    assertEquals(2, p.path("subscriptions").path("topicCount").asInt());
    long acked = p.path("reconciliation").path("ackedOk").asLong();
    long[] perTopic = new long[2];
    for (int t = 0; t < 2; t++) {
      perTopic[t] = endOffsetSum(topic + "-" + t);
      assertTrue(perTopic[t] > 500, "the round robin fed " + topic + "-" + t);
      // The driver's topicConfig on the topics preflight created.
      var configs =
          admin()
              .describeConfigs(
                  java.util.List.of(
                      new org.apache.kafka.common.config.ConfigResource(
                          org.apache.kafka.common.config.ConfigResource.Type.TOPIC,
                          topic + "-" + t)))
              .all()
              .get()
              .values()
              .iterator()
              .next();
      assertEquals("100000", configs.get("flush.messages").value());
    }
    assertEquals(acked, perTopic[0] + perTopic[1], p.path("reconciliation").toString());
    for (JsonNode s : subs) {
      int t = s.path("topic").asText().endsWith("-0") ? 0 : 1;
      assertEquals(
          topic + "-sub-" + s.path("index").asInt() + "-" + topic + "-" + t,
          s.path("group").asText(),
          s.toString());
      assertEquals(perTopic[t], s.path("expected").asLong(), s.toString());
      assertEquals(perTopic[t], s.path("distinct").asLong(), s.toString());
      assertEquals(0, s.path("missing").asLong(), s.toString());
      assertTrue(s.path("verdict").isNull() || s.path("verdict").isMissingNode(), s.toString());
      assertTrue(s.path("e2eMs").path("count").asLong() > 0, s.toString());
    }
    for (int i = 0; i < 2; i++) {
      assertEquals(1, run.counts("subscription " + i + " reconciled")[1], run.tail());
      assertEquals(0, run.counts("subscription " + i + " reconciled")[2], run.tail());
    }
    assertTrue(
        run.output()
            .lines()
            .anyMatch(
                l ->
                    l.startsWith("[kafkaload] subscription '" + topic + "-sub-1-" + topic + "-1'")
                        && l.contains("(1 consumer of '" + topic + "-1')")
                        && l.endsWith(": PASS")),
        run.tail());
    // Their lag (committed after each poll, auto-commit off) sampled and judged.
    assertTrue(run.output().contains("LAG VERDICT: PASS"), run.tail());
    // OMB's result file: the subscriptions' reads are its consume rate and end-to-end latency.
    JsonNode omb =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(reportDir(run).resolve("omb-result.json").toFile());
    assertEquals("Kafka-it", omb.path("driver").asText());
    assertEquals(2, omb.path("topics").asInt());
    assertTrue(omb.path("consumeRate").path(0).asDouble() > 0, omb.toString());
    assertTrue(omb.path("aggregatedEndToEndLatency99pct").asDouble() > 0, omb.toString());
  }

  /**
   * Each shipped workload runs paced at its own rate (shortened here: no warm-up, 5 s): every send
   * its rate schedules is made (rate x 5 s, OK and KO), and never ahead of the schedule, second by
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
  @Tag("quiet") // alone: each workload's own rate is asserted
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
                "5"),
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
    int seconds = 5;
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

  /**
   * One of each kind OMB has, from the shipped workloads, shortened by -D knobs: several topics
   * with subscriptions, the max-rate search (producerRate 0), the backlog (consumerBacklogSizeGB,
   * scaled down by -Domb.backlogScale).
   */
  @Test
  @Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
  void severalTopicsWithSubscriptionsRunEachGroupReconciled() throws Exception {
    String topic = uniqueTopic("omb-long-topics");
    GatlingRun run =
        shipped(
            "4-topics-2-subscriptions-1kb.yaml",
            topic,
            "subscriptions.groupPrefix",
            topic,
            "warmup",
            "2",
            "duration",
            "10");
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode subs = p.path("subscriptions").path("subscriptions");
    assertEquals(8, subs.size(), "2 subscriptions x 4 topics: " + subs);
    for (JsonNode s : subs) {
      assertEquals(
          endOffsetSum(s.path("topic").asText()), s.path("distinct").asLong(), s.toString());
      assertEquals(0, s.path("missing").asLong(), s.toString());
    }
    assertEquals(0, p.path("reconciliation").path("lost").asLong());
  }

  @Test
  @Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
  @Tag("quiet") // alone: a search measures the machine
  void producerRateZeroRunsTheCapacitySearch() throws Exception {
    String topic = uniqueTopic("omb-long-maxrate");
    GatlingRun run =
        shipped(
            "max-rate-1-topic-16-partitions-1kb.yaml",
            topic,
            "capacity.startRate",
            "2000",
            "capacity.warmUpSeconds",
            "3",
            "capacity.plateauSeconds",
            "3",
            // The search runs and every record is read: a few plateaus show it, not 40 s of them.
            "capacity.maxSeconds",
            "20",
            // The machine is shared: the search's latency bound loose, what it finds not asserted.
            "capacity.p99Ms",
            "2000");
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("-Dcapacity.startRate=10000"), "OMB's start: " + run.tail());
    JsonNode p = summaryJson(run).path("protocols").path(0);
    assertFalse(p.path("capacity").isMissingNode(), p.toString());
    JsonNode sub = p.path("subscriptions").path("subscriptions").path(0);
    assertEquals(p.path("reconciliation").path("ackedOk").asLong(), sub.path("distinct").asLong());
    assertEquals(0, sub.path("missing").asLong(), sub.toString());
  }

  @Test
  @Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
  void aBacklogIsBuiltScaledDownAndDrained() throws Exception {
    String topic = uniqueTopic("omb-long-backlog");
    GatlingRun run =
        shipped(
            "backlog-1-topic-4-partitions-1kb.yaml",
            topic,
            "omb.backlogScale",
            "0.01",
            "backlog.rate",
            "2000",
            "subscriptions.groupPrefix",
            topic);
    assertEquals(0, run.exitCode(), run.tail());
    // 1 GiB x 0.01
    assertTrue(run.output().contains("-Dbacklog.bytes=10737419"), run.tail());
    assertEquals(1, run.counts("backlog drained")[1], run.tail());
    JsonNode p = summaryJson(run).path("protocols").path(0);
    assertEquals(0, p.path("reconciliation").path("lost").asLong(), p.toString());
  }

  private static GatlingRun shipped(String file, String topic, String... more) throws Exception {
    java.util.Map<String, String> props =
        new java.util.LinkedHashMap<>(
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "workload",
                Path.of("src/test/resources/workloads", file).toAbsolutePath().toString()));
    props.putAll(props(more));
    return runGatling("simulations.OmbWorkloadSimulation", props, 300);
  }
}
