package kafkaload.internal.semantic.faultwatch;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import kafkaload.internal.results.ProtocolResults;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The windows and the attribution of what a fault cost, on typed inputs: no clock, no Kafka. Times
 * in ms after the load's start.
 */
class FaultAnalysisTest {
  private static final TopicPartition P0 = new TopicPartition("t", 0);
  private static final TopicPartition P1 = new TopicPartition("t", 1);
  private static final TopicPartition P2 = new TopicPartition("t", 2);

  private static AckTimes.Trace trace(long last, long... gaps) {
    long[] starts = new long[gaps.length / 2];
    long[] ends = new long[gaps.length / 2];
    for (int i = 0; i < gaps.length; i += 2) {
      starts[i / 2] = gaps[i];
      ends[i / 2] = gaps[i + 1];
    }
    // Each pause began with the ack of a record sent as it was acked: no straggler.
    return new AckTimes.Trace(starts, ends, starts, last);
  }

  private static ProtocolResults.Fault kill(int broker, double at) {
    return new ProtocolResults.Fault(
        at,
        "kill:" + broker + "@" + at + "s",
        "fault: kill broker " + broker,
        true,
        "SIGKILL",
        5,
        broker,
        null);
  }

  private static ProtocolResults.Fault start(int broker, double at, long tookMs) {
    return new ProtocolResults.Fault(
        at,
        "start:" + broker + "@" + at + "s",
        "fault: start broker " + broker,
        true,
        "back",
        tookMs,
        broker,
        null);
  }

  @Test
  void anAnswerReadLateByABusyInjectorIsKnownByItsSendTime() {
    // The dead broker's last answer, for a record sent at 7,990, is read 600 ms after the kill (a
    // starved I/O thread); then nothing until the new leader acks at 11,200.
    AckTimes.Trace late =
        new AckTimes.Trace(new long[] {8_600}, new long[] {11_200}, new long[] {7_990}, 20_000L);
    assertEquals(11_200L, FaultAnalysis.firstAckAfter(8_000, late));
    assertTrue(FaultAnalysis.stalled(8_000, late));
    // The same pause after an ack of a record sent after the kill: another pause, not this one.
    AckTimes.Trace after =
        new AckTimes.Trace(new long[] {8_600}, new long[] {11_200}, new long[] {8_300}, 20_000L);
    assertEquals(8_000L, FaultAnalysis.firstAckAfter(8_000, after));
  }

  @Test
  void theWindowEndsWithTheFirstAckAfterTheFaultNotWithAnswersAlreadyOnTheirWay() {
    // Acks until 8,003 (answers in flight when the broker died), none until 11,200.
    assertEquals(
        11_200L, FaultAnalysis.firstAckAfter(8_000, trace(20_000, 7_980, 8_003, 8_003, 11_200)));
    // The fault fell in a pause: the next ack ends it.
    assertEquals(8_060L, FaultAnalysis.firstAckAfter(8_000, trace(20_000, 7_970, 8_060)));
    // Acks closer than the resolution kept coming: no unavailability.
    assertEquals(8_000L, FaultAnalysis.firstAckAfter(8_000, trace(20_000)));
    // Steady acks every 30 ms (each spacing a gap): the first after the fault, not a later one.
    assertEquals(
        8_010L,
        FaultAnalysis.firstAckAfter(
            8_000, trace(20_000, 7_950, 7_980, 7_980, 8_010, 8_010, 8_040, 8_040, 8_070)));
    // No ack after the fault but the stragglers: no window end.
    assertNull(FaultAnalysis.firstAckAfter(8_000, trace(8_004)));
    assertNull(FaultAnalysis.firstAckAfter(8_000, trace(7_000)));
  }

  @Test
  void aStallIsAckFlowThatStoppedAtTheFaultForTwoSecondsOrMore() {
    assertTrue(FaultAnalysis.stalled(8_000, trace(20_000, 7_990, 11_000)));
    assertFalse(FaultAnalysis.stalled(8_000, trace(20_000, 7_990, 9_000)), "1 s is no stall");
    assertFalse(
        FaultAnalysis.stalled(8_000, trace(20_000, 5_000, 11_000)), "idle long before the fault");
    assertTrue(FaultAnalysis.stalled(8_000, trace(8_010)), "stopped and never came back");
  }

