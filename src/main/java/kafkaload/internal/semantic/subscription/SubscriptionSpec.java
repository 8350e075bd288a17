package kafkaload.internal.semantic.subscription;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Subscriptions of a topic: {@code subscriptions} consumer groups of {@code consumers} consumers
 * each, reading from the run's start for {@code during}, then until every acked record is read or
 * {@code drainTimeout}; end-to-end latency counted for records stamped {@code measuredAfter} the
 * start or later (the warm-up's are read, not timed).
 *
 * @param topic null: the protocol's
 * @param groupPrefix each group is {@code <groupPrefix>-sub-<i>}; null: one of the run's own
 */
@RecordBuilder
public record SubscriptionSpec(
    String requestName,
    String topic,
    int subscriptions,
    int consumers,
    String groupPrefix,
    Duration during,
    Duration measuredAfter,
    Duration drainTimeout)
    implements SubscriptionSpecBuilder.With {

  public static SubscriptionSpec of(String requestName, int subscriptions, int consumers) {
    return new SubscriptionSpec(
        requestName,
        null,
        subscriptions,
        consumers,
        null,
        Duration.ofSeconds(60),
        Duration.ZERO,
        Duration.ofSeconds(30));
  }

  /** How long they read, from when they start, and from when records are timed. */
  public SubscriptionSpec withTiming(Duration reading, Duration timedAfter, Duration drain) {
    return withDuring(reading).withMeasuredAfter(timedAfter).withDrainTimeout(drain);
  }

  /** The group names, {@code <prefix>-sub-<i>}. */
  public List<String> groups() {
    return IntStream.range(0, subscriptions).mapToObj(i -> groupPrefix + "-sub-" + i).toList();
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
