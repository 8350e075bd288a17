package kafkaload.internal.run;

import java.util.List;

/** What a reconciliation found: plain values, written by the verification and read by the reports. */
public final class Reconciled {
  private Reconciled() {}

  /** {@code offsetAfter} is -1 for a partition the topic no longer has (it was deleted and re-created smaller). */
  public record PartitionResult(int partition, long offsetBefore, long offsetAfter, long ackedRecords,
      long ackedBytes, long readBack, long duplicates, long reordered) {
    public boolean gone() {
      return offsetAfter < 0;
    }

    public long offsetDelta() {
      return gone() ? 0 : offsetAfter - offsetBefore;
    }
  }

  /**
   * The read-back of the run's records; {@code complete} is false when it ran out of time. {@code koInTopic}: records
   * whose send was KO but which are in the topic anyway (a batch written after the client gave up on it); they are
   * not counted as delivered. Reordering is checked between a user's records read within {@code reorderWindow}
   * (partition, user) pairs of each other; {@code reorderWindowEvicted} pairs were let go to keep that bound.
   */
  public record ReadBack(boolean complete, long scanned, long matched, long distinct, long duplicates, long gaps,
      long reordered, long koInTopic, int reorderWindow, long reorderWindowEvicted, double seconds) {}

  /**
   * One topic: {@code delivered} (distinct acked records read back) and {@code readBackDuplicates} are the
   * read-back's counts for it, -1 without a read-back ({@code delivered} also -1 when the read-back did not finish).
   * {@code change}: the topic was deleted (and perhaps re-created) during the run, else null; its offsets then
   * count from 0 of the topic as it is now, and the records acked into the old one are lost.
   */
  public record TopicResult(String topic, long ackedOk, long offsetDelta, long delivered, long readBackDuplicates,
      List<PartitionResult> partitions, TopicChange change) {

    /** Acked records not in the topic: exact with a complete read-back, else a lower bound from offsets. */
    public long lost() {
      return Math.max(0, ackedOk - (delivered >= 0 ? delivered : offsetDelta));
    }

    /** Extra copies of records: exact with read-back, else an upper bound from offsets (other writers count too). */
    public long duplicates() {
      return readBackDuplicates >= 0 ? readBackDuplicates : Math.max(0, offsetDelta - ackedOk);
    }
  }

  /** The whole run: totals over its topics, the default topic first. */
  public record Result(String runId, long inFlightAtEnd, ReadBack readBack, List<TopicResult> topics) {
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
  }

}
