package kafkaload.internal.action;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import kafkaload.internal.admin.Prefill;
import org.apache.kafka.common.IsolationLevel;

/**
 * The consumer-throughput test: {@code threads} consumers drain a pre-filled offset range of the
 * topic; immutable.
 *
 * @param range the offset range drained, or null while none is set
 * @param assign each consumer takes a fixed share of partitions (no rebalances); false: they
 *     subscribe as a group
 * @param consumerProperties KafkaConsumer properties, plus kafkaload.staticMembership=true for
 *     group.instance.id
 */
public record DrainSpec(
    String requestName,
    String topic,
    Prefill.Range range,
    int threads,
    boolean assign,
    Map<String, String> consumerProperties,
    Duration timeout,
    IsolationLevel isolationLevel) {

  /** The property that gives each consumer of a subscribing group its own group.instance.id. */
  public static final String STATIC_MEMBERSHIP = "kafkaload.staticMembership";

  public DrainSpec {
    consumerProperties = Map.copyOf(consumerProperties);
  }

  /** One consumer subscribing as a group, no range yet, Kafka's defaults, bounded by 5 minutes. */
  public static DrainSpec of(String requestName, String topic) {
    return new DrainSpec(requestName, topic, null, 1, false, Map.of(), Duration.ofMinutes(5), null);
  }

  public DrainSpec withRange(Prefill.Range r) {
    return new DrainSpec(
        requestName, topic, r, threads, assign, consumerProperties, timeout, isolationLevel);
  }

  public DrainSpec withThreads(int n) {
    return new DrainSpec(
        requestName, topic, range, n, assign, consumerProperties, timeout, isolationLevel);
  }

  public DrainSpec withAssign(boolean a) {
    return new DrainSpec(
        requestName, topic, range, threads, a, consumerProperties, timeout, isolationLevel);
  }

  /** These properties over the ones already set. */
  public DrainSpec withProperties(Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(consumerProperties);
    all.putAll(more);
    return new DrainSpec(requestName, topic, range, threads, assign, all, timeout, isolationLevel);
  }

  /** The consumers' isolation.level instead of the protocol's. */
  public DrainSpec withIsolationLevel(IsolationLevel level) {
    return new DrainSpec(
        requestName, topic, range, threads, assign, consumerProperties, timeout, level);
  }

  public DrainSpec withTimeout(Duration t) {
    return new DrainSpec(
        requestName, topic, range, threads, assign, consumerProperties, t, isolationLevel);
  }
}
