package kafkaload.internal.semantic.topics;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.LongSummaryStatistics;
import kafkaload.internal.run.Reconciled.TopicResult;
import kafkaload.internal.run.WorstTopics;

/**
 * A run over several topics in a bounded size, however many: the totals, how many topics and
 * partitions, how many lost or duplicated records, the spread of acked records per topic, and the
 * worst {@link #WORST} topics. The groups are written flat.
 *
 * @param delivered records found by the read-back; -1 when it did not run or was incomplete
 */
public record TopicSpreadFigures(
    int topics,
    long partitions,
    long ackedOk,
    long delivered,
    @JsonUnwrapped Faults faults,
    @JsonUnwrapped Spread spread,
    List<TopicRow> worst) {

  /** Records lost and duplicated over the topics, and how many topics lost or duplicated any. */
  public record Faults(long lost, long duplicates, int topicsWithLost, int topicsWithDuplicates) {}

  /**
   * The spread of acked records per topic.
   *
   * @param minAckedOk the fewest records acked into one topic (the slowest topic's throughput)
   */
  public record Spread(long minAckedOk, long maxAckedOk) {}

  /** Topics listed: the worst first. */
  public static final int WORST = WorstTopics.MANY;

  /** One topic as listed among the worst. */
  public record TopicRow(
      String topic,
      int partitions,
      long ackedOk,
      long offsetDelta,
      long delivered,
      long lost,
      long duplicates,
      long reordered,
      boolean changed) {
    static TopicRow of(TopicResult t) {
      return new TopicRow(
          t.topic(),
          t.partitions().size(),
          t.ackedOk(),
          t.offsetDelta(),
          t.delivered(),
          t.lost(),
          t.duplicates(),
          t.partitions().stream().mapToLong(p -> p.reordered() == null ? 0 : p.reordered()).sum(),
          t.change() != null);
    }
  }

  /** The summary of {@code topics}; null for fewer than two. */
  public static TopicSpreadFigures of(List<TopicResult> topics) {
    if (topics.size() < 2) {
      return null;
    }
    boolean read = topics.stream().allMatch(t -> t.delivered() >= 0);
    LongSummaryStatistics acked =
        topics.stream().mapToLong(TopicResult::ackedOk).summaryStatistics();
    return new TopicSpreadFigures(
        topics.size(),
        topics.stream().mapToLong(t -> t.partitions().size()).sum(),
        acked.getSum(),
        read ? topics.stream().mapToLong(TopicResult::delivered).sum() : -1,
        new Faults(
            topics.stream().mapToLong(TopicResult::lost).sum(),
            topics.stream().mapToLong(TopicResult::duplicates).sum(),
            (int) topics.stream().filter(t -> t.lost() > 0).count(),
            (int) topics.stream().filter(t -> t.duplicates() > 0).count()),
        new Spread(acked.getMin(), acked.getMax()),
        WorstTopics.worst(topics, WORST).stream().map(TopicRow::of).toList());
  }
}
