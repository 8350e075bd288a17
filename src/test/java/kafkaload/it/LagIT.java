package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.verification.LagMonitor;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The lag verdict against real consumer groups, and the lag figures against Kafka's own tool. The
 * two verdicts on consumers that keep up or fall behind run alone ({@link KafkaTestSupport#ALONE});
 * the other tests (a group that never committed, lag that could not be sampled, the figures against
 * Kafka's tool) two at a time.
 */
@Execution(ExecutionMode.CONCURRENT)
class LagIT {

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ_WRITE)
  void lagGatePassesWhenTheConsumersKeepUp() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.EndToEndSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("e2e"),
                "reply.topic",
                uniqueTopic("e2e-replies"),
                "sut.group",
                uniqueTopic("echo"),
                "warmup",
                "2",
                "duration",
                "8",
                "lag.windowSeconds",
                "6",
                "lag.intervalMs",
                "500"),
            150);
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("LAG VERDICT: PASS"), run.tail());
    assertTrue(
        run.output().contains("kafka lag: rising: count of failed events is 0.0 : true"),
        run.tail());
    // The echo service joined its group in before(): no false alarm at the start.
    assertFalse(run.output().contains("WARNING: consumer group"), run.tail());

    // End-to-end latency (request produced -> reply received) contains the request's ack latency,
    // and stays sane: no reply took longer than the run itself.
    var summary = summaryJson(run);
    var json = summary.get("protocols").get(0);
    var ack = json.get("ackLatencyMs").get("send");
    var e2e = json.get("e2eLatencyMs").get("e2e");
    assertTrue(run.counts("e2e")[1] > 0, "replies arrived: " + run.tail());
    assertEquals(0, run.counts("e2e")[2], "every reply arrived");
    assertEquals(run.counts("e2e")[1], e2e.get("count").asLong());
    assertTrue(e2e.get("p50").asDouble() >= ack.get("p50").asDouble(), json.toString());
    assertTrue(e2e.get("mean").asDouble() >= ack.get("mean").asDouble(), json.toString());
    assertTrue(
        e2e.get("max").asDouble() <= summary.get("durationSeconds").asDouble() * 1000,
        summary.get("durationSeconds") + " s: " + json);
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ_WRITE)
  void lagGateFailsWhenADeliberatelySlowConsumerFallsBehindThoughProducersPass() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.SlowConsumerSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("slow"),
                "reply.topic",
                uniqueTopic("slow-replies"),
                "sut.group",
                uniqueTopic("slow-echo"),
                "duration",
                "12",
                "lag.windowSeconds",
                "8",
                "lag.intervalMs",
                "500",
                "gate.lagDrainSeconds",
                "3"),
            150);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("LAG VERDICT: FAIL (lag kept rising"), run.tail());
    assertTrue(
        run.output().contains("kafka lag: rising: count of failed events is 0.0 : false"),
        run.tail());
    assertTrue(
        run.output()
            .contains("send: percentage of failed events is less than or equal to 0.1 : true"),
        run.tail());
    assertTrue(
        run.output()
            .contains("send: 99th percentile of response time is less than 600000.0 : true"),
        run.tail());
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void aGroupThatNeverCommittedIsAKoNotAPass() throws Exception {
    // A typo in -Dlag.groups: the group does not exist, so it has no lag to read. That is no
    // verdict, not a 0.
    String group = uniqueTopic("no-such-group");
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("nolag"),
                "lag.groups",
                group,
                "warmup",
                "0",
                "duration",
                "3",
                "users",
                "2",
                "lag.intervalMs",
                "500",
                "verify",
                "false",
                "gate.p99Ms",
                "60000",
                "gate.minRps",
                "0"),
            150);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output()
            .contains(
                "[kafkaload] WARNING: consumer group '"
                    + group
                    + "' is unknown to the cluster "
                    + "at the start"),
        run.tail());
    assertTrue(
        run.output()
            .contains(
                "LAG VERDICT: FAIL (group '"
                    + group
                    + "' never committed an offset during "
                    + "the run: it does not exist, or it never consumed — lag cannot be judged)"),
        run.tail());
    assertTrue(
        run.output().contains("kafka lag: drained: count of failed events is 0.0 : false"),
        run.tail());
    // The load itself was fine: only the lag verdict failed the build.
    assertTrue(
        run.output()
            .contains("send: percentage of failed events is less than or equal to 0.1 : true"),
        run.tail());
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void lagThatCouldNotBeSampledIsAKoWithTheFailedSamplesCounted() throws Exception {
    // A real AdminClient whose every call fails (no broker listens there), bounded to a second per
    // call.
    try (Admin unreachable =
            Admin.create(
                Map.<String, Object>of(
                    "bootstrap.servers",
                    "127.0.0.1:1",
                    "default.api.timeout.ms",
                    "1000",
                    "request.timeout.ms",
                    "500"));
        LagMonitor monitor =
            LagMonitor.start(
                unreachable,
                List.of("orders-service"),
                200,
                IsolationLevel.READ_UNCOMMITTED,
                System.nanoTime())) {
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (monitor.sampling().get("orders-service").failed() < 2
          && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      LagMonitor.Verdict v = monitor.judge("orders-service", 30, 10, 60_000, 200);
      assertNotNull(v.unjudged(), v.toString());
      assertTrue(v.unjudged().startsWith("lag could not be sampled: "), v.unjudged());
      assertTrue(v.sampling().failed() >= 2 && v.sampling().withLag() == 0, v.toString());
    }
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void lagEqualsWhatKafkaConsumerGroupsDescribeReports() throws Exception {
    String topic = uniqueTopic("lagcheck");
    String group = uniqueTopic("group");
    createTopic(topic, 3);
    try (KafkaProducer<byte[], byte[]> p =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", bootstrap()),
            new ByteArraySerializer(),
            new ByteArraySerializer())) {
      List<Future<RecordMetadata>> acks = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        acks.add(p.send(new ProducerRecord<>(topic, i % 3, null, new byte[10])));
      }
      for (var ack : acks) {
        ack.get(60, TimeUnit.SECONDS); // every record is in the topic before the lag is read
      }
    }
    assertEquals(300, endOffsetSum(topic));
    // The group has committed 10, 50 and 100 on partitions 0, 1 and 2: lag 90, 50 and 0.
    Properties c = new Properties();
    c.put("bootstrap.servers", bootstrap());
    c.put("group.id", group);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.commitSync(
          Map.of(
              new TopicPartition(topic, 0),
              new OffsetAndMetadata(10),
              new TopicPartition(topic, 1),
              new OffsetAndMetadata(50),
              new TopicPartition(topic, 2),
              new OffsetAndMetadata(100)));
    }
    Map<TopicPartition, Long> ours;
    try (Admin admin = admin()) {
      ours = LagMonitor.lag(admin, group, IsolationLevel.READ_UNCOMMITTED);
    }
    Map<TopicPartition, Long> kafkas = describeLag(group);
    assertEquals(kafkas, new HashMap<>(ours));
    assertEquals(
        Map.of(
            new TopicPartition(topic, 0),
            90L,
            new TopicPartition(topic, 1),
            50L,
            new TopicPartition(topic, 2),
            0L),
        kafkas);
  }

  /**
   * Runs Kafka's own kafka-consumer-groups --describe (ConsumerGroupCommand) and reads its LAG
   * column.
   */
  private static Map<TopicPartition, Long> describeLag(String group) throws Exception {
    Path out = Files.createTempFile("describe", ".txt");
    Process p =
        new ProcessBuilder(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
                "--bootstrap-server",
                bootstrap(),
                "--describe",
                "--group",
                group)
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
    Map<TopicPartition, Long> lag = new HashMap<>();
    List<String> header = null;
    for (String line : lines) {
      String[] cols = line.trim().split("\\s+");
      if (line.contains("CURRENT-OFFSET")) {
        header = new ArrayList<>(List.of(cols));
      } else if (header != null && cols.length == header.size() && cols[0].equals(group)) {
        lag.put(
            new TopicPartition(
                cols[header.indexOf("TOPIC")], Integer.parseInt(cols[header.indexOf("PARTITION")])),
            Long.parseLong(cols[header.indexOf("LAG")]));
      }
    }
    assertFalse(lag.isEmpty(), String.join("\n", lines));
    return lag;
  }
}
