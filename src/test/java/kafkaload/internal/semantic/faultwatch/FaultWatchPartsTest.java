package kafkaload.internal.semantic.faultwatch;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The fault watch's recorders: ack gaps, the metadata history, the merge and the console. */
class FaultWatchPartsTest {
  private static final TopicPartition P0 = new TopicPartition("t", 0);

  @Test
  void acksKeepOnlyTheirPausesAndOldOnesArePruned() {
    AckTimes a = new AckTimes();
    a.acked("t", 0, 998, 1_000);
    a.acked("t", 0, 1_003, 1_005);
    a.acked("t", 0, 1_001, 1_003); // a late answer of another producer: no gap
    a.acked("t", 0, 3_998, 4_000);
    a.acked("t", 0, 4_008, 4_010);
    a.acked("t", 0, 8_998, 9_000);
    a.acked("t", -1, 8_998, 9_000); // no partition: not counted
    AckTimes.Trace t = a.traces(1_000).get(P0);
    assertArrayEquals(new long[] {5, 3_010}, t.gapStarts());
    assertArrayEquals(new long[] {3_000, 8_000}, t.gapEnds());
    // When the record whose ack began each pause was sent.
    assertArrayEquals(new long[] {3, 3_008}, t.gapStartSent());
    assertEquals(8_000L, t.lastAckMs());
    a.prune(5_000);
    assertArrayEquals(new long[] {3_010}, a.traces(1_000).get(P0).gapStarts());
    assertEquals(1, a.traces(0).size());
  }

  @Test
  void metadataHistoryKeepsTheFirstStateAndEachLeaderAndIsrChange() {
    MetadataHistory h = new MetadataHistory();
    h.observe(100, Map.of(P0, new MetadataHistory.State(2, List.of(1, 2, 3))));
    h.observe(400, Map.of(P0, new MetadataHistory.State(2, List.of(1, 2, 3))));
    h.observe(700, Map.of(P0, new MetadataHistory.State(1, List.of(1, 3))));
    h.observe(1_000, Map.of());
    MetadataHistory.Snapshot s = h.snapshot();
    assertEquals(2, s.first().get(P0).leader());
    assertEquals(100L, s.firstAtMs().get(P0));
    assertEquals(
        List.of(
            new MetadataHistory.Seen(700, P0, true, List.of(2), List.of(1)),
            new MetadataHistory.Seen(700, P0, false, List.of(1, 2, 3), List.of(1, 3))),
        s.changes());
  }

  @Test
  void aFaultLongPastIsSettledSoItsWindowOutlivesThePrunedPast() {
    FaultWatchCounters c = new FaultWatchCounters();
    assertNull(c.figures(List.of(), null, null), "no section before the load");
    c.started(100_000, null);
    c.metadata().observe(100_300, Map.of(P0, new MetadataHistory.State(2, List.of(1, 2))));
    c.answered("t", 0, 100_990, 101_000, null);
    c.answered("t", 0, 101_020, 104_500, null); // the kill at 1 s: acked again 3.5 s later
    c.answered("t", 1, 101_200, 102_000, new org.apache.kafka.common.errors.TimeoutException("x"));
    List<kafkaload.internal.results.ProtocolResults.Fault> faults =
        List.of(
            new kafkaload.internal.results.ProtocolResults.Fault(
                1.0, "kill:2@1s", "fault: kill broker 2", true, "SIGKILL", 3, 2, null));
    c.settle(100_000 + 60_000, faults); // not yet: its window is recent
    c.settle(100_000 + 20 * 60_000, faults); // settled, then the past pruned
    assertEquals(0, c.observed().acks().get(P0).gapStarts().length, "the gap is pruned");
    assertTrue(c.observed().kos().isEmpty(), "the KOs too");
    FaultImpact s = c.figures(faults, 0L, 0L);
    FaultImpact.Fault f = s.faults().get(0);
    assertEquals(3_500L, f.unavailability().worstWindowMs(), "as settled");
    assertEquals(
        List.of("t-0", "t-1"),
        f.unavailability().windows().stream().map(w -> w.topic() + "-" + w.partition()).toList());
    assertEquals("failed sends", f.unavailability().windows().get(1).cause());
    assertEquals(Map.of("TimeoutException", 1L), f.kosByReason());
    assertSame(s, c.last());
  }

