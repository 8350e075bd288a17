package kafkaload.internal.action;

import java.time.Duration;
import java.util.Map;
import kafkaload.internal.admin.Prefill;

/**
 * The consumer-throughput test: {@code threads} consumers drain a pre-filled offset range of the topic; immutable.
 *
 * @param assign each consumer takes a fixed share of partitions (no rebalances); false: they subscribe as a group
 * @param consumerProperties KafkaConsumer properties, plus kafkaload.staticMembership=true for group.instance.id
 */
public record DrainSpec(String requestName, String topic, Prefill.Range range, int threads, boolean assign,
    Map<String, String> consumerProperties, Duration timeout) {

  public DrainSpec {
    consumerProperties = Map.copyOf(consumerProperties);
  }
}
