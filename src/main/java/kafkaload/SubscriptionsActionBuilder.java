package kafkaload;

import java.time.Duration;
import kafkaload.internal.semantic.subscription.SubscriptionActions;
import kafkaload.internal.semantic.subscription.SubscriptionSpec;

/**
 * {@code kafka("subscription").subscriptions(2, 4)}: subscriptions of the topic, as an
 * OpenMessaging Benchmark workload has them. One virtual user runs them: each subscription is a
 * consumer group of its own ({@code <groupPrefix>-sub-<i>}, made with its offsets at the run's
 * start) of {@code consumers} consumers, reading for {@code during}, then until every acked record
 * is read (the producers done) or {@code drainTimeout}. Per subscription: the records read, the
 * rate, the end-to-end latency (record timestamp to receipt, for the records sent {@code
 * timedAfter} the start or later) and the verdict {@code "<name> <i> reconciled"}, a KO naming the
 * acked records it never read. Name the groups in the lag monitor to have their lag judged.
 * Defaults: the protocol's topic, a group prefix of the run's own, 60 s, timed from the start, 30 s
 * drain. See docs/workloads.md. Every call returns a new builder.
 */
public final class SubscriptionsActionBuilder extends SpecStep {
  private final SubscriptionSpec spec;

  SubscriptionsActionBuilder(SubscriptionSpec spec) {
    super(() -> SubscriptionActions.subscriptions(spec));
    this.spec = spec;
  }

  /** The topic they read (default: the protocol's). */
  public SubscriptionsActionBuilder topic(String topic) {
    return new SubscriptionsActionBuilder(spec.withTopic(topic));
  }

  /** Each group is {@code <prefix>-sub-<i>} (default: {@code kafkaload-sub-<random>}). */
  public SubscriptionsActionBuilder groupPrefix(String prefix) {
    return new SubscriptionsActionBuilder(spec.withGroupPrefix(prefix));
  }

  /** How long they read before the drain, from when they start. */
  public SubscriptionsActionBuilder during(Duration reading) {
    return new SubscriptionsActionBuilder(spec.withDuring(reading));
  }

  /** The end-to-end latency counts the records sent this long after the start or later. */
  public SubscriptionsActionBuilder timedAfter(Duration warmUp) {
    return new SubscriptionsActionBuilder(spec.withMeasuredAfter(warmUp));
  }

  /**
   * A consumer property of every group's consumer (an OMB driver's consumerConfig: {@code
   * max.partition.fetch.bytes}, ...); the group and client ids stay theirs. {@code
   * enable.auto.commit=false}: each consumer commits after each poll, so the lag stays seen.
   */
  public SubscriptionsActionBuilder consumerProperty(String name, String value) {
    return new SubscriptionsActionBuilder(spec.withConsumerProperty(name, value));
  }

  /** The bound on the drain after {@code during}. */
  public SubscriptionsActionBuilder drainTimeout(Duration bound) {
    return new SubscriptionsActionBuilder(spec.withDrainTimeout(bound));
  }
}
