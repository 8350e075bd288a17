package kafkaload.internal.semantic.subscription;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import kafkaload.internal.results.Percentiles;

/**
 * The {@code subscriptions} section of a protocol's results: each subscription (a consumer group of
 * its own per topic) of the topics, what it read and its verdict.
 *
 * @param topic the one topic read; null when they read several
 * @param topicCount the topics read, a group per subscription and topic
 * @param partitions the fewest partitions of a topic read when the subscriptions started
 */
public record SubscriptionFigures(
    String requestName,
    String topic,
    int topicCount,
    int partitions,
    List<Subscription> subscriptions) {

  /**
   * One subscription's group on one topic. The groups are written flat.
   *
   * @param index the subscription (OMB's subscriptionsPerTopic: 0 to n-1)
   * @param topic the topic this group read
   * @param reads what it read
   * @param coverage what it had to read and what it missed
   * @param verdict null when it read every acked record, else what it missed
   */
  public record Subscription(
      int index,
      String topic,
      String group,
      int consumers,
      @JsonUnwrapped Reads reads,
      @JsonUnwrapped Coverage coverage,
      String verdict) {}

  /**
   * What a subscription's group read.
   *
   * @param consumed records of this run read, read again after a rebalance included
   * @param distinct distinct records of this run read
   * @param otherRuns records of other runs read (none when it starts at the run's start)
   * @param consumedPerSec {@code consumed} over the time from its first record to its last
   * @param e2eMs record timestamp (the producer's send time) to receipt, of the records stamped
   *     after the warm-up
   */
  public record Reads(
      long consumed, long distinct, long otherRuns, Double consumedPerSec, Percentiles e2eMs) {}

  /**
   * What a subscription's group had to read and missed.
   *
   * @param expected the run's records acked into its topic, which it had to read
   * @param missing acked records it never read; {@code missingSample} the first sequence numbers
   *     its subscription read in none of its topics
   */
  public record Coverage(long expected, long missing, List<Long> missingSample) {}
}