  @Test
  void anEventGoesToTheLatestFaultWhoseWindowHoldsIt() {
    List<FaultAnalysis.Span> spans =
        List.of(FaultAnalysis.Span.of(kill(2, 8)), FaultAnalysis.Span.of(start(2, 20, 4_000)));
    assertEquals(8_005, spans.get(0).endMs());
    assertEquals(18_005, spans.get(0).untilMs());
    assertEquals(34_000, spans.get(1).untilMs(), "done after 4 s, then 10 s");
    assertEquals(-1, FaultAnalysis.owner(7_999, spans));
    assertEquals(0, FaultAnalysis.owner(11_000, spans));
    assertEquals(-1, FaultAnalysis.owner(19_000, spans));
    assertEquals(1, FaultAnalysis.owner(25_000, spans));
    assertEquals(-1, FaultAnalysis.owner(34_001, spans));
    // Overlapping windows: the later fault takes what happens after it began.
    List<FaultAnalysis.Span> close =
        List.of(FaultAnalysis.Span.of(kill(2, 8)), FaultAnalysis.Span.of(start(2, 12, 1_000)));
    assertEquals(0, FaultAnalysis.owner(11_000, close));
    assertEquals(1, FaultAnalysis.owner(12_500, close));
  }

  @Test
  void aDurationFaultOwnsItsEventsUntilTenSecondsAfterItWasHealed() {
    ProtocolResults.Fault pause =
        new ProtocolResults.Fault(
            10, "pause:1@10s+5s", "fault: pause broker 1", true, "", 1, 1, 15.0);
    FaultAnalysis.Span s = FaultAnalysis.Span.of(pause);
    assertEquals(15_000, s.endMs());
    assertEquals(25_000, s.untilMs());
  }

  @Test
  void aKillCostsItsLeadersWindowsTheElectionsAndIsrChangesAndItsKos() {
    MetadataHistory.Snapshot metadata =
        new MetadataHistory.Snapshot(
            Map.of(
                P0, new MetadataHistory.State(2, List.of(1, 2, 3)),
                P1, new MetadataHistory.State(1, List.of(1, 2, 3)),
                P2, new MetadataHistory.State(3, List.of(1, 2, 3))),
            Map.of(P0, 0L, P1, 0L, P2, 0L),
            List.of(
                // the kill's
                new MetadataHistory.Seen(11_100, P0, true, List.of(2), List.of(1)),
                new MetadataHistory.Seen(11_100, P0, false, List.of(1, 2, 3), List.of(1, 3)),
                new MetadataHistory.Seen(11_100, P1, false, List.of(1, 2, 3), List.of(1, 3)),
                // the restart's
                new MetadataHistory.Seen(26_000, P0, false, List.of(1, 3), List.of(1, 2, 3)),
                new MetadataHistory.Seen(26_000, P1, false, List.of(1, 3), List.of(1, 2, 3))));
    FaultAnalysis.Observed o =
        new FaultAnalysis.Observed(
            Map.of(
                P0, trace(40_000, 7_990, 8_002, 8_002, 11_300),
                P1, trace(40_000, 7_995, 11_050),
                P2, trace(40_000)),
            metadata,
            List.of(
                new FaultAnalysis.KoBucket(P2, "NotLeaderOrFollowerException", 8_100, 3),
                new FaultAnalysis.KoBucket(P2, "TimeoutException", 9_000, 2),
                new FaultAnalysis.KoBucket(P2, "TimeoutException", 2_000, 7)),
            100,
            List.of(
                new FaultAnalysis.LatencySecond(8_000, 5, 10),
                new FaultAnalysis.LatencySecond(9_000, 900, 1_800),
                new FaultAnalysis.LatencySecond(12_000, 3_400, 6_800),
                new FaultAnalysis.LatencySecond(13_000, 40, 80),
                new FaultAnalysis.LatencySecond(21_000, 12, 24),
                new FaultAnalysis.LatencySecond(30_000, 600, 1_200)));
    List<FaultImpact.Fault> faults =
        FaultAnalysis.analyse(List.of(kill(2, 8), start(2, 20, 4_000)), o);

    FaultImpact.Fault kill = faults.get(0);
    assertEquals(
        3, kill.unavailability().windows().size(), kill.unavailability().windows().toString());
    FaultImpact.Window w0 = kill.unavailability().windows().get(0);
    assertEquals("leader, stalled", w0.cause());
    assertEquals(3_300L, w0.windowMs());
    assertEquals(11.3, w0.firstAckSeconds());
    assertEquals(
        "stalled",
        kill.unavailability().windows().get(1).cause(),
        "acks=all waits for the dead follower");
    assertEquals(3_050L, kill.unavailability().windows().get(1).windowMs());
    assertEquals("failed sends", kill.unavailability().windows().get(2).cause());
    assertEquals(
        0L, kill.unavailability().windows().get(2).windowMs(), "acks kept coming on partition 2");
    assertEquals(3_300L, kill.unavailability().worstWindowMs());
    assertEquals("t-0", kill.unavailability().worstPartition());
    assertEquals(0, kill.unavailability().unrecovered());
    assertEquals(1, kill.metadata().elections().size());
    assertEquals(List.of(2), kill.metadata().elections().get(0).before());
    assertEquals(List.of(1), kill.metadata().elections().get(0).after());
    assertEquals(2, kill.metadata().isrShrinks());
    assertEquals(0, kill.metadata().isrExpansions());
    assertEquals(5, kill.kos(), "the KO before the fault is none of its own");
    assertEquals(
        Map.of("NotLeaderOrFollowerException", 3L, "TimeoutException", 2L), kill.kosByReason());
    assertEquals(11.3, kill.timing().recoveredAtSeconds());
    assertEquals(3_400.0, kill.ackLatency().ackP99MsDuring());
    assertEquals(40.0, kill.ackLatency().ackP99MsAfter(), "the seconds after 11.3 s: (12, 13] on");
    assertEquals(6_800.0, kill.ackLatency().ackMaxMsDuring());
    assertEquals(80.0, kill.ackLatency().ackMaxMsAfter());

    FaultImpact.Fault start = faults.get(1);
    assertTrue(
        start.unavailability().windows().isEmpty(), "broker 2 led nothing when it came back");
    assertNull(start.unavailability().worstWindowMs());
    assertEquals(0, start.metadata().elections().size());
    assertEquals(0, start.metadata().isrShrinks());
    assertEquals(2, start.metadata().isrExpansions());
    assertEquals(0, start.kos());
    assertEquals(
        24.0,
        start.timing().recoveredAtSeconds(),
        "an instant fault recovers when its step is done");
    assertEquals(12.0, start.ackLatency().ackP99MsDuring());
    assertEquals(600.0, start.ackLatency().ackP99MsAfter());
  }

