package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import kafkaload.internal.semantic.churn.ChurnCost.EventCost;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnFigures.Event;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;
import kafkaload.internal.semantic.churn.ChurnFigures.Unread;
import org.junit.jupiter.api.Test;

class ChurnTallyTest {

  /**
   * Partition 0 produced 10..29, read 10..19 and 25..29 (twice over 15..19): 20..24 never read.
   * Partition 1 produced 0..9, read whole from before the round's start. Partition 2 produced
   * nothing.
   */
  @Test
  void recordsNeverReadAreNamedByPartitionAndFirstOffset() {
    List<Read> reads =
        List.of(
            new Read(1, 0, 10, 10, 19),
            new Read(2, 0, 5, 15, 19),
            new Read(3, 0, 5, 25, 29),
            new Read(4, 1, 15, 0, 14));
    List<Unread> unread =
        ChurnTally.unread(reads, Map.of(0, 10L, 1, 0L, 2, 7L), Map.of(0, 30L, 1, 10L, 2, 7L));
    assertEquals(List.of(new Unread(0, 5, 20)), unread);
    assertEquals(25, ChurnTally.readAtLeastOnce(30, unread));
  }

  @Test
  void aPartitionNoOneReadIsUnreadFromItsStart() {
    List<Unread> unread = ChurnTally.unread(List.of(), Map.of(3, 100L), Map.of(3, 140L));
    assertEquals(List.of(new Unread(3, 40, 100)), unread);
    assertEquals(
        List.of(new Unread(4, 2, 0)), ChurnTally.unread(List.of(), Map.of(), Map.of(4, 2L)));
  }

  @Test
  void theRoundVerdictNamesEveryPartitionWithRecordsNeverRead() {
    Round r = round(List.of(new Unread(0, 5, 20), new Unread(3, 1, 7)), List.of(event(100, 0, 0)));
    assertEquals(
        "classic-eager lost records: 6 of 100 produced never read (partition 0: 5 from offset 20,"
            + " partition 3: 1 from offset 7)",
        ChurnTally.unreadVerdict(r));
    assertNull(ChurnTally.unreadVerdict(round(List.of(), List.of())));
  }

  @Test
  void theGatesJudgeEveryStepAndNoBoundIsNoVerdict() {
    Round r = round(List.of(), List.of(event(200, 0, 0), event(900, 30, 3.0)));
    assertNull(ChurnTally.pauseVerdict(r, null));
    assertNull(ChurnTally.pauseVerdict(r, 900L));
    assertEquals(
        "classic-eager rolling@5s+5s: a partition had no owner for 900 ms, above churn.maxPauseMs"
            + " 899",
        ChurnTally.pauseVerdict(r, 899L));
    assertNull(ChurnTally.readTwiceVerdict(r, null));
    assertNull(ChurnTally.readTwiceVerdict(r, 3.0));
    assertTrue(
        ChurnTally.readTwiceVerdict(r, 2.5)
            .startsWith(
                "classic-eager rolling@5s+5s: 30 records read twice (3.00 % of those read)"),
        ChurnTally.readTwiceVerdict(r, 2.5));
  }

  /** The pause is the longest unowned window of any partition; read twice as a share of reads. */
  @Test
  void aStepsFigureComesFromItsCost() {
    EventCost cost =
        new EventCost(
            10_000,
            12_500,
            Map.of(
                0, List.of(new ChurnCost.Window(10_000, 10_300)),
                5,
                    List.of(
                        new ChurnCost.Window(10_100, 10_200),
                        new ChurnCost.Window(11_000, 11_450))),
            OptionalLong.of(1_450),
            OptionalLong.empty(),
            700,
            3,
            List.of(100L, 150L, 50L));
    Event e = ChurnTally.event("crash:1@4s", 6_000, cost, LAG, E2E, KAFKA);
    assertEquals(4_000, e.atMs());
    assertEquals(2_500, e.windowMs());
    assertEquals(450, e.recovery().longestUnownedMs());
    assertEquals(1_450L, e.recovery().allOwnedAfterMs());
    assertNull(e.recovery().allReadAfterMs());
    assertEquals(700, e.recovery().longestNoReadMs());
    assertEquals(1.0, e.reads().readTwicePct());
    // the last half second is not a whole one
    assertEquals(100L, e.reads().minReadPerSec());
    assertEquals(LAG, e.lag());
    assertEquals(E2E, e.endToEnd());
    assertEquals(KAFKA, e.kafka());
  }

  @Test
  void aWindowUnderASecondHasNoFewestPerSecond() {
    assertNull(ChurnTally.minWholeSecond(List.of(40L), 999));
    assertEquals(3L, ChurnTally.minWholeSecond(List.of(9L, 3L, 0L), 2_001));
  }

  static final ChurnFigures.Lag LAG = new ChurnFigures.Lag(40, 900L);
  static final ChurnFigures.EndToEnd E2E = new ChurnFigures.EndToEnd(300, 12L, 2_000L);
  static final ChurnFigures.KafkaRebalances KAFKA =
      new ChurnFigures.KafkaRebalances(2, 150L, 300L, 7);

  static Event event(long pause, long twice, double pct) {
    return new Event(
        "rolling@5s+5s",
        5_000,
        20_000,
        new ChurnFigures.Recovery(1L, 1L, pause, 0),
        new ChurnFigures.Reads(twice, pct, 1L, List.of()),
        LAG,
        E2E,
        KAFKA);
  }

  static Round round(List<Unread> unread, List<Event> events) {
    long missing = unread.stream().mapToLong(Unread::records).sum();
    return new Round(
        "classic-eager",
        "g",
        new ChurnFigures.Counts(100, 100 - missing, 0, unread),
        events,
        new ChurnFigures.PerSecond(List.of(), List.of()),
        new ChurnFigures.Steady(20L, 5L),
        new ChurnFigures.KafkaGroup(4, 300L, 7, "Stable", 4, null),
        null);
  }
}
