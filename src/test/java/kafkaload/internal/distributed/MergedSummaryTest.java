package kafkaload.internal.distributed;

import static kafkaload.TestProtocols.resolved;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kafkaload.internal.report.Histograms;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.LoadCpu;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.results.Throughput;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The merge of injectors' typed results: sums, summed rates, exact percentiles, partitions, health,
 * timeline.
 */
class MergedSummaryTest {
  private static String histogram(long... micros) {
    Histogram h = new Histogram(3);
    for (long v : micros) {
      h.recordValue(v);
    }
    return Histograms.encode(h);
  }

  private static InjectorSample second(double s, double msgs, double cpu, double heapAfterGc) {
    return new InjectorSample(
        s,
        new InjectorSample.Load(msgs, msgs / 1000, 2, 4),
        new InjectorSample.Resources(cpu, cpu, 200, heapAfterGc, 1, 1),
        new InjectorSample.EventLoop(0, 10, 1, 2, 0),
        Map.of("record-send-rate", msgs));
  }

  /**
   * One injector: {@code acked} records over 10 s from {@code firstAck}, one partition per injector
   * and one shared.
   */
  private static RunResults injector(
      int index, long acked, long firstAck, String latency, boolean saturated, double cpu) {
    return injector(
        index,
        acked,
        firstAck,
        latency,
        saturated,
        cpu,
        new ProtocolResults.ProtocolConfig(
            "b:9092", null, "orders", "shared", 1, Map.of(), null, "run-1"));
  }

  private static RunResults injector(
      int index,
      long acked,
      long firstAck,
      String latency,
      boolean saturated,
      double cpu,
      ProtocolResults.ProtocolConfig config) {
    Throughput.RequestThroughput send =
        new Throughput.RequestThroughput(
            acked,
            acked * 100,
            new Throughput.AckRate(
                10,
                acked / 10.0,
                acked * 100 / 10.0 / 1_048_576,
                firstAck,
                firstAck + 10_000,
                null));
    Throughput t =
        new Throughput(
            acked,
            index,
            1,
            acked * 100,
            new Throughput.AckRate(
                10,
                acked / 10.0,
                acked * 100 / 10.0 / 1_048_576,
                firstAck,
                firstAck + 10_000,
                null),
            Map.of("send", send),
            new Throughput.SendPath(5, 2 + index, 1),
            0,
            8);
    ProtocolResults p =
        new ProtocolResults(
            config,
            new ProtocolResults.Sends(
                t,
                Percentiles.empty(),
                null,
                List.of(
                    new ProtocolResults.PartitionShare("orders", 0, acked / 2, acked * 50, 50),
                    new ProtocolResults.PartitionShare(
                        "orders", 1 + index, acked / 2, acked * 50, 50)),
                Map.of()),
            new ProtocolResults.Latencies(
                Map.of(), Map.of(), Map.of("send", latency), Map.of(), null, null, null),
            null,
            new ProtocolResults.Consumers(null, null, null, null, null),
            null,
            null,
            List.of(new ProtocolResults.Fault(1, "kill:1@1s", "fault " + index, true, "", 10)),
            Map.of());
    InjectorResults health =
        new InjectorResults(
            saturated,
            saturated ? List.of("CPU above 90%") : List.of(),
            new InjectorResults.Windows(new InjectorResults.LoadWindow(1.0, 11.0), null, null),
            new InjectorResults.Cpu(
                10 + index,
                cpu,
                cpu,
                LoadCpu.between(
                        new LoadCpu.Reading(1, 3 + index, 0),
                        new LoadCpu.Reading(11, 9 + index, acked),
                        LoadCpu.FIRST_MEASURED_REQUEST,
                        false)
                    .withCpuAtReport(10 + index)),
            new InjectorResults.Memory(
                5, 2, 300, new InjectorResults.HeapAfterGc(20.0, 30.0, 40.0 + index)),
            new InjectorResults.EventLoopDelay(2, 100, 100, 0.1, 1, 5 + index),
            new InjectorResults.Bounds(90, 10, 10, 1000, 0.1, 100));
    return new RunResults(
        1,
        new RunResults.Period(
            "2026-12-01T05:00:0" + index + "Z", "2026-12-01T05:00:1" + index + "Z", 10),
        Map.of("duration", "10"),
        List.of(p),
        null,
        health,
        List.of(second(1.2, acked / 10.0, cpu, Double.NaN), second(2.1, acked / 10.0, cpu, 30)),
        null,
        null,
        null);
  }

