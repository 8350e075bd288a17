package kafkaload.kit;

import static io.gatling.javaapi.core.CoreDsl.details;
import static kafkaload.internal.protocol.ProtocolResolver.TOPICS_PROPERTY;

import io.gatling.javaapi.core.Assertion;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import kafkaload.KafkaDsl;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.SubscriptionsActionBuilder;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.protocol.Topics;
import kafkaload.internal.semantic.subscription.SubscriptionSpec;

/**
 * The knobs of a workload's subscriptions (OMB's subscriptionsPerTopic and consumerPerSubscription,
 * docs/workloads.md), read once from -D properties with their defaults (docs/parameters.md lists
 * each one), and what a simulation builds from them.
 *
 * @param subscriptions -Dsubscriptions: consumer groups reading the topic (default 0: none)
 * @param consumers -Dsubscriptions.consumers: consumers in each group (default 1)
 * @param groupPrefix -Dsubscriptions.groupPrefix: each group is {@code <prefix>-sub-<i>}; default
 *     {@code kafkaload-omb-<a random id of the run>}, fresh groups
 * @param drainSeconds -Dsubscriptions.drainSeconds: after the load, how long the groups may take to
 *     read what is left (default 30)
 * @param topicCount the protocol's topics (-Dtopics, read by the protocol): a group per
 *     subscription and topic, as OMB's subscriptionsPerTopic
 */
public record SubscriptionParams(
    int subscriptions, int consumers, String groupPrefix, int drainSeconds, int topicCount) {
  static final String REQUEST = "subscription";

  public static SubscriptionParams of(Params params) {
    int subscriptions = params.nonNegativeInt("subscriptions", 0);
    if (subscriptions == 0) {
      return new SubscriptionParams(0, 0, "", 0, 1);
    }
    return new SubscriptionParams(
        subscriptions,
        params.positiveInt("subscriptions.consumers", 1),
        params.string(
            "subscriptions.groupPrefix",
            "kafkaload-omb-" + UUID.randomUUID().toString().substring(0, 8)),
        params.nonNegativeInt("subscriptions.drainSeconds", 30),
        // -Dtopics as the protocol reads it (ProtocolResolver), for the groups' names.
        params.raw(TOPICS_PROPERTY) == null ? 1 : params.positiveInt(TOPICS_PROPERTY, 1));
  }

  /**
   * The groups reading {@code topic}'s topics (it, or {@code <topic>-0} to {@code <topic>-(n-1)}):
   * {@code <prefix>-sub-<i>}, over several topics {@code <prefix>-sub-<i>-<t>}.
   */
  public List<String> groups(String topic) {
    return SubscriptionSpec.of(REQUEST, subscriptions, consumers)
        .withTopics(new Topics(topic, TopicPlan.DEFAULT).withCount(topicCount).names())
        .withGroupPrefix(groupPrefix)
        .groups();
  }

  /** {@code plan} judging the groups' lag too (-Dlag.groups empty: only theirs). */
  public RunParams judgingLag(RunParams plan) {
    return subscriptions == 0 || !plan.lag().groups().isEmpty()
        ? plan
        : plan.withLagGroups(groups(plan.topic().name()));
  }

  /** The plan's protocol, its lag monitor sampling the groups beside -Dlag.groups' own. */
  public KafkaProtocolBuilder protocol(RunParams plan, int concurrency) {
    KafkaProtocolBuilder b = plan.protocol(concurrency);
    if (subscriptions == 0) {
      return b;
    }
    Set<String> all = new LinkedHashSet<>(plan.lag().groups());
    all.addAll(groups(plan.topic().name()));
    return b.lagMonitor(plan.lag().intervalMs(), all.toArray(new String[0]));
  }

  /**
   * The subscriptions reading the protocol's topics (each of them, a group per subscription and
   * topic) from the start of the warm-up to the end of the load (with 2 s to spare), then the
   * drain; the end-to-end latency of the records sent after the warm-up.
   */
  public SubscriptionsActionBuilder subscribe(int warmupSeconds, int loadSeconds) {
    return KafkaDsl.kafka(REQUEST)
        .subscriptions(subscriptions, consumers)
        .groupPrefix(groupPrefix)
        .during(Duration.ofSeconds(warmupSeconds + loadSeconds + 2L))
        .timedAfter(Duration.ofSeconds(warmupSeconds))
        .drainTimeout(Duration.ofSeconds(drainSeconds));
  }

  /** Each subscription read every acked record: its verdict has no KO. */
  public List<Assertion> gates() {
    return IntStream.range(0, subscriptions)
        .mapToObj(i -> details(REQUEST + " " + i + " reconciled").failedRequests().count().is(0L))
        .toList();
  }

  /** The time they may take beyond the plan's bound on the run. */
  public int extraSeconds() {
    return subscriptions == 0 ? 0 : drainSeconds + 20;
  }
}
