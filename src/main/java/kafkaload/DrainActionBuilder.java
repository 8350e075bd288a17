package kafkaload;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import io.gatling.javaapi.core.ActionBuilder;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.DrainSpec;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * The consumer-throughput test, kafka-consumer-perf-test's analogue: each virtual user is one
 * consumer thread of a group draining a pre-filled offset range. Consumers run on their own threads
 * (never on Gatling's event loop); each poll that returned records is a request ("name poll", its
 * fetch time), and when the range is drained the last consumer records "name drained", OK only if
 * exactly the pre-filled records were read, and prints records/s, MB/s, fetch time, the group join
 * time, and the count and time of the rebalances after it.
 *
 * <pre>{@code kafka("consume").drain(topic).range(prefilled).threads(4).assign(true)
 *     .property("fetch.min.bytes", "1").timeout(Duration.ofMinutes(2))}</pre>
 *
 * Defaults: one consumer, subscribing as a group (a group.id of its own unless one is set), Kafka's
 * consumer settings, at most 5 minutes. The range is required. Every method returns a new builder.
 */
public final class DrainActionBuilder implements ActionBuilder {
  private final DrainSpec spec;

  DrainActionBuilder(DrainSpec spec) {
    this.spec = spec;
  }

  /** Refuses the setting, naming the drain, when {@code refused}. */
  private void refuseIf(boolean refused, String what) {
    KafkaLoadConfigException.refuseIf(refused, "drain '" + spec.requestName() + "': " + what);
  }

  /**
   * The records to drain: {@code PrefilledTopic.fill(..)} or {@code PrefilledTopic.existing(..)}.
   * Required.
   */
  public DrainActionBuilder range(PrefilledTopic prefilled) {
    refuseIf(prefilled == null, "the range is null");
    return new DrainActionBuilder(spec.withRange(prefilled.range()));
  }

  /**
   * How many consumers (one per virtual user: inject exactly this many); at most the topic's
   * partitions.
   */
  public DrainActionBuilder threads(int consumers) {
    refuseIf(consumers < 1, "threads(" + consumers + ") must be >= 1");
    return new DrainActionBuilder(spec.withThreads(consumers));
  }

  /**
   * true: each consumer is assigned a fixed share of the partitions (no group join, no rebalance);
   * false (the default): the consumers subscribe as a group.
   */
  public DrainActionBuilder assign(boolean assign) {
    return new DrainActionBuilder(spec.withAssign(assign));
  }

  /**
   * Static membership: each consumer of the group gets its own group.instance.id (group.id plus its
   * index).
   */
  public DrainActionBuilder staticMembership(boolean enabled) {
    return property(DrainSpec.STATIC_MEMBERSHIP, enabled);
  }

  /**
   * isolation.level of the consumers, by Kafka's values: {@code "read_committed"} reads committed
   * transactions only, up to each partition's last stable offset; {@code "read_uncommitted"} reads
   * everything. Unset: the protocol's ({@code kafka().isolationLevel(..)}, {@code
   * -Disolation.level}). {@code property("isolation.level", ..)} sets the same.
   */
  public DrainActionBuilder isolationLevel(String level) {
    return new DrainActionBuilder(
        spec.withIsolationLevel(
            ConsumerFactory.isolationLevel(level, "drain '" + spec.requestName() + "'")));
  }

  /**
   * Any KafkaConsumer property, with Kafka's own name (group.id, session.timeout.ms,
   * fetch.min.bytes, ...).
   */
  public DrainActionBuilder property(String key, Object value) {
    if (ConsumerConfig.ISOLATION_LEVEL_CONFIG.equals(key) && value != null) {
      return isolationLevel(String.valueOf(value));
    }
    refuseIf(
        key == null || key.isBlank() || value == null,
        "property(%s, %s) needs a name and a value".formatted(key, value));
    return new DrainActionBuilder(spec.withProperties(Map.of(key, String.valueOf(value))));
  }

  /** Several KafkaConsumer properties at once, each as {@link #property} sets it. */
  public DrainActionBuilder properties(Map<String, ?> props) {
    DrainActionBuilder b = this;
    for (Map.Entry<String, ?> e : props.entrySet()) {
      b = b.property(e.getKey(), e.getValue());
    }
    return b;
  }

  /** The bound on the whole drain (5 minutes unless set); past it the drain is a KO. */
  public DrainActionBuilder timeout(Duration timeout) {
    refuseIf(
        timeout == null || timeout.isNegative() || timeout.isZero(), "the timeout must be > 0");
    return new DrainActionBuilder(spec.withTimeout(timeout));
  }

  /** The Scala action builder Gatling runs; called by Gatling, not by simulations. */
  @Override
  public io.gatling.core.action.builder.ActionBuilder asScala() {
    if (spec.range() == null) {
      throw refused(
          "drain(\"%s\") in '%s' needs the range it drains: .range(PrefilledTopic.fill(..)) or"
              + " .range(PrefilledTopic.existing(..))",
          spec.topic(), spec.requestName());
    }
    if (spec.assign() || spec.consumerProperties().containsKey("group.id")) {
      return Actions.drain(spec);
    }
    // A subscribing group needs a group.id: one of its own, so no earlier run's commits are
    // resumed.
    String group = "kafkaload-drain-" + UUID.randomUUID().toString().substring(0, 8);
    return Actions.drain(spec.withProperties(Map.of("group.id", group)));
  }
}
