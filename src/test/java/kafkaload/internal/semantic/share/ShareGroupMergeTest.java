package kafkaload.internal.semantic.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.results.Throughput;
import kafkaload.internal.run.KoLedger;
import org.junit.jupiter.api.Test;

/**
 * Share groups merged over injectors, without a broker: counters summed, every consumer's row with
 * its injector, exact latencies, and the reconciliation by identity over the union (a record
 * produced on one injector and accepted on the other is not missing).
 */
class ShareGroupMergeTest {
  private static final long SPACE1 = 1L << 40; // injector 1's first sequence number

  private static ShareCounters counters() {
    ShareCounters c =
        new ShareCounters(
            new ShareCounters.Setup(
                new ShareGroupResults.Settings(
                    "share",
                    "work",
                    "kafkaload-share-run-1-share",
                    "explicit",
                    false,
                    true,
                    2,
                    2,
                    Map.of("share.delivery.count.limit", "3")),
                3,
                List.of(0L, 0L)));
    c.leaveToMerge();
    return c;
  }

  /** Injector {@code index}'s protocol: {@code issued} sequences from its space, these KO'd. */
  private static ProtocolResults injector(int index, long issued, ShareCounters c, long... ko) {
    KoLedger koLedger = new KoLedger();
    for (long s : ko) {
      koLedger.add(s);
    }
    ProtocolResults.Distributed d =
        new ProtocolResults.Distributed(
            index,
            2,
            (long) index << 40,
            issued,
            Base64.getEncoder().encodeToString(koLedger.serialized()),
            Map.of(),
            null,
            Map.of("shareGroups", Map.of("share", c.records())));
    return new ProtocolResults(
        new ProtocolResults.ProtocolConfig(
            "b:9092", null, "work", "shared", 1, Map.of(), null, "r"),
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
            null),
        new ProtocolResults.Latencies(Map.of(), Map.of(), Map.of(), Map.of(), null, null, null),
        d,
        new ProtocolResults.Consumers(null, null, null, null, null),
        null,
        null,
        List.of(),
        Map.of("shareGroups", List.of(c.results())));
  }

  /** Injector 0 issues 0..9 (9 KO'd), injector 1 issues its 0..9; each accepts the other's too. */
  private static List<ProtocolResults> crossed(boolean acceptAll) {
    ShareCounters a = counters();
    ShareCounters b = counters();
    for (long s = 0; s <= 4; s++) {
      a.acquired(0, 1);
      a.accepted(0, s, 1_000); // its own records
      a.acquired(1, 1);
      a.accepted(1, SPACE1 + s, 2_000); // injector 1's records
    }
    for (long s = 5; s <= (acceptAll ? 7 : 6); s++) {
      b.acquired(0, 1);
      b.accepted(0, s, 3_000); // injector 0's records, accepted on injector 1
    }
    for (long s = 5; s <= 9; s++) {
      b.acquired(1, 2);
      b.accepted(1, SPACE1 + s, 40_000);
    }
    b.acquired(0, 1);
    b.accepted(0, 4, 5_000); // accepted on both injectors: accepted twice
    b.acquired(1, 1);
    b.rejected(8);
    b.committed(700);
    a.committed(300);
    a.lag(1.0, 7);
    a.lag(2.0, 0);
    b.lag(1.0, 9);
    a.lagVerdict(new ShareGroupResults.LagVerdict(7, 0.5, false, 0L));
    b.lagVerdict(new ShareGroupResults.LagVerdict(9, 1.5, false, 0L));
    return List.of(injector(0, 10, a, 9), injector(1, 10, b));
  }

  private static long sum(List<ProtocolResults> ps, ToLongFunction<ShareGroupResults> f) {
    return ps.stream().mapToLong(p -> f.applyAsLong(p.section(ShareSemantic.SECTION).get(0))).sum();
  }

  @Test
  void aRecordProducedOnOneInjectorAndAcceptedOnTheOtherIsNotMissing() {
    List<ProtocolResults> ps = crossed(true);
    // Alone, injector 0's consumers settled only some of its own records.
    ShareGroupResults.Reconciliation alone =
        ShareOutcomes.of(ps.get(0).distributed().section(ShareSemantic.RECORDS).get("share"))
            .reconcile(List.of(new ShareOutcomes.Range(0, 10)), new KoLedger(), 0);
    assertTrue(alone.missing() > 0, alone.toString());

    ShareGroupResults g = ShareGroupMerge.merge(ps).get(0);
    ShareGroupResults.Reconciliation r = g.reconciliation();
    assertEquals(9 + 10, r.produced(), "injector 0's KO'd record is not produced: " + r);
    assertEquals(0, r.missing(), r.toString());
    assertTrue(r.ok());
    assertEquals(1, r.acceptedTwice(), "seq 4, accepted on both injectors: " + r);
    assertEquals(1, r.rejected());
    assertEquals(17, r.acceptedOnce());
    assertNull(ShareOutcomes.verdict(r));
  }

  @Test
  void aRecordNoInjectorSettledIsMissingAndNamed() {
    ShareGroupResults.Reconciliation r =
        ShareGroupMerge.merge(crossed(false)).get(0).reconciliation();
    assertEquals(1, r.missing(), r.toString());
    assertEquals(List.of(7L), r.missingSample());
    assertFalse(r.ok());
    assertTrue(ShareOutcomes.verdict(r).startsWith("1 of 19 produced records missing"));
  }

  @Test
  void countersAreTheInjectorsSumsAndEveryConsumerKeepsItsInjector() {
    List<ProtocolResults> ps = crossed(true);
    ShareGroupResults g = ShareGroupMerge.merge(ps).get(0);
    assertEquals(2, g.injectors());
    assertEquals(sum(ps, p -> p.deliveries().acquired()), g.deliveries().acquired());
    assertEquals(sum(ps, p -> p.deliveries().accepted()), g.deliveries().accepted());
    assertEquals(sum(ps, p -> p.deliveries().rejected()), g.deliveries().rejected());
    assertEquals(sum(ps, p -> p.deliveries().redelivered()), g.deliveries().redelivered());
    assertEquals(sum(ps, p -> p.settings().consumers()), g.settings().consumers());
    Map<Integer, Long> counts = new TreeMap<>();
    ps.forEach(
        p ->
            p.section(ShareSemantic.SECTION)
                .get(0)
                .deliveries()
                .deliveryCounts()
                .forEach((k, v) -> counts.merge(k, v, Long::sum)));
    assertEquals(counts, g.deliveries().deliveryCounts());
    assertEquals(4, g.work().perConsumer().size());
    assertEquals(
        List.of(0, 0, 1, 1),
        g.work().perConsumer().stream().map(ShareGroupResults.ShareConsumer::injector).toList());
    assertEquals(
        sum(ps, p -> p.deliveries().accepted()),
        g.work().perConsumer().stream().mapToLong(ShareGroupResults.ShareConsumer::accepted).sum());
    // Latencies from the histograms added: every accept, the highest of both injectors.
    assertEquals(g.deliveries().accepted(), g.latency().endToEndMs().count());
    assertEquals(40.0, g.latency().endToEndMs().max(), 0.1);
    assertEquals(2, g.latency().ackCommitMs().count());
    assertNotNull(g.latency().endToEndHistogram());
    // The first injector's lag series; the worst verdict.
    assertEquals(2, g.groupLag().lag().size());
    assertEquals(9, g.groupLag().lagVerdict().maxLag());
    assertEquals(1.5, g.groupLag().lagVerdict().slopePerSecond(), 1e-9);
  }

  @Test
  void anInjectorThatJudgedItsGroupItselfHandsTheMergeNothing() {
    ShareCounters c =
        new ShareCounters(
            new ShareCounters.Setup(
                new ShareGroupResults.Settings(
                    "share", "work", "g", "explicit", false, true, 1, 1, Map.of()),
                3,
                List.of(0L)));
    c.accepted(0, 1, 10);
    // No run identity, or records sent to other topics: the injector logged its own verdict.
    assertNull(c.records());
    c.leaveToMerge();
    assertNotNull(c.records());
  }

  @Test
  void theRatesShareOneSpanAndTheSpreadIsRecomputed() {
    ShareGroupResults a =
        withSpan(counters().results(), 1_000_000L, 1_010_000L, List.of(consumer(0, 100, 10.0)));
    ShareGroupResults b =
        withSpan(counters().results(), 1_005_000L, 1_020_000L, List.of(consumer(0, 300, 20.0)));
    ShareGroupResults g = ShareGroupMerge.merge(List.of(protocolOf(a), protocolOf(b))).get(0);
    // One span, 1_000_000 to 1_020_000: 20 s.
    assertEquals(5.0, g.work().perConsumer().get(0).acceptedPerSec(), 1e-9);
    assertEquals(15.0, g.work().perConsumer().get(1).acceptedPerSec(), 1e-9);
    assertEquals(
        ShareCounters.spreadPct(List.of(5.0, 15.0)), g.work().acceptedPerSecSpreadPct(), 1e-9);
    assertNull(g.reconciliation(), "no identities handed: nothing to reconcile");
  }

  @Test
  void aConsumerThatAcceptedNothingKeepsNoRate() {
    ShareGroupResults a =
        withSpan(counters().results(), 1_000_000L, 1_010_000L, List.of(consumer(0, 100, 10.0)));
    // An injector whose consumer got no record: no span of its own, no rate.
    ShareGroupResults idle =
        withSpan(
            counters().results(),
            null,
            null,
            List.of(new ShareGroupResults.ShareConsumer(0, 0, 0, 0, 10, null, 0, null)));
    ShareGroupResults g = ShareGroupMerge.merge(List.of(protocolOf(a), protocolOf(idle))).get(0);
    assertEquals(10.0, g.work().perConsumer().get(0).acceptedPerSec(), 1e-9);
    assertNull(g.work().perConsumer().get(1).acceptedPerSec());
    assertEquals(1, g.work().perConsumer().get(1).injector());
  }

  @Test
  void theMergedGroupSurvivesTheResultsFile() throws Exception {
    ProtocolResults p = crossed(true).get(0);
    ShareGroupResults g = ShareGroupMerge.merge(crossed(true)).get(0);
    RunResults run =
        new RunResults(
            RunResults.SCHEMA_VERSION,
            new RunResults.Period("2026-12-01T05:00:00Z", "2026-12-01T05:00:10Z", 10),
            Map.of(),
            List.of(p),
            null,
            null,
            List.of(),
            null,
            new RunResults.Merged(List.of(), null),
            new RunResults.Verdicts(List.of(), null, null));
    RunResults back = ResultsJson.read(ResultsJson.write(run));
    assertEquals(p.distributed(), back.protocols().get(0).distributed());
    assertEquals(
        p.section(ShareSemantic.SECTION), back.protocols().get(0).section(ShareSemantic.SECTION));
    assertEquals(
        g.reconciliation(),
        ShareGroupMerge.merge(List.of(back.protocols().get(0), crossed(true).get(1)))
            .get(0)
            .reconciliation());
  }

  private static ShareGroupResults.ShareConsumer consumer(int i, long accepted, double rate) {
    return new ShareGroupResults.ShareConsumer(i, accepted, accepted, 0, 10, rate, 0, null);
  }

  private static ShareGroupResults withSpan(
      ShareGroupResults g, Long first, Long last, List<ShareGroupResults.ShareConsumer> rows) {
    return new ShareGroupResults(
        new ShareGroupResults.Settings(
            g.settings().request(),
            g.settings().topic(),
            g.settings().group(),
            g.settings().acknowledgement(),
            g.settings().requestPerPoll(),
            g.settings().commitSync(),
            rows.size(),
            g.settings().partitions(),
            g.settings().groupConfig()),
        g.lockDurationMs(),
        new ShareGroupResults.Deliveries(
            g.deliveries().acquired(),
            g.deliveries().polls(),
            rows.stream().mapToLong(ShareGroupResults.ShareConsumer::accepted).sum(),
            g.deliveries().released(),
            g.deliveries().rejected(),
            g.deliveries().redelivered(),
            g.deliveries().archived(),
            g.deliveries().ackRefused(),
            g.deliveries().renewed(),
            g.deliveries().deliveryCounts()),
        new ShareGroupResults.Latency(
            g.latency().endToEndMs(),
            g.latency().ackCommitMs(),
            g.latency().endToEndHistogram(),
            g.latency().ackCommitHistogram()),
        new ShareGroupResults.Work(rows, null, first, last),
        new ShareGroupResults.GroupLag(g.groupLag().lag(), g.groupLag().lagVerdict()),
        null,
        null);
  }

  private static ProtocolResults protocolOf(ShareGroupResults g) {
    ProtocolResults p = injector(0, 0, counters());
    return new ProtocolResults(
        p.config(),
        new ProtocolResults.Sends(
            p.sends().throughput(), p.sends().publishDelayMs(), null, List.of(), null),
        new ProtocolResults.Latencies(
            p.latencies().ackLatencyMs(),
            p.latencies().e2eLatencyMs(),
            p.latencies().ackLatencyHistograms(),
            p.latencies().e2eLatencyHistograms(),
            null,
            null,
            null),
        null,
        new ProtocolResults.Consumers(null, null, null, null, null),
        null,
        null,
        List.of(),
        Map.of("shareGroups", List.of(g)));
  }
}
