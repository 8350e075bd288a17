package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.results.ReconciliationResult.Partition;
import kafkaload.internal.run.Reconciled.Result;
import kafkaload.internal.run.Reconciled.TopicResult;
import org.junit.jupiter.api.Test;

/**
 * Lost and duplicate arithmetic: exact from a complete read-back, bounds from end offsets
 * otherwise, and the totals.
 */
class ReconciledTest {
  private static TopicResult topic(
      long ackedOk, long offsetDelta, long delivered, long readBackDuplicates) {
    return new TopicResult(
        "t", ackedOk, offsetDelta, delivered, readBackDuplicates, List.of(), null, 0);
  }

  @Test
  void theSummaryListsManyTopicsWorstFirstAndFewAsTheyCame() {
    List<TopicResult> many = new java.util.ArrayList<>();
    for (int i = 0; i < WorstTopics.MANY + 2; i++) {
      // t-00 .. t-11, each acked 100; t-07 lost 3, t-03 lost 1, t-09 has 2 more in its offsets.
      long delta = i == 7 ? 97 : i == 3 ? 99 : i == 9 ? 102 : 100;
      many.add(new TopicResult(String.format("t-%02d", i), 100, delta, -1, -1, List.of(), null, 0));
    }
    List<String> order =
        new Result("r", 0, null, many)
            .toResult(false).topics().stream().map(ReconciliationResult.Topic::topic).toList();
    assertEquals(List.of("t-07", "t-03", "t-09", "t-00"), order.subList(0, 4));
    assertEquals(many.size(), order.size());
    List<String> few =
        new Result("r", 0, null, many.subList(5, 10))
            .toResult(false).topics().stream().map(ReconciliationResult.Topic::topic).toList();
    assertEquals(List.of("t-05", "t-06", "t-07", "t-08", "t-09"), few);
  }

  @Test
  void withoutReadBackOffsetsBoundLostAndDuplicates() {
    TopicResult shortfall = topic(100, 95, -1, -1);
    assertEquals(5, shortfall.lost());
    assertEquals(0, shortfall.duplicates());
    TopicResult surplus = topic(100, 110, -1, -1);
    assertEquals(0, surplus.lost());
    assertEquals(10, surplus.duplicates());
  }

  @Test
  void recordsOfAbortedTransactionsAreOwedToNoReaderSoNeverLost() {
    // 100 acked, 30 of them in aborted transactions: a read_committed read-back finds the 70
    // committed.
    TopicResult t = new TopicResult("t", 100, 100 + 10, 70, 0, List.of(), null, 30);
    assertEquals(0, t.lost());
    TopicResult short1 = new TopicResult("t", 100, 110, 69, 0, List.of(), null, 30);
    assertEquals(1, short1.lost(), "a committed record missing is lost");
  }

  @Test
  void abortedRecordsReadBackBreakIsolationOnlyUnderReadCommitted() {
    ReconciliationResult.ReadBack committed =
        new ReconciliationResult.ReadBack(
            true,
            new ReconciliationResult.ReadBack.Counts(10, 10, 10, 0, 0, 0),
            new ReconciliationResult.ReadBack.Reordering(0, 100, 0),
            1.0,
            new ReconciliationResult.ReadBack.Found(Map.of(), List.of()),
            "read_committed",
            3L);
    ReconciliationResult.ReadBack uncommitted =
        new ReconciliationResult.ReadBack(
            true,
            new ReconciliationResult.ReadBack.Counts(10, 10, 10, 0, 0, 0),
            new ReconciliationResult.ReadBack.Reordering(0, 100, 0),
            1.0,
            new ReconciliationResult.ReadBack.Found(Map.of(), List.of()),
            "read_uncommitted",
            3L);
    assertEquals(3, committed.abortedVisible());
    assertEquals(0, uncommitted.abortedVisible());
  }

  @Test
  void aCompleteReadBackWinsOverOffsets() {
    // Offsets alone would say 0 lost and 3 duplicates; the read-back found 97 distinct and 6 extra
    // copies.
    TopicResult t = topic(100, 103, 97, 6);
    assertEquals(3, t.lost());
    assertEquals(6, t.duplicates());
  }

