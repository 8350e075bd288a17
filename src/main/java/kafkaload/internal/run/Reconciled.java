package kafkaload.internal.run;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a reconciliation found: plain values, written by the verification and read by the reports.
 */
public final class Reconciled {
  private Reconciled() {}

  /**
   * {@code offsetAfter} is -1 for a partition the topic no longer has (it was deleted and
   * re-created smaller).
   */
  public record PartitionResult(
      int partition,
      long offsetBefore,
      long offsetAfter,
      long ackedRecords,
      long ackedBytes,
      long readBack,
      long duplicates,
      long reordered) {
    public boolean gone() {
      return offsetAfter < 0;
    }

    public long offsetDelta() {
      return gone() ? 0 : offsetAfter - offsetBefore;
    }
  }

  /**
   * The read-back of the run's records; {@code complete} is false when it ran out of time or a
   * partition's last stable offset stayed stuck. {@code koInTopic}: records whose send was KO but
   * which are in the topic anyway (a batch written after the client gave up on it); they are not
   * counted as delivered. Reordering is checked between a user's records read within {@code
   * reorderWindow} (partition, user) pairs of each other; {@code reorderWindowEvicted} pairs were
   * let go to keep that bound. {@code foundByInjector}: distinct records found per sequence space,
   * i.e. per injector of a distributed run (0 alone for one JVM), KO'd ones included; {@code
   * unreportedInjectors}: injectors that reported no results (died): their records found are
   * counted there only, never as delivered, since no injector acked them. {@code isolationLevel}:
   * how the read-back read (read_committed: committed records only, up to the last stable offset;
   * transaction markers and aborted records are offsets but no records, never counted).
   */
  public record ReadBack(
      boolean complete,
      long scanned,
      long matched,
      long distinct,
      long duplicates,
      long gaps,
      long reordered,
      long koInTopic,
      int reorderWindow,
      long reorderWindowEvicted,
      double seconds,
      Map<Integer, Long> foundByInjector,
      List<Integer> unreportedInjectors,
      String isolationLevel,
      long abortedFound) {
    public ReadBack {
      foundByInjector = Collections.unmodifiableMap(new TreeMap<>(foundByInjector));
      unreportedInjectors = List.copyOf(unreportedInjectors);
    }

    public ReadBack(
        boolean complete,
        long scanned,
        long matched,
        long distinct,
        long duplicates,
        long gaps,
        long reordered,
        long koInTopic,
        int reorderWindow,
        long reorderWindowEvicted,
        double seconds,
        Map<Integer, Long> foundByInjector,
        List<Integer> unreportedInjectors,
        String isolationLevel) {
      this(
          complete,
          scanned,
          matched,
          distinct,
          duplicates,
          gaps,
          reordered,
          koInTopic,
          reorderWindow,
          reorderWindowEvicted,
          seconds,
          foundByInjector,
          unreportedInjectors,
          isolationLevel,
          0);
    }

    /**
     * Records of aborted transactions a read_committed read-back saw: a breach of isolation (0
     * under read_uncommitted, where they are expected and counted in {@code abortedFound}).
     */
    public long abortedVisible() {
      return "read_committed".equals(isolationLevel) ? abortedFound : 0;
    }

    /** Records found in the topic from injectors that reported no results. */
    public long foundUnreported() {
      return unreportedInjectors.stream().mapToLong(i -> foundByInjector.getOrDefault(i, 0L)).sum();
    }

    public ReadBack(
        boolean complete,
        long scanned,
        long matched,
        long distinct,
        long duplicates,
        long gaps,
        long reordered,
        long koInTopic,
        int reorderWindow,
        long reorderWindowEvicted,
        double seconds) {
      this(
          complete,
          scanned,
          matched,
          distinct,
          duplicates,
          gaps,
          reordered,
          koInTopic,
          reorderWindow,
          reorderWindowEvicted,
          seconds,
          Map.of(),
          List.of(),
          "read_committed",
          0);
    }
  }

  /**
   * A partition whose last stable offset stayed below its high-water mark for {@code waitedMillis}:
   * a transaction open on it hides every record after its start from a read_committed reader.
   * {@code openTransactions}: producer id → the offset its open transaction started at (empty when
   * the broker named none).
   */
  public record StuckOffset(
      String topic,
      int partition,
      long lastStableOffset,
      long highWatermark,
      long waitedMillis,
      Map<Long, Long> openTransactions) {
    public StuckOffset {
      openTransactions = Map.copyOf(openTransactions);
    }

    /**
     * "orders-3: last stable offset 120 below high-water mark 130 for 10.0 s; open transaction of
     * producer id 7 ..."
     */
    public String describe() {
      return String.format(
          Locale.ROOT,
          "%s-%d: last stable offset %d below high-water mark %d for %.1f s; %s",
          topic,
          partition,
          lastStableOffset,
          highWatermark,
          waitedMillis / 1000.0,
          openTransactions.isEmpty()
              ? "no open transaction named by the broker"
              : "open transaction(s) of producer id(s) "
                  + String.join(
                      ", ",
                      openTransactions.entrySet().stream()
                          .sorted(Map.Entry.comparingByKey())
                          .map(e -> e.getKey() + " (since offset " + e.getValue() + ")")
                          .toList()));
    }
  }