  private static InjectorFolder found(int index, RunResults r) {
    return new InjectorFolder(index, null, null, null, r, r.timeline(), null);
  }

  @Test
  void injectorsAddUp() throws Exception {
    RunResults a = injector(0, 1000, 1_000_000, histogram(1000, 2000, 3000), false, 50);
    RunResults b = injector(1, 3000, 1_005_000, histogram(4000), true, 95);
    RunResults.MergeInfo info = new RunResults.MergeInfo(2, 2, List.of(), 0, 1.5);
    List<InjectorRow> rows =
        List.of(
            new InjectorRow(
                0,
                "complete",
                1L,
                new InjectorRow.Gatling(1L, 1L, 0L, 0),
                new InjectorRow.Kafka(1000L, 0L, 100.0, null),
                new InjectorRow.Health(false, List.of(), 50.0),
                null,
                "a"),
            new InjectorRow(
                1,
                "complete",
                1L,
                new InjectorRow.Gatling(1L, 1L, 0L, 0),
                new InjectorRow.Kafka(3000L, 1L, 300.0, null),
                new InjectorRow.Health(true, List.of(), 95.0),
                null,
                "b"));
    RunResults m =
        MergedSummary.of(
            List.of(found(0, a), found(1, b)),
            rows,
            List.of(),
            List.of(),
            info,
            List.of(new RunResults.Gate("g", true, 1.0, null)));

    assertEquals("2026-12-01T05:00:00Z", m.period().startedAt());
    assertEquals("2026-12-01T05:00:11Z", m.period().endedAt());
    assertEquals(11, m.period().durationSeconds());
    ProtocolResults p = m.protocols().get(0);
    Throughput t = p.sends().throughput();
    assertEquals(4000, t.ackedOk());
    assertEquals(1, t.failed());
    assertEquals(2, t.inFlightAtEnd());
    assertEquals(400_000, t.ackedBytes());
    // Each injector's own rate, added up; beside it the rate over the union span (first ack to the
    // last: 15 s).
    assertEquals(100 + 300, t.rate().msgsPerSec(), 1e-9);
    assertEquals(4000 / 15.0, t.rate().overUnionSpan().msgsPerSec(), 1e-9);
    assertEquals(15, t.rate().firstToLastAckSeconds());
    assertEquals(1_000_000L, t.rate().firstAckMillis());
    assertEquals(1_015_000L, t.rate().lastAckMillis());
    assertEquals(400, t.byRequest().get("send").rate().msgsPerSec(), 1e-9);
    assertEquals(4000, t.byRequest().get("send").acked());
    assertEquals(3, t.sendPath().sendBlockedMsMax());
    assertEquals(10, t.sendPath().sendBlockedMsTotal());
    // Percentiles of the histograms added together: exact, not an average of percentiles.
    Percentiles send = p.latencies().ackLatencyMs().get("send");
    assertEquals(4, send.count());
    assertEquals(4.0, send.max(), 0.01);
    assertEquals(2.0, send.p50(), 0.01);
    assertEquals(
        4, Histograms.decode(p.latencies().ackLatencyHistograms().get("send")).getTotalCount());
    // Partition 0 of both, 1 of the first, 2 of the second; shares of the topic's 4000.
    assertEquals(
        List.of(
            new ProtocolResults.PartitionShare("orders", 0, 2000, 200_000, 50),
            new ProtocolResults.PartitionShare("orders", 1, 500, 50_000, 12.5),
            new ProtocolResults.PartitionShare("orders", 2, 1500, 150_000, 37.5)),
        p.sends().partitions());
    assertEquals(2, p.faults().size());
    assertNull(p.reconciliation());

    InjectorResults h = m.injector();
    assertTrue(h.saturated(), "saturated when any was");
    assertEquals(List.of("injector 1: CPU above 90%"), h.reasons());
    assertEquals(21, h.cpu().cpuSecondsAtEnd());
    // The CPU split at the measured load is summed, and the CPU per message is that of the sums.
    LoadCpu c = h.cpu().loadCpu();
    assertEquals(12, c.duringSeconds(), 1e-9);
    assertEquals(7, c.beforeSeconds(), 1e-9);
    assertEquals(2, c.afterSeconds(), 1e-9);
    long acked = m.protocols().get(0).sends().throughput().ackedOk();
    assertEquals(acked, c.ackedDuring());
    assertEquals(12.0 / acked * 1e6, c.microsPerMessage(), 1e-3);
    assertFalse(c.brokerInJvm());
    assertEquals(95, h.cpu().maxProcessCpuPct());
    assertEquals(41.0, h.memory().heapAfterGcMb().max());
    assertEquals(6, h.eventLoopDelayMs().max());

    // Second by second: rates summed, CPU the worst injector's, a value no injector knew stays NaN.
    assertEquals(2, m.timeline().size());
    assertEquals(400, m.timeline().get(0).load().msgsPerSec(), 1e-9);
    assertEquals(95, m.timeline().get(0).resources().processCpuPct());
    assertTrue(Double.isNaN(m.timeline().get(0).resources().heapAfterGcMb()));
    assertEquals(20, m.timeline().get(1).eventLoop().eventLoopProbes(), "probe counts add up");
    assertEquals(rows, m.merged().injectors());
    assertEquals(info, m.merged().merge());
    assertFalse(m.verdicts().gates().isEmpty());
    assertEquals(m, ResultsJson.read(ResultsJson.write(m)), "the merged results round-trip too");
  }

