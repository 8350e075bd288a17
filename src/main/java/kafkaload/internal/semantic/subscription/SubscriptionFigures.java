package kafkaload.internal.semantic.subscription;

import java.util.List;
import kafkaload.internal.results.Percentiles;

/**
 * The {@code subscriptions} section of a protocol's results: each subscription (a consumer group of
 * its own) of the topic, what it read and its verdict.
 *
 * @param partitions the topic's partitions when the subscriptions started
 */
public record SubscriptionFigures(
    String requestName, String topic, int partitions, List<Subscription> subscriptions) {

  /**
   * One subscription.
   *
   * @param consumed records of this run read, read again after a rebalance included
   * @param distinct distinct records of this run read
   * @param otherRuns records of other runs read (none when it starts at the run's start)
   * @param consumedPerSec {@code consumed} over the time from its first record to its last
   * @param e2eMs record timestamp (the producer's send time) to receipt, of the records stamped
   *     after the warm-up
   * @param expected the run's acked records it had to read
   * @param missing acked records it never read; {@code missingSample} their first sequence numbers
   * @param verdict null when it read every acked record, else what it missed
   */
  public record Subscription(
      int index,
      String group,
      int consumers,
      long consumed,
      long distinct,
      long otherRuns,
      Double consumedPerSec,
      Percentiles e2eMs,
      long expected,
      long missing,
      List<Long> missingSample,
      String verdict) {}
}
