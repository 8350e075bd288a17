package kafkaload.internal.run;

import java.util.List;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.results.ReconciliationResult.ExactlyOnce;
import kafkaload.internal.results.ReconciliationResult.Partition;
import kafkaload.internal.results.ReconciliationResult.ReadBack;
import kafkaload.internal.results.ReconciliationResult.StuckOffset;
import kafkaload.internal.results.ReconciliationResult.TopicChange;

/** What a reconciliation found: written by verification, read by reports. */
public final class Reconciled {
  private Reconciled() {}

  /**
   * One topic: {@code delivered} and {@code readBackDuplicates}, -1 without (or with an unfinished)
   * read-back. {@code change}: the topic was deleted or re-created during the run; offsets then
   * count from 0 and the old topic's records are lost.
   */
  public record TopicResult(
      String topic,
      long ackedOk,
      long offsetDelta,
      long delivered,
      long readBackDuplicates,
      List<Partition> partitions,
      TopicChange change,
      long notOwed) {

    /**
     * Acked records not in the topic: exact with a complete read-back, else a lower bound from
     * offsets; records of aborted or failed transactions ({@code notOwed}) are never lost.
     */
    public long lost() {
      return Math.max(0, ackedOk - notOwed - (delivered >= 0 ? delivered : offsetDelta));
    }

    /**
     * Offsets written beyond the acked records: an upper bound of records not accounted for.
     * Markers, aborted records, other writers and duplicates count here, compaction takes some;
     * only the read-back tells them apart.
     */
    public long unaccountedUpperBound() {
      return Math.max(0, offsetDelta - ackedOk);
    }

    /** The duplicate gate's figure: by record identity with a read-back, else the upper bound. */
    public long duplicates() {
      return readBackDuplicates >= 0 ? readBackDuplicates : unaccountedUpperBound();
    }

    /** Whether {@link #duplicates()} counts record identities (a read-back ran), not offsets. */
    public boolean duplicatesByIdentity() {
      return readBackDuplicates >= 0;
    }

    /** As kafka-summary.json shows it; a change also in words. */
    public ReconciliationResult.Topic toResult() {
      return new ReconciliationResult.Topic(
          topic,
          ackedOk,
          offsetDelta,
          lost(),
          duplicates(),
          unaccountedUpperBound(),
          delivered,
          change,
          change == null ? null : change.describe(),
          partitions);
    }
  }

  /**
   * The records of a run's transactions: acked and committed (owed to read_committed readers),
   * acked and aborted (expected invisible to them), acked in a transaction that failed so the
   * broker decided (fenced, timed out: owed to no one, found ones counted as KO'd).
   */
  public record Transactions(long committed, long aborted, long inDoubt) {
    /** As kafka-summary.json shows it, with {@code lost} and the aborted ones found (or null). */
    public ReconciliationResult.Transactions toResult(long lost, ReadBack readBack) {
      return new ReconciliationResult.Transactions(
          committed,
          aborted,
          inDoubt,
          lost,
          readBack == null ? null : readBack.abortedFound(),
          readBack == null ? null : readBack.abortedVisible());
    }
  }

  /**
   * The whole run, default topic first (its summary lists over {@link WorstTopics#MANY} topics
   * worst first). {@code exactlyOnce}, {@code transactions}: null when not asked for or none;
   * {@code stuck}: partitions whose last stable offset stayed below the high-water mark.
   */
  public record Result(
      String runId,
      long inFlightAtEnd,
      ReadBack readBack,
      List<TopicResult> topics,
      List<StuckOffset> stuck,
      ExactlyOnce exactlyOnce,
      Transactions transactions) {
    public Result {
      stuck = List.copyOf(stuck);
    }

    public Result(String runId, long inFlightAtEnd, ReadBack readBack, List<TopicResult> topics) {
      this(runId, inFlightAtEnd, readBack, topics, List.of(), null, null);
    }

    public long unaccountedUpperBound() {
      return topics.stream().mapToLong(TopicResult::unaccountedUpperBound).sum();
    }

    public long ackedOk() {
      return topics.stream().mapToLong(TopicResult::ackedOk).sum();
    }

    public long offsetDelta() {
      return topics.stream().mapToLong(TopicResult::offsetDelta).sum();
    }

    public long lost() {
      return topics.stream().mapToLong(TopicResult::lost).sum();
    }

    public long duplicates() {
      return topics.stream().mapToLong(TopicResult::duplicates).sum();
    }

    public double duplicatePct() {
      return ackedOk() == 0 ? 0 : 100.0 * duplicates() / ackedOk();
    }

    /** As kafka-summary.json shows it; {@code gated}: from a reconcile() step. */
    public ReconciliationResult toResult(boolean gated) {
      return new ReconciliationResult(
          gated,
          new ReconciliationResult.Totals(
              ackedOk(),
              offsetDelta(),
              inFlightAtEnd,
              lost(),
              duplicates(),
              duplicatePct(),
              readBack != null,
              unaccountedUpperBound()),
          readBack,
          stuck,
          // Many topics: worst first, as the console and the page show them.
          (topics.size() > WorstTopics.MANY
                  ? topics.stream().sorted(WorstTopics.WORST_FIRST)
                  : topics.stream())
              .map(TopicResult::toResult)
              .toList(),
          exactlyOnce,
          transactions == null ? null : transactions.toResult(lost(), readBack));
    }
  }
}
