package kafkaload.internal.action;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import kafkaload.internal.admin.Prefill;
import org.apache.kafka.common.IsolationLevel;

/**
 * The consumer-throughput test: {@code consumers} drain a pre-filled offset range of the topic;
 * immutable, a {@code with…} replaces one small part.
 *
 * @param range the offset range drained, or null while none is set
 */
@RecordBuilder
public record DrainSpec(
    String requestName, String topic, Prefill.Range range, Consumers consumers, Duration timeout)
    implements DrainSpecBuilder.With {

  /** The property that gives each consumer of a subscribing group its own group.instance.id. */
  public static final String STATIC_MEMBERSHIP = "kafkaload.staticMembership";

  /**
   * The consumers that drain.
   *
   * @param assign each consumer takes a fixed share of partitions (no rebalances); false: they
   *     subscribe as a group
   * @param properties KafkaConsumer properties, plus kafkaload.staticMembership=true for
   *     group.instance.id
   * @param isolationLevel their isolation.level, or null for the protocol's
   */
  public record Consumers(
      int threads, boolean assign, Map<String, String> properties, IsolationLevel isolationLevel) {
    public Consumers {
      properties = Map.copyOf(properties);
    }
  }

  /** One consumer subscribing as a group, no range yet, Kafka's defaults, bounded by 5 minutes. */
  public static DrainSpec of(String requestName, String topic) {
    return new DrainSpec(
        requestName, topic, null, new Consumers(1, false, Map.of(), null), Duration.ofMinutes(5));
  }

  public int threads() {
    return consumers.threads();
  }

  public boolean assign() {
    return consumers.assign();
  }

  public Map<String, String> consumerProperties() {
    return consumers.properties();
  }

  public IsolationLevel isolationLevel() {
    return consumers.isolationLevel();
  }

  public DrainSpec withThreads(int n) {
    return withConsumers(new Consumers(n, assign(), consumerProperties(), isolationLevel()));
  }

  public DrainSpec withAssign(boolean a) {
    return withConsumers(new Consumers(threads(), a, consumerProperties(), isolationLevel()));
  }

  /** These properties over the ones already set. */
  public DrainSpec withProperties(Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(consumerProperties());
    all.putAll(more);
    return withConsumers(new Consumers(threads(), assign(), all, isolationLevel()));
  }

  /** The consumers' isolation.level instead of the protocol's. */
  public DrainSpec withIsolationLevel(IsolationLevel level) {
    return withConsumers(new Consumers(threads(), assign(), consumerProperties(), level));
  }
}
