package kafkaload.internal.semantic.subscription;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.IntStream;
import kafkaload.internal.client.KafkaConfigCheck;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Subscriptions of a topic: {@code subscriptions} consumer groups of {@code consumers} consumers
 * each, reading from the run's start for {@code during}, then until every acked record is read or
 * {@code drainTimeout}; end-to-end latency counted for records stamped {@code measuredAfter} the
 * start or later (the warm-up's are read, not timed).
 *
 * @param topics the topics read, a group per subscription and topic; null: the protocol's (its one
 *     topic, or each of the many it spreads its sends over, as OMB's subscriptionsPerTopic)
 * @param consumerProperties consumer properties of every group's consumers (an OMB driver file's
 *     consumerConfig); the group and client ids stay the subscriptions' own
 * @param groupPrefix each group is {@code <groupPrefix>-sub-<i>} (several topics: {@code
 *     <groupPrefix>-sub-<i>-<topic>}); null: one of the run's own
 */
@RecordBuilder
public record SubscriptionSpec(
    String requestName,
    List<String> topics,
    int subscriptions,
    int consumers,
    String groupPrefix,
    Duration during,
    Duration measuredAfter,
    Duration drainTimeout,
    Map<String, String> consumerProperties)
    implements SubscriptionSpecBuilder.With {

  public SubscriptionSpec {
    consumerProperties = consumerProperties == null ? Map.of() : Map.copyOf(consumerProperties);
  }

  public static SubscriptionSpec of(String requestName, int subscriptions, int consumers) {
    return new SubscriptionSpec(
        requestName,
        null,
        subscriptions,
        consumers,
        null,
        Duration.ofSeconds(60),
        Duration.ZERO,
        Duration.ofSeconds(30),
        Map.of());
  }

  /**
   * With consumer property {@code name} = {@code value} on every consumer; a value Kafka refuses is
   * refused here, before any load (a consumer that cannot be made would KO the subscription).
   */
  public SubscriptionSpec withConsumerProperty(String name, String value) {
    Map<String, String> all = new TreeMap<>(consumerProperties);
    all.put(name, value);
    KafkaConfigCheck.consumerRefusal(all)
        .ifPresent(
            why -> {
              throw new KafkaLoadConfigException("Invalid Kafka consumer property: " + why);
            });
    return withConsumerProperties(all);
  }

  /** One subscription's group on one topic. */
  public record Group(int subscription, String topic, String name) {}

  /** Reading one topic. */
  public SubscriptionSpec withTopic(String topic) {
    return withTopics(List.of(topic));
  }

  /** Subscription {@code i}'s group on {@code topic}, of {@code topicCount} topics read. */
  public static String groupName(String prefix, int i, String topic, int topicCount) {
    return prefix + "-sub-" + i + (topicCount > 1 ? "-" + topic : "");
  }

  /** Every group, subscription by subscription, each over the topics in order. */
  public List<Group> groupsByTopic() {
    return IntStream.range(0, subscriptions)
        .boxed()
        .flatMap(
            i ->
                topics.stream()
                    .map(t -> new Group(i, t, groupName(groupPrefix, i, t, topics.size()))))
        .toList();
  }

  /** How long they read, from when they start, and from when records are timed. */
  public SubscriptionSpec withTiming(Duration reading, Duration timedAfter, Duration drain) {
    return withDuring(reading).withMeasuredAfter(timedAfter).withDrainTimeout(drain);
  }

  /** The group names (see {@link #groupsByTopic()}). */
  public List<String> groups() {
    return groupsByTopic().stream().map(Group::name).toList();
  }

  /** With a group prefix of the run's own when none was given. */
  SubscriptionSpec named() {
    return groupPrefix != null
        ? this
        : withGroupPrefix("kafkaload-sub-" + UUID.randomUUID().toString().substring(0, 8));
  }

  /** Refused, naming the setting, before any load. */
  void check() {
    String who = "subscriptions '" + requestName + "': ";
    if (subscriptions < 1) {
      throw new KafkaLoadConfigException(who + "subscriptions must be at least 1");
    }
    if (consumers < 1) {
      throw new KafkaLoadConfigException(who + "consumers per subscription must be at least 1");
    }
    if (during.isNegative()
        || during.isZero()
        || measuredAfter.isNegative()
        || drainTimeout.isNegative()) {
      throw new KafkaLoadConfigException(
          who
              + "the reading time must be above 0, the timing start and drain timeout not negative");
    }
    if (groupPrefix != null && !groupPrefix.matches("[A-Za-z0-9._-]{1,200}")) {
      throw new KafkaLoadConfigException(
          who + "group prefix '" + groupPrefix + "' must be letters, digits, '.', '_' or '-'");
    }
  }
}
