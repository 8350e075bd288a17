package kafkaload.run;

import java.util.List;

/** What a reconciliation found: plain values, written by the verification and read by the reports. */
public final class Reconciled {
  private Reconciled() {}

  public record PartitionResult(int partition, long offsetBefore, long offsetAfter, long ackedRecords,
      long ackedBytes, long readBack, long duplicates, long reordered) {
    public long offsetDelta() {
      return offsetAfter - offsetBefore;
    }
  }

  /**
   * The read-back of the run's records; {@code complete} is false when it ran out of time. {@code koInTopic}: records
   * whose send was KO but which are in the topic anyway (a batch written after the client gave up on it); they are
   * not counted as delivered. {@code koLedgerComplete} is false when there were too many KOs to keep them all.
   */
  public record ReadBack(boolean complete, long scanned, long matched, long distinct, long duplicates, long gaps,
      long reordered, long koInTopic, boolean koLedgerComplete, double seconds) {}

  /**
   * One topic: {@code delivered} (distinct acked records read back) and {@code readBackDuplicates} are the
   * read-back's counts for it, -1 without a read-back ({@code delivered} also -1 when the read-back did not finish).
   */
  public record TopicResult(String topic, long ackedOk, long offsetDelta, long delivered, long readBackDuplicates,
      List<PartitionResult> partitions) {

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
