package kafkaload.internal.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.semantic.share.ShareGroupResults;
import kafkaload.internal.semantic.share.ShareRecords;
import kafkaload.internal.semantic.share.ShareSemantic;
import kafkaload.internal.semantic.txn.TransactionFigures;
import kafkaload.internal.semantic.txn.TransactionRecords;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kafka-summary.json round-trips through the typed results: a value with every section filled, and
 * a file written by a real run (src/test/resources/kafkaload/results/kafka-summary-baseline.json,
 * from a BaselineSimulation run).
 */
public class RunResultsJsonTest {
  private static final ObjectMapper TREE = new ObjectMapper();

  private static Percentiles pct(long count, double base) {
    return new Percentiles(count, base, base, base * 1.5, base * 2, base * 3, base * 4, base * 5);
  }

  private static InjectorSample sample(double second, double heapAfterGc) {
    return new InjectorSample(
        second,
        new InjectorSample.Load(1000, 0.98, 2.5, 7.5),
        new InjectorSample.Resources(40, 30, 210, heapAfterGc, 3, 2),
        new InjectorSample.EventLoop(0.5, 10, 1.2, 2.4, 1),
        Map.of("record-send-rate", 1000.0, "bufferpool-wait-ratio", 0.0001));
  }

  /** One protocol with every section set, as an injector of a distributed run writes it. */
  static ProtocolResults protocol(String topic) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("acks", "all");
    props.put("ssl.truststore.password", "******");
    Map<String, String> registry =
        Map.of("schema.registry.url", "http://registry:8081", "auto.register.schemas", "true");
    Throughput.RequestThroughput send =
        new Throughput.RequestThroughput(
            900,
            900 * 1024,
            new Throughput.AckRate(
                8.9, 101.1, 0.099, 1_700_000_000_000L, 1_700_000_008_900L, null));
    Throughput.RequestThroughput none =
        new Throughput.RequestThroughput(
            0,
            0,
            new Throughput.AckRate(0, null, null, null, null, new Throughput.Rate(null, null)));
    Throughput throughput =
        new Throughput(
            1000,
            2,
            1,
            1024_000,
            new Throughput.AckRate(
                9.5,
                105.3,
                0.103,
                1_700_000_000_000L,
                1_700_000_009_500L,
                new Throughput.Rate(104.0, 0.1)),
            Map.of("send", send, "warm-up send", none),
            new Throughput.SendPath(12.5, 3.25, 4),
            1,
            16);
    ReconciliationResult rec =
        new ReconciliationResult(
            true,
            new ReconciliationResult.Totals(1000, 1001, 1, 0, 1, 0.1, true, 1),
            new ReconciliationResult.ReadBack(
                true,
                new ReconciliationResult.ReadBack.Counts(5000, 1001, 1000, 1, 0, 1),
                new ReconciliationResult.ReadBack.Reordering(0, 65_536, 0),
                1.75,
                new ReconciliationResult.ReadBack.Found(Map.of(0, 1000L, 1, 5L), List.of(1)),
                "read_committed",
                0L),
            List.of(
                new ReconciliationResult.StuckOffset(
                    topic,
                    2,
                    40,
                    45,
                    10_000,
                    Map.of(7L, 40L),
                    "orders-2: last stable offset 40 below high-water mark 45 for 10.0 s; open transaction(s) of producer "
                        + "id(s) 7 (since offset 40)")),
            List.of(
                new ReconciliationResult.Topic(
                    topic,
                    1000,
                    1001,
                    0,
                    1,
                    1,
                    1000L,
                    new ReconciliationResult.TopicChange(
                        topic,
                        "deleted and re-created",
                        1_700_000_003_000L,
                        1_700_000_004_000L,
                        16,
                        3),
                    "deleted and re-created (16 partitions, now 3) between 00:00:03 and "
                        + "00:00:04 UTC",
                    List.of(
                        new ReconciliationResult.Partition(0, 10, 510, 500, 512_000, 500L, 0L, 0L),
                        new ReconciliationResult.Partition(
                            1, 0, -1, 500, 512_000, null, null, null)))),
            new ReconciliationResult.ExactlyOnce(
                topic + "-replies",
                new ReconciliationResult.ExactlyOnce.Outputs(1000, 1001, 1000, 1, 0, 0, 7L),
                true,
                0.5,
                List.of(),
                false,
                "EXACTLY-ONCE BROKEN on 'orders-replies': 1 duplicate committed output(s)"),
            new ReconciliationResult.Transactions(900, 90, 10, 0, 0L, 0L));
    return new ProtocolResults(
        new ProtocolResults.ProtocolConfig(
            "localhost:9092", null, topic, "pooled", 4, props, registry, "run-1"),
        new ProtocolResults.Sends(
            throughput,
            pct(1000, 0.05),
            new ProtocolResults.SchemaFigures(3, 1000, pct(1000, 0.01)),
            List.of(
                new ProtocolResults.PartitionShare(topic, 0, 500, 512_000, 50.0),
                new ProtocolResults.PartitionShare(topic, 1, 500, 512_000, 50.0)),
            Map.of("record-send-rate", 1000.0, "request-latency-max", 12.0)),
        new ProtocolResults.Latencies(
            Map.of("send", pct(900, 2.5)),
            Map.of("by produced-at header", pct(800, 4.5)),
            Map.of("send", "HISTFAAAA"),
            Map.of("by produced-at header", "HISTFBBBB"),
            null,
            null,
            null),
        new ProtocolResults.Distributed(
            1,
            3,
            1L << 40,
            1002,
            "AAEC",
            Map.of(
                topic,
                new ProtocolResults.Baseline("id-1", Map.of(0, 10L, 1, 0L), 1_699_999_999_000L)),
            new ProtocolResults.ReconcileBounds(0, 0.5, true, 60, true),
            Map.of(
                "transactions",
                new TransactionRecords(900, 90, 10, "AAEC", Map.of(topic, 100L)),
                "shareGroups",
                Map.of("work", new ShareRecords("AAEC", "AAED", "AAEE", "AAEF", "AAEG", 7)))),
        new ProtocolResults.Consumers(
            Map.of(
                "group-a",
                List.of(
                    new ProtocolResults.LagPoint(1.0, 10), new ProtocolResults.LagPoint(2.0, 0))),
            Map.of("group-a", RunResults.Resolution.of(2, 1)),
            Map.of("group-a", new ProtocolResults.LagSampling(10, 1, 2, "timed out")),
            new DrainThroughput(
                topic,
                "subscribe",
                4,
                1000,
                1000,
                2.5,
                400,
                0.39,
                1.9,
                new DrainThroughput.Rebalancing(0.4, 1L, 0.2, 3)),
            new ProtocolResults.Readers(
                "read_committed", Map.of("order", "read_committed"), "read_committed")),
        rec,
        null,
        List.of(
            new ProtocolResults.Fault(
                3.5, "kill:1@3s", "fault: kill broker 1", true, "pid 42", 1200)),
        Map.of(
            "transactions",
            Map.of(
                "order txn",
                new TransactionFigures(
                    90,
                    9,
                    1,
                    10.0,
                    pct(90, 3.5),
                    pct(9, 1.5),
                    new TransactionFigures.Size(9.9, 10, 10, 10),
                    pct(100, 12.0),
                    "kafkaload-tx-run-1-i1")),
            "shareGroups",
            List.of(
                new ShareGroupResults(
                    new ShareGroupResults.Settings(
                        "work",
                        topic,
                        "workers",
                        "explicit",
                        false,
                        true,
                        3,
                        2,
                        Map.of("share.record.lock.duration.ms", "2000")),
                    2000,
                    new ShareGroupResults.Deliveries(
                        1010, 250, 990, 12, 5, 20, 3, 4, 6, Map.of(1, 990L, 2, 20L)),
                    new ShareGroupResults.Latency(
                        pct(990, 3.5), pct(300, 1.5), "HISTFCCCC", "HISTFDDDD"),
                    new ShareGroupResults.Work(
                        List.of(
                            new ShareGroupResults.ShareConsumer(0, 600, 590, 0, 5.0, 118.0, 0, 1),
                            new ShareGroupResults.ShareConsumer(
                                1, 410, 400, 4, 5.0, 80.0, 700, null)),
                        19.2,
                        1_699_999_999_000L,
                        1_700_000_004_000L),
                    new ShareGroupResults.GroupLag(
                        List.of(
                            new ProtocolResults.LagPoint(1.0, 40),
                            new ProtocolResults.LagPoint(2.0, 0)),
                        new ShareGroupResults.LagVerdict(40, -3.5, false, 0L)),
                    new ShareGroupResults.Reconciliation(
                        1000, 990, 0, 5, 3, 2, 4, 7, List.of(17L, 18L), false),
                    2))));
  }

  /** Every section filled, a merged run's injector rows and merge figures included. */
  public static RunResults full() {
    ProtocolResults p = protocol("orders");
    // The second protocol: what is null or absent in a run without it.
    ProtocolResults bare =
        new ProtocolResults(
            new ProtocolResults.ProtocolConfig(null, 1, null, "shared", 1, Map.of(), null, null),
            new ProtocolResults.Sends(
                new Throughput(
                    0,
                    0,
                    0,
                    0,
                    new Throughput.AckRate(0, null, null, null, null, null),
                    Map.of(),
                    new Throughput.SendPath(0, 0, 0),
                    0,
                    0),
                Percentiles.empty(),
                null,
                List.of(),
                Map.of()),
            new ProtocolResults.Latencies(Map.of(), Map.of(), Map.of(), Map.of(), null, null, null),
            null,
            new ProtocolResults.Consumers(null, null, null, null, null),
            null,
            "could not compare offsets after the run: gone",
            List.of(),
            Map.of());
    InjectorResults injector =
        new InjectorResults(
            true,
            List.of("CPU above 90% for 10 s"),
            new InjectorResults.Windows(new InjectorResults.LoadWindow(2.5, null), null, null),
            new InjectorResults.Cpu(
                42.5,
                95,
                88,
                new LoadCpu(
                    3.5,
                    13.5,
                    LoadCpu.FIRST_MEASURED_REQUEST,
                    9.5,
                    30.0,
                    3.0,
                    1_000_000,
                    30.0,
                    true)),
            new InjectorResults.Memory(
                120, 35, 512, new InjectorResults.HeapAfterGc(30.0, 45.0, 60.0)),
            new InjectorResults.EventLoopDelay(2, 1000, 100, 0.1, 2.5, 30),
            new InjectorResults.Bounds(90, 10, 10, 1000, 0.1, 100));
    LatencySourceFigures sources =
        new LatencySourceFigures(
            Map.of("send", new LatencySourceFigures.Ack(2.5, 7.5, 12.5)),
            new LatencySourceFigures.Broker(1.5, null),
            new LatencySourceFigures.ProducerBuffer(0.5, 4.0),
            new LatencySourceFigures.Injector(0.2, 0.9, 2.5, 30.0, 120, 35.0),
            10);
    List<InjectorRow> rows =
        List.of(
            new InjectorRow(
                0,
                "complete",
                12L,
                new InjectorRow.Gatling(1000L, 998L, 2L, 2),
                new InjectorRow.Kafka(1000L, 2L, 105.3, Map.of("send", pct(900, 2.5))),
                new InjectorRow.Health(true, List.of("CPU above 90% for 10 s"), 88.0),
                1000L,
                "complete, 1000 requests"),
            new InjectorRow(
                1,
                "died",
                null,
                new InjectorRow.Gatling(0L, null, null, null),
                null,
                null,
                5L,
                "DID NOT FINISH"));
    return new RunResults(
        RunResults.SCHEMA_VERSION,
        new RunResults.Period("2026-12-01T05:00:00Z", "2026-12-01T05:00:12.500Z", 12.5),
        Map.of("duration", "10", "kafka.client.config", "******"),
        List.of(p, bare),
        sources,
        injector,
        List.of(sample(1.0, Double.NaN), sample(2.0, 45)),
        RunResults.Resolution.of(2, 1).withFile("mean of msgs/s", "kafka-timeline.csv"),
        new RunResults.Merged(rows, new RunResults.MergeInfo(3, 2, List.of(2), 2, 4.25)),
        new RunResults.Verdicts(
            List.of(
                new RunResults.Gate(
                    "Global: percentage of failed events is less than 1.0", true, 0.2, null),
                new RunResults.Gate("send: 99th percentile", false, null, "no request named send")),
            "simulation.log",
            null));
  }

  @Test
  void everySectionRoundTrips() throws IOException {
    RunResults full = full();
    String json = ResultsJson.write(full);
    assertEquals(full, ResultsJson.read(json));
    JsonNode tree = TREE.readTree(json);
    assertEquals(1, tree.get("schemaVersion").asInt());
    // The names users and tests read.
    assertEquals(105.3, tree.at("/protocols/0/throughput/msgsPerSec").asDouble());
    assertEquals(101.1, tree.at("/protocols/0/throughput/byRequest/send/msgsPerSec").asDouble());
    assertEquals(2.5 * 4, tree.at("/protocols/0/ackLatencyMs/send/p99.9").asDouble());
    assertEquals("subscribe", tree.at("/protocols/0/consumerThroughput/assignment").asText());
    assertEquals(60, tree.at("/protocols/0/distributed/reconcile/timeoutSeconds").asLong());
    assertEquals(10, tree.at("/protocols/0/distributed/baselines/orders/endOffsets/0").asLong());
    assertTrue(tree.at("/injector/loadWindowSeconds/end").isNull(), "the load's end not known");
    assertTrue(
        tree.at("/protocols/0/reconciliation/topics/0/partitions/1/duplicates").isNull(),
        "no read-back: not measured");
    assertTrue(tree.at("/protocols/0/reconciliation/topics/0/partitions/1/reordered").isNull());
    assertTrue(tree.at("/protocols/0/reconciliation/topics/0/partitions/1/readBack").isNull());
    assertEquals(
        -1, tree.at("/protocols/0/reconciliation/topics/0/partitions/1/offsetAfter").asLong());
    assertEquals(30.0, tree.at("/injector/loadCpu/microsPerMessage").asDouble());
    assertEquals(1_000_000, tree.at("/injector/loadCpu/ackedDuring").asLong());
    assertEquals(3.0, tree.at("/injector/loadCpu/afterSeconds").asDouble());
    assertTrue(tree.at("/injector/loadCpu/brokerInJvm").asBoolean());
    assertTrue(tree.at("/timeline/0/heapAfterGcMb").isNull(), "a value not known: no sentinel");
    // Nulls where a figure is not known; absent where a section does not apply.
    assertTrue(tree.at("/protocols/1/reconciliation").isNull());
    assertTrue(tree.at("/protocols/1/throughput/msgsPerSec").isNull());
    assertFalse(tree.at("/protocols/1").has("consumerThroughput"));
    assertEquals(
        2, tree.at("/protocols/0/shareGroups/0/reconciliation/missing").asLong(), "share group");
    assertEquals(20, tree.at("/protocols/0/shareGroups/0/deliveryCounts/2").asLong());
    assertEquals(1, tree.at("/protocols/0/shareGroups/0/perConsumer/0/injector").asInt());
    assertFalse(tree.at("/protocols/0/shareGroups/0/perConsumer/1").has("injector"));
    assertEquals(2, tree.at("/protocols/0/shareGroups/0/injectors").asInt());
    assertEquals(7, tree.at("/protocols/0/distributed/shareGroups/work/otherRuns").asLong());
    assertFalse(tree.at("/protocols/1").has("shareGroups"));
    assertFalse(tree.at("/protocols/1").has("distributed"));
    assertFalse(tree.at("/protocols/1/config").has("schemaRegistry"));
    assertEquals(List.of("count"), names(tree.at("/protocols/1/publishDelayMs")));
    assertFalse(tree.at("/injectors/1").has("lateMs"));
    assertFalse(tree.at("/gates/0").has("error"));
  }

  /**
   * A figure not measured was -1 in files written before it became null: such a file (a baseline in
   * a history) still reads, the -1 as null.
   */
  @Test
  void anOlderFilesMinusOneReadsAsNotMeasured() throws IOException {
    RunResults full = full();
    ObjectNode tree = (ObjectNode) TREE.readTree(ResultsJson.write(full));
    ((ObjectNode) tree.at("/injector/loadWindowSeconds")).put("end", -1);
    ObjectNode partition =
        (ObjectNode) tree.at("/protocols/0/reconciliation/topics/0/partitions/1");
    partition.put("readBack", -1).put("duplicates", -1).put("reordered", -1);
    ((ObjectNode) tree.at("/protocols/0/reconciliation/topics/0")).put("delivered", -1);
    ((ObjectNode) tree.at("/protocols/0/reconciliation/exactlyOnce")).put("abortedOutputs", -1);
    ((ObjectNode) tree.at("/protocols/0/shareGroups/0/lagVerdict")).put("lagAtEnd", -1);
    RunResults read = ResultsJson.read(TREE.writeValueAsString(tree));
    assertNull(read.injector().windows().loadWindowSeconds().end());
    ReconciliationResult.Topic topic = read.protocols().get(0).reconciliation().topics().get(0);
    assertNull(topic.delivered());
    assertEquals(
        new ReconciliationResult.Partition(1, 0, -1, 500, 512_000, null, null, null),
        topic.partitions().get(1));
    assertNull(read.protocols().get(0).reconciliation().exactlyOnce().counts().abortedOutputs());
    ShareGroupResults.LagVerdict lag =
        read.protocols().get(0).section(ShareSemantic.SECTION).get(0).groupLag().lagVerdict();
    assertNull(lag.lagAtEnd());
    assertFalse(lag.drained(), "a lag not read is not drained");
  }

  @Test
  void aRunWithoutMergeOrGatesLeavesThemOut() throws IOException {
    RunResults full = full();
    RunResults single =
        new RunResults(
            1,
            full.period(),
            full.parameters(),
            full.protocols(),
            full.latencySources(),
            full.injector(),
            full.timeline(),
            full.timelineResolution(),
            null,
            null);
    String json = ResultsJson.write(single);
    JsonNode tree = TREE.readTree(json);
    for (String absent : List.of("injectors", "merge", "gates", "gatesFrom")) {
      assertFalse(tree.has(absent), absent);
    }
    assertEquals(single, ResultsJson.read(json));
  }

  /**
   * A file a real run wrote: read into the records, written again, the same JSON tree, field for
   * field.
   */
  @Test
  void aRealRunsSummaryIsReadWithoutLoss(@TempDir Path dir) throws IOException {
    String real;
    try (InputStream in =
        getClass().getResourceAsStream("/kafkaload/results/kafka-summary-baseline.json")) {
      assertNotNull(in, "the fixture");
      real = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Path file = dir.resolve("kafka-summary.json");
    Files.writeString(file, real);
    RunResults read = ResultsJson.read(file);
    assertFalse(read.protocols().isEmpty());
    ProtocolResults p = read.protocols().get(0);
    assertTrue(p.sends().throughput().ackedOk() > 0);
    assertEquals(p.sends().throughput().ackedOk(), p.reconciliation().totals().ackedOk());
    assertEquals(
        p.sends().throughput().ackedOk(),
        p.sends().partitions().stream().mapToLong(ProtocolResults.PartitionShare::records).sum());
    assertEquals("******", p.config().producerProperties().get("ssl.truststore.password"));
    assertFalse(read.verdicts().gates().isEmpty());
    // Its ack p99 of a second without acks was written "NaN": read as NaN, written null now.
    assertTrue(Double.isNaN(read.timeline().get(read.timeline().size() - 1).load().ackP99Ms()));
    assertEquals(
        TREE.readTree(real.replace("\"NaN\"", "null")), TREE.readTree(ResultsJson.write(read)));
  }

  @Test
  void anotherSchemaVersionIsRefusedByName(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("kafka-summary.json");
    Files.writeString(file, "{\"schemaVersion\": 2}");
    IOException e = assertThrows(IOException.class, () -> ResultsJson.read(file));
    assertTrue(
        e.getMessage().contains("schemaVersion 2") && e.getMessage().contains(file.toString()),
        e.getMessage());
    Files.writeString(file, "{\"startedAt\": \"2026-01-01T00:00:00Z\"}");
    assertTrue(
        assertThrows(IOException.class, () -> ResultsJson.read(file))
            .getMessage()
            .contains("schemaVersion (none)"));
  }

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    for (Iterator<String> i = n.fieldNames(); i.hasNext(); ) {
      out.add(i.next());
    }
    return out;
  }
}