  @Test
  void anIncompleteReadBackFallsBackToOffsetsForLostOnly() {
    TopicResult t = topic(100, 98, -1, 4);
    assertEquals(2, t.lost());
    assertEquals(4, t.duplicates());
  }

  @Test
  void transactionMarkersAreOffsetsNotRecordsAndNeverDuplicates() {
    // 100 acked records committed in 10 transactions: 110 offsets, of which 10 are commit markers.
    // The read-back
    // (read_committed) finds the 100 records once each.
    TopicResult t = topic(100, 110, 100, 0);
    assertEquals(0, t.duplicates(), "duplicates count record identities, not offsets");
    assertTrue(t.duplicatesByIdentity());
    assertEquals(0, t.lost());
    assertEquals(
        10, t.unaccountedUpperBound(), "the markers are offsets no acked record accounts for");
    // Without a read-back only the bound is known, and the duplicate gate judges it as before.
    TopicResult offsetsOnly = topic(100, 110, -1, -1);
    assertFalse(offsetsOnly.duplicatesByIdentity());
    assertEquals(10, offsetsOnly.duplicates());
    assertEquals(10, offsetsOnly.unaccountedUpperBound());
    assertEquals(0, offsetsOnly.lost());
    // An aborted transaction's 20 acked records take offsets too but are never read: missing, not
    // duplicates.
    TopicResult aborted = topic(120, 132, 100, 0);
    assertEquals(20, aborted.lost());
    assertEquals(0, aborted.duplicates());
    assertEquals(12, aborted.unaccountedUpperBound());
    Result r = new Result("r", 0, null, List.of(t, aborted));
    assertEquals(22, r.unaccountedUpperBound());
    assertEquals(0, r.duplicates());
    assertEquals(20, r.lost());
  }

  @Test
  void aStuckLastStableOffsetNamesThePartitionAndTheProducers() {
    ReconciliationResult.StuckOffset s =
        new ReconciliationResult.StuckOffset(
            "orders", 3, 120, 130, 10_000, Map.of(42L, 120L), null);
    assertEquals(
        "orders-3: last stable offset 120 below high-water mark 130 for 10.0 s; open transaction(s) of "
            + "producer id(s) 42 (since offset 120)",
        s.describe());
    assertEquals(List.of(), new Result("r", 0, null, List.of()).stuck());
  }

  @Test
  void lostNeverGoesNegative() {
    assertEquals(0, topic(10, 10, 12, 0).lost());
    assertEquals(0, topic(0, 0, -1, -1).lost());
    assertEquals(0, topic(0, 0, -1, -1).duplicates());
  }

  @Test
  void resultSumsItsTopics() {
    Result r = new Result("run-1", 0, null, List.of(topic(100, 95, -1, -1), topic(50, 60, -1, -1)));
    assertEquals(150, r.ackedOk());
    assertEquals(155, r.offsetDelta());
    assertEquals(5, r.lost());
    assertEquals(10, r.duplicates());
    assertEquals(100.0 * 10 / 150, r.duplicatePct(), 1e-12);
    assertEquals(6.6667, r.duplicatePct(), 1e-4);
  }

  @Test
  void duplicatePctIsZeroWhenNothingWasAcked() {
    Result r = new Result(null, 0, null, List.of(topic(0, 4, -1, -1)));
    assertEquals(4, r.duplicates());
    assertEquals(0.0, r.duplicatePct());
    assertEquals(0.0, new Result(null, 0, null, List.of()).duplicatePct());
  }

  @Test
  void partitionOffsetDeltaIsAfterMinusBefore() {
    assertEquals(20, new Partition(3, 100, 120, 20, 2000, -1L, -1L, -1L).offsetDelta());
    assertEquals(0, new Partition(0, 7, 7, 0, 0, 0L, 0L, 0L).offsetDelta());
  }

  @Test
  void aPartitionTheTopicNoLongerHasIsGoneAndAddsNoOffsets() {
    Partition gone = new Partition(5, 0, -1, 30, 3000, 0L, 0L, 0L);
    assertTrue(gone.gone());
    assertEquals(0, gone.offsetDelta());
    assertFalse(new Partition(0, 0, 0, 0, 0, 0L, 0L, 0L).gone());
  }
}
