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
 * @param assign each consumer takes a fixed share of partitions (no rebalances); false: they
 *     subscribe as a group
 * @param consumerProperties KafkaConsumer properties, plus kafkaload.staticMembership=true for
 *     group.instance.id
 * @param isolationLevel the consumers' isolation.level, or null for the protocol's
 */
@RecordBuilder
public record DrainSpec(
    String requestName,
    String topic,
    Prefill.Range range,
    int threads,
    boolean assign,
    Map<String, String> consumerProperties,
    IsolationLevel isolationLevel,
    Duration timeout)
    implements DrainSpecBuilder.With {

  /** The property that gives each consumer of a subscribing group its own group.instance.id. */
  public static final String STATIC_MEMBERSHIP = "kafkaload.staticMembership";

  public DrainSpec {
    consumerProperties = Map.copyOf(consumerProperties);
  }

  /** One consumer subscribing as a group, no range yet, Kafka's defaults, bounded by 5 minutes. */
  public static DrainSpec of(String requestName, String topic) {
    return new DrainSpec(requestName, topic, null, 1, false, Map.of(), null, Duration.ofMinutes(5));
  }

  /** These properties over the ones already set. */
  public DrainSpec withProperties(Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(consumerProperties);
    all.putAll(more);
    return withConsumerProperties(all);
  }
}
