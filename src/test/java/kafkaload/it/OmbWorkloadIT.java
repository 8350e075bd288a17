package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An OpenMessaging Benchmark workload file run by OmbWorkloadSimulation on the embedded broker
 * (docs/workloads.md): at the workload's rate, every acked record reconciled; a field it cannot
 * honour refused before any load.
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
  void aFieldItCannotHonourIsRefusedBeforeAnyLoad(@TempDir Path dir) throws Exception {
    Path workload = dir.resolve("subscribed.yaml");
    Files.writeString(
        workload,
        WORKLOAD
            .replace("payloadFile: payload.data\n", "")
            .replace("subscriptionsPerTopic: 0", "subscriptionsPerTopic: 1"));
    GatlingRun run =
        runGatling(
            "simulations.OmbWorkloadSimulation",
            Map.of("kafka.bootstrap.servers", bootstrap(), "workload", workload.toString()),
            120);
    assertNotEquals(0, run.exitCode(), run.tail());
    String line =
        run.output()
            .lines()
            .filter(l -> l.startsWith("[kafkaload] ERROR: "))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no ERROR line in:\n" + run.tail()));
    assertTrue(
        line.contains("subscriptionsPerTopic: 1 cannot be honoured")
            && line.contains("-Dlag.groups"),
        line);
    assertFalse(run.output().contains("---- Requests"), run.tail());
  }

  /** Each shipped workload runs at its own rate (shortened here: no warm-up, 10 s). */
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
    assertTrue(run.output().contains("[kafkaload] OMB workload '"), run.tail());
    long ok = run.counts("send")[1];
    JsonNode rec = summaryJson(run).path("protocols").path(0).path("reconciliation");
    assertEquals(ok, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
  }
}