  /**
   * The merged run's summary holds the injectors' configuration as each injector described it,
   * secrets masked: neither the OAuth client secrets (Kafka's and the registry's) nor a JAAS config
   * reaches kafka-summary.json of the merged run.
   */
  @Test
  void mergedRunShowsNoSecretOfTheInjectorsConfiguration() throws Exception {
    String secret = "oidc-secret-" + System.nanoTime();
    kafkaload.internal.config.PropertyTests d = new kafkaload.internal.config.PropertyTests();
    ProtocolResults.ProtocolConfig config =
        resolved(
                kafkaload.KafkaDsl.kafka()
                    .params(d.params())
                    .saslOAuthBearer("https://idp.example.com/token", "loadtest", secret, "kafka")
                    .schemaRegistry("https://registry.example.com")
                    .schemaRegistryOAuth("https://idp.example.com/token", "registry", secret, null))
            .describe("b:9092", "run-1");
    RunResults a = injector(0, 1000, 1_000_000, histogram(1000), false, 50, config);
    RunResults b = injector(1, 1000, 1_000_000, histogram(1000), false, 50, config);
    RunResults m =
        MergedSummary.of(
            List.of(found(0, a), found(1, b)),
            List.of(),
            List.of(),
            List.of(),
            new RunResults.MergeInfo(2, 2, List.of(), 0, 1.5),
            List.of());
    String json = kafkaload.internal.results.ResultsJson.write(m);
    assertFalse(json.contains(secret), json);
    assertTrue(json.contains("sasl.oauthbearer.client.credentials.client.secret"), json);
    assertTrue(json.contains("bearer.auth.client.secret"), json);
    assertTrue(json.contains("\"******\""), json);
  }
}