  /**
   * One topic: {@code delivered} (distinct acked records read back) and {@code readBackDuplicates}
   * are the read-back's counts for it, -1 without a read-back ({@code delivered} also -1 when the
   * read-back did not finish). {@code change}: the topic was deleted (and perhaps re-created)
   * during the run, else null; its offsets then count from 0 of the topic as it is now, and the
   * records acked into the old one are lost.
   */
  public record TopicResult(
      String topic,
      long ackedOk,
      long offsetDelta,
      long delivered,
      long readBackDuplicates,
      List<PartitionResult> partitions,
      TopicChange change,
      long notOwed) {

    public TopicResult(
        String topic,
        long ackedOk,
        long offsetDelta,
        long delivered,
        long readBackDuplicates,
        List<PartitionResult> partitions,
        TopicChange change) {
      this(topic, ackedOk, offsetDelta, delivered, readBackDuplicates, partitions, change, 0);
    }

    /**
     * Acked records not in the topic: exact with a complete read-back, else a lower bound from
     * offsets. Records of aborted or failed transactions ({@code notOwed}) are owed to no reader,
     * so never lost.
     */
    public long lost() {
      return Math.max(0, ackedOk - notOwed - (delivered >= 0 ? delivered : offsetDelta));
    }

    /**
     * Offsets written to the topic during the run beyond its acked records: an upper bound of the
     * records in the topic not accounted for. Offsets are not records: transaction markers, aborted
     * records, other writers' records and duplicates all count here, compaction takes some away;
     * only the read-back tells them apart.
     */
    public long unaccountedUpperBound() {
      return Math.max(0, offsetDelta - ackedOk);
    }

    /**
     * What the duplicate gate judges: with a read-back, extra copies counted by record identity
     * (the run-identity headers), exact; without one, {@link #unaccountedUpperBound()}.
     */
    public long duplicates() {
      return readBackDuplicates >= 0 ? readBackDuplicates : unaccountedUpperBound();
    }

    /** Whether {@link #duplicates()} counts record identities (a read-back ran), not offsets. */
    public boolean duplicatesByIdentity() {
      return readBackDuplicates >= 0;
    }
  }

  /**
   * The exactly-once verdict of a consume-transform-produce pipeline: the run's records on its
   * input topic(s) that a read_committed reader sees (committed inputs) against the records read
   * read_committed from its {@code outputTopic}, matched by the run-identity headers the pipeline
   * carries over. {@code duplicates}: outputs of an input beyond its first; {@code missing}:
   * committed inputs with no committed output; {@code unexpected}: outputs of this run with no
   * committed input. {@code abortedOutputs}: records of this run in the output topic that a
   * read_uncommitted reader sees and a read_committed one does not (written in transactions that
   * were aborted, for example by a crash); they are expected, not duplicates. {@code complete}: the
   * input read-back was complete and the output was read to its last stable offset; {@code
   * missingSample}: the first few missing sequence numbers. {@code error}: why it could not be
   * judged, or null.
   */
  public record ExactlyOnce(
      String outputTopic,
      long committedInputs,
      long committedOutputs,
      long distinctOutputs,
      long duplicates,
      long missing,
      long unexpected,
      long abortedOutputs,
      boolean complete,
      double seconds,
      List<Long> missingSample,
      String error) {
    public ExactlyOnce {
      missingSample = List.copyOf(missingSample);
    }

    /** A verdict that could not be reached, with its reason. */
    public static ExactlyOnce unjudged(String outputTopic, String error) {
      return new ExactlyOnce(outputTopic, 0, 0, 0, 0, 0, 0, 0, false, 0, List.of(), error);
    }

    /**
     * Null when every committed input has exactly one committed output, else why not (the gate's
     * reason).
     */
    public String failure() {
      if (error != null) {
        return "exactly-once on '" + outputTopic + "' not judged: " + error;
      }
      List<String> wrong = new java.util.ArrayList<>();
      if (missing > 0) {
        wrong.add(
            missing
                + " committed input(s) without a committed output (first sequence numbers "
                + missingSample
                + ")");
      }
      if (duplicates > 0) {
        wrong.add(duplicates + " duplicate committed output(s)");
      }
      if (unexpected > 0) {
        wrong.add(unexpected + " committed output(s) of this run with no committed input");
      }
      if (!complete && wrong.isEmpty()) {
        wrong.add("the read-back did not finish");
      }
      return wrong.isEmpty()
          ? null
          : "EXACTLY-ONCE BROKEN on '"
              + outputTopic
              + "': "
              + String.join("; ", wrong)
              + " ("
              + committedInputs
              + " committed inputs, "
              + distinctOutputs
              + " distinct committed outputs)";
    }
  }

  /**
   * The records of a run's transactions: acked and committed (owed to read_committed readers),
   * acked and aborted (expected invisible to them), acked in a transaction that failed so the
   * broker decided (fenced, timed out: owed to no one, found ones counted as KO'd).
   */
  public record Transactions(long committed, long aborted, long inDoubt) {}

  /**
   * The whole run: totals over its topics, the default topic first. {@code exactlyOnce}: the
   * pipeline verdict when one was asked for, else null. {@code transactions}: the records of the
   * run's transactions, null without any. {@code stuck}: partitions whose last stable offset did
   * not reach the high-water mark in time, so the read-back could not see past it.
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

    public Result(
        String runId,
        long inFlightAtEnd,
        ReadBack readBack,
        List<TopicResult> topics,
        List<StuckOffset> stuck) {
      this(runId, inFlightAtEnd, readBack, topics, stuck, null, null);
    }

    public Result(String runId, long inFlightAtEnd, ReadBack readBack, List<TopicResult> topics) {
      this(runId, inFlightAtEnd, readBack, topics, List.of());
    }

    /** The same result with the exactly-once verdict of a pipeline's output. */
    public Result withExactlyOnce(ExactlyOnce verdict) {
      return new Result(runId, inFlightAtEnd, readBack, topics, stuck, verdict, transactions);
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
  }
}
