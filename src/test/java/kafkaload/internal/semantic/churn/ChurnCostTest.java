package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import kafkaload.internal.semantic.churn.ChurnCost.EventCost;
import kafkaload.internal.semantic.churn.ChurnCost.Timeline;
import kafkaload.internal.semantic.churn.ChurnCost.Window;
import kafkaload.internal.semantic.churn.ChurnEvent.Change;
import kafkaload.internal.semantic.churn.ChurnEvent.Life;
import kafkaload.internal.semantic.churn.ChurnEvent.Ownership;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnEvent.State;
import org.junit.jupiter.api.Test;

class ChurnCostTest {
  /**
   * b crashes at 9 s owning partitions 2 and 3, having read 0..9 of each and committed 0..7 of
   * partition 3; a gets them at 15 s (incrementally) and reads partition 3 from 8: two records read
   * twice.
   */
  @Test
  void aCrashCostsTheSessionTimeoutAndTheUncommittedRecords() {
    Timeline a =
        new Timeline(
            "a",
            List.of(
                assigned(1_000, 0, 1),
                new Read(2_000, 0, 10, 0, 9),
                new Read(2_000, 1, 10, 0, 9),
                new Read(9_500, 1, 5, 10, 14),
                assigned(15_000, 2, 3),
                new Read(15_100, 2, 10, 10, 19),
                new Read(15_100, 3, 12, 8, 19),
                new Read(15_200, 0, 5, 10, 14)),
            OptionalLong.empty());
    Timeline b =
        new Timeline(
            "b",
            List.of(
                assigned(1_000, 2, 3), new Read(2_000, 2, 10, 0, 9), new Read(2_000, 3, 10, 0, 9)),
            OptionalLong.of(9_000));
    EventCost cost = ChurnCost.of(List.of(a, b), 4, 9_000, 20_000);
    assertEquals(
        Map.of(
            2, List.of(new Window(9_000, 15_000)),
            3, List.of(new Window(9_000, 15_000))),
        cost.unowned());
    assertEquals(OptionalLong.of(6_000), cost.allOwnedAfterMillis());
    assertEquals(OptionalLong.of(6_200), cost.allReadAfterMillis(), "partition 0, read at 15.2 s");
    assertEquals(5_600, cost.longestPauseMillis(), "from 9.5 s to 15.1 s");
    assertEquals(2, cost.readTwice());
    assertEquals(List.of(5L, 0L, 0L, 0L, 0L, 0L, 27L, 0L, 0L, 0L, 0L), cost.readPerSecond());
  }

  /** An eager rebalance after a leave: every partition without an owner for a moment. */
  @Test
  void aLeaveUnderAnEagerAssignorLeavesEveryPartitionUnownedBriefly() {
    Timeline a =
        new Timeline(
            "a",
            List.of(
                assigned(1_000, 0, 1),
                new Ownership(Change.REVOKED, 4_900, List.of(0, 1)),
                new Life(State.CLOSED, 5_000, "")),
            OptionalLong.empty());
    Timeline b =
        new Timeline(
            "b",
            List.of(
                assigned(1_000, 2, 3),
                new Ownership(Change.REVOKED, 5_100, List.of(2, 3)),
                assigned(5_300, 0, 1, 2, 3)),
            OptionalLong.empty());
    EventCost cost = ChurnCost.of(List.of(a, b), 4, 4_800, 10_000);
    assertEquals(List.of(new Window(4_900, 5_300)), cost.unowned().get(0));
    assertEquals(List.of(new Window(5_100, 5_300)), cost.unowned().get(3));
    assertEquals(OptionalLong.of(500), cost.allOwnedAfterMillis());
    assertEquals(OptionalLong.empty(), cost.allReadAfterMillis(), "nothing was read after");
    assertEquals(5_200, cost.longestPauseMillis(), "no read in the whole window");
    assertEquals(0, cost.readTwice());
  }

  @Test
  void aPartitionNeverOwnedAgainHasNoRecoveryTime() {
    Timeline gone =
        new Timeline(
            "gone", List.of(assigned(0, 0), new Read(10, 0, 1, 0, 0)), OptionalLong.of(50));
    EventCost cost = ChurnCost.of(List.of(gone), 1, 50, 1_000);
    assertEquals(Map.of(0, List.of(new Window(50, 1_000))), cost.unowned());
    assertEquals(OptionalLong.empty(), cost.allOwnedAfterMillis());
    assertEquals(OptionalLong.empty(), cost.allReadAfterMillis());
  }

  @Test
  void aCloseEndsOwnershipWithoutARevocation() {
    Timeline closed =
        new Timeline(
            "c", List.of(assigned(0, 0), new Life(State.CLOSED, 100, "")), OptionalLong.empty());
    assertEquals(
        Map.of(0, List.of(new Window(0, 100))), ChurnCost.ownedWindows(List.of(closed), 1_000));
  }

  @Test
  void twoOwnersAtOnceLeaveNoGap() {
    List<Window> owners = List.of(new Window(0, 500), new Window(400, 900), new Window(950, 2_000));
    assertEquals(List.of(new Window(900, 950)), ChurnCost.unowned(owners, 100, 1_500));
    assertEquals(List.of(new Window(0, 1_000)), ChurnCost.unowned(List.of(), 0, 1_000));
    assertEquals(List.of(), ChurnCost.unowned(owners, 950, 1_500));
  }

  @Test
  void offsetsReadTwiceCountOnceEach() {
    assertEquals(
        16,
        ChurnCost.unionLength(List.of(new long[] {0, 9}, new long[] {5, 14}, new long[] {20, 20})));
    List<Read> reads =
        List.of(
            new Read(0, 0, 10, 0, 9),
            new Read(100, 0, 10, 0, 9), // all ten again
            new Read(200, 0, 5, 5, 9), // five a third time
            new Read(200, 1, 5, 0, 4)); // another partition: new
    assertEquals(15, ChurnCost.readTwice(reads, 50, 1_000));
    assertEquals(15, ChurnCost.readTwice(reads, 0, 1_000), "within the window too");
    assertEquals(5, ChurnCost.readTwice(reads, 150, 1_000));
    assertEquals(0, ChurnCost.readTwice(reads, 0, 100), "only the first read");
  }

  private static Ownership assigned(long at, Integer... partitions) {
    return new Ownership(Change.ASSIGNED, at, List.of(partitions));
  }
}