  @Test
  void aPartitionNeverAckedAgainIsUnrecovered() {
    MetadataHistory.Snapshot metadata =
        new MetadataHistory.Snapshot(
            Map.of(P0, new MetadataHistory.State(1, List.of(1))), Map.of(P0, 0L), List.of());
    FaultAnalysis.Observed o =
        new FaultAnalysis.Observed(Map.of(P0, trace(5_001)), metadata, List.of(), 100, List.of());
    FaultImpact.Fault f = FaultAnalysis.analyse(List.of(kill(1, 5)), o).get(0);
    assertEquals(1, f.unavailability().unrecovered());
    assertNull(f.unavailability().worstWindowMs());
    assertNull(f.unavailability().windows().get(0).windowMs());
    assertEquals("leader, stalled", f.unavailability().windows().get(0).cause());
    assertEquals(15.005, f.timing().recoveredAtSeconds(), 1e-9, "to the end of its window");
  }

  @Test
  void theLeaderAtATimeIsTheFirstStateThenTheChangesUpToIt() {
    MetadataHistory.Snapshot m =
        new MetadataHistory.Snapshot(
            Map.of(P0, new MetadataHistory.State(2, List.of(2))),
            Map.of(P0, 0L),
            List.of(
                new MetadataHistory.Seen(1_000, P0, true, List.of(2), List.of(-1)),
                new MetadataHistory.Seen(2_000, P0, true, List.of(-1), List.of(3))));
    assertEquals(2, FaultAnalysis.leaders(m, 999).get(P0));
    assertEquals(-1, FaultAnalysis.leaders(m, 1_500).get(P0));
    assertEquals(3, FaultAnalysis.leaders(m, 2_000).get(P0));
  }

  @Test
  void latencyIsTheHighestPerSecondFigureOfTheSecondsThatOverlap() {
    List<FaultAnalysis.LatencySecond> s =
        List.of(
            new FaultAnalysis.LatencySecond(1_000, 10, 20),
            new FaultAnalysis.LatencySecond(2_000, Double.NaN, Double.NaN),
            new FaultAnalysis.LatencySecond(3_000, 30, 60));
    assertEquals(
        30.0,
        FaultAnalysis.highest(s, FaultAnalysis.LatencySecond::p99Ms, 1_500, 2_500, false),
        "(2, 3] overlaps (1.5, 2.5]");
    assertEquals(
        10.0, FaultAnalysis.highest(s, FaultAnalysis.LatencySecond::p99Ms, 0, 1_000, false));
    assertNull(FaultAnalysis.highest(s, FaultAnalysis.LatencySecond::p99Ms, 5_000, 6_000, false));
    assertEquals(
        30.0,
        FaultAnalysis.highest(s, FaultAnalysis.LatencySecond::p99Ms, 500, 10_000, true),
        "after 0.5 s: from (1, 2]");
    assertNull(
        FaultAnalysis.highest(s, FaultAnalysis.LatencySecond::p99Ms, 2_500, 10_000, true),
        "(2, 3] began before 2.5 s");
    assertEquals(
        60.0, FaultAnalysis.highest(s, FaultAnalysis.LatencySecond::maxMs, 0, 10_000, false));
  }
}