  private static FaultImpact.Fault fault(
      long window, double firstAck, double changeAt, long kos, double p99) {
    return new FaultImpact.Fault(
        "kill:2@8s",
        "fault: kill broker 2",
        2,
        true,
        new FaultImpact.Timing(8, null, 18, 8 + window / 1000.0),
        new FaultImpact.Unavailability(
            window, "t-0", 0, List.of(new FaultImpact.Window("t", 0, "leader", window, firstAck))),
        new FaultImpact.MetadataChanges(
            List.of(new FaultImpact.Change(changeAt, "t", 0, List.of(2), List.of(1))),
            List.of(new FaultImpact.Change(changeAt, "t", 0, List.of(1, 2, 3), List.of(1, 3))),
            1,
            0),
        kos,
        Map.of("TimeoutException", kos),
        new FaultImpact.AckLatency(p99, 10.0, p99 * 4, 20.0));
  }

  @Test
  void injectorsMergeToTheEarliestFirstAckEachChangeOnceAndKosSummed() {
    FaultImpact a =
        new FaultImpact(List.of(fault(3_300, 11.3, 11.1, 2, 900)), 0L, 1L, 20, 10, 1, "x");
    FaultImpact b =
        new FaultImpact(List.of(fault(3_100, 11.1, 11.4, 3, 3_000)), 0L, 2L, 20, 12, 0, null);
    FaultImpact m = FaultImpactMerge.of(List.of(a, b));
    FaultImpact.Fault f = m.faults().get(0);
    assertEquals(3_100L, f.unavailability().worstWindowMs());
    assertEquals(3_100L, f.unavailability().windows().get(0).windowMs());
    assertEquals(
        1, f.metadata().elections().size(), "one cluster: the same election seen twice is one");
    assertEquals(11.1, f.metadata().elections().get(0).atSeconds());
    assertEquals(1, f.metadata().isrShrinks());
    assertEquals(5, f.kos());
    assertEquals(Map.of("TimeoutException", 5L), f.kosByReason());
    assertEquals(3_000.0, f.ackLatency().ackP99MsDuring());
    assertEquals(12_000.0, f.ackLatency().ackMaxMsDuring());
    assertEquals(3L, m.duplicatesPerRun());
    assertEquals(22, m.metadataPolls());
    assertNull(FaultImpactMerge.of(List.of()));
    FaultImpact unreconciled = new FaultImpact(List.of(), null, null, 20, 0, 0, null);
    assertNull(FaultImpactMerge.of(List.of(a, unreconciled)).lostPerRun());
  }

  @Test
  void theConsolePrintsABlockPerFaultThenTheRunsLoss() {
    FaultImpact s =
        new FaultImpact(List.of(fault(3_300, 11.3, 11.1, 2, 900)), 0L, 4L, 20, 10, 0, null);
    List<String> lines = FaultConsole.lines(s);
    assertEquals(3, lines.size(), lines.toString());
    assertEquals(
        "[kafkaload] What fault kill:2@8s cost (at 8.0 s, broker 2): unavailable up to 3,300 ms (t-0);"
            + " 1 partition(s): t-0 3,300 ms (leader)",
        lines.get(0));
    assertEquals(
        "[kafkaload]   1 leader election, 1 ISR shrink, 0 ISR expansions; 2 KOs (TimeoutException 2);"
            + " ack latency during: p99 900 ms, max 3,600 ms; after: p99 10 ms, max 20 ms",
        lines.get(1));
    assertTrue(lines.get(2).endsWith("0 acked records lost, 4 duplicates"), lines.get(2));
    assertTrue(FaultConsole.lines(null).isEmpty());
  }
}
