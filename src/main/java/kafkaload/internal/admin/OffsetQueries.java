package kafkaload.internal.admin;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.run.TopicOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** What the broker holds of a topic: description, end and stable offsets, open transactions. */
public final class OffsetQueries {
  private OffsetQueries() {}

  /** How many brokers the cluster has, and one broker's configs (its BROKER resource). */
  public record BrokerConfigs(int brokers, Config config) {}

  /**
   * The brokers and one broker's configs, each call bounded by {@code timeoutMs}: what a semantic's
   * preflight judges an internal topic's settings by.
   */
  public static BrokerConfigs anyBrokerConfigs(Admin admin, long timeoutMs)
      throws InterruptedException, ExecutionException, TimeoutException {
    Collection<Node> nodes =
        admin
            .describeCluster(new DescribeClusterOptions().timeoutMs((int) timeoutMs))
            .nodes()
            .get(timeoutMs, TimeUnit.MILLISECONDS);
    ConfigResource broker =
        new ConfigResource(ConfigResource.Type.BROKER, nodes.iterator().next().idString());
    Config config =
        admin
            .describeConfigs(List.of(broker))
            .all()
            .get(timeoutMs, TimeUnit.MILLISECONDS)
            .get(broker);
    return new BrokerConfigs(nodes.size(), config);
  }

  /** The end offset of every partition of the topic: partition → offset. */
  public static Map<Integer, Long> endOffsets(Admin admin, String topic, long timeoutMs) {
    return offsets(admin, topic, timeoutMs)
        .orElseThrow(() -> Preflight.missing(topic))
        .endOffsets();
  }

  /** The topic's id and end offsets; empty when the topic does not exist. */
  public static Optional<TopicOffsets> offsets(Admin admin, String topic, long timeoutMs) {
    // A topic deleted between the describe and the offsets is left out: empty.
    return described(admin, topic, timeoutMs)
        .map(
            d ->
                TopicBatches.endOffsets(
                        admin,
                        Map.of(topic, d),
                        timeoutMs,
                        "Interrupted while reading end offsets of '" + topic + "'")
                    .get(topic));
  }

  /** Each partition's last stable offset: the end of what a read_committed reader sees. */
  public static Map<TopicPartition, Long> lastStableOffsets(
      Admin admin, Collection<TopicPartition> partitions, long timeoutMs) {
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    partitions.forEach(tp -> request.put(tp, OffsetSpec.latest()));
    Map<TopicPartition, Long> out = new HashMap<>();
    Preflight.await(
            admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all(),
            timeoutMs,
            "Cannot read last stable offsets of " + partitions,
            "Interrupted while reading last stable offsets of " + partitions)
        .forEach((tp, info) -> out.put(tp, info.offset()));
    return out;
  }

  /** Producers with a transaction open per partition (DescribeProducers): id → its first offset. */
  public static Map<TopicPartition, Map<Long, Long>> openTransactions(
      Admin admin, Collection<TopicPartition> partitions, long timeoutMs) {
    Map<TopicPartition, Map<Long, Long>> out = new HashMap<>();
    Preflight.await(
            admin.describeProducers(partitions).all(),
            timeoutMs,
            "Cannot describe the producers of " + partitions,
            "Interrupted while describing the producers of " + partitions)
        .forEach(
            (tp, producers) -> {
              Map<Long, Long> open = new TreeMap<>();
              for (ProducerState state : producers.activeProducers()) {
                state
                    .currentTransactionStartOffset()
                    .ifPresent(start -> open.put(state.producerId(), start));
              }
              out.put(tp, open);
            });
    return out;
  }

  /** The topic's description (id, partitions); empty when the topic does not exist. */
  public static Optional<TopicDescription> described(Admin admin, String topic, long timeoutMs) {
    try {
      return Optional.of(
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get(timeoutMs, TimeUnit.MILLISECONDS)
              .get(topic));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return Optional.empty();
      }
      if (e.getCause() instanceof TopicAuthorizationException) {
        throw refused(
            "Topic '%s' is denied to this client by the broker's ACLs (%s): its principal needs"
                + " DESCRIBE and WRITE (READ to read back) on the topic, e.g. kafka-acls.sh"
                + " --add --allow-principal User:<name> --operation Describe --operation Write"
                + " --operation Read --topic %s",
            topic, Preflight.rootMessage(e), topic);
      }
      throw new KafkaLoadConfigException(
          "Cannot describe topic '" + topic + "': " + Preflight.rootMessage(e));
    } catch (TimeoutException e) {
      throw new KafkaLoadConfigException(
          "Describing topic '" + topic + "' timed out after " + timeoutMs + " ms");
    } catch (InterruptedException e) {
      throw Preflight.interrupted("Interrupted while describing topic '" + topic + "'");
    }
  }
}
