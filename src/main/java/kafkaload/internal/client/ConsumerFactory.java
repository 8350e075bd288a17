package kafkaload.internal.client;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * The one place a KafkaConsumer is made from the run's {@link Connection}: topic listener, drain,
 * read-back, and share consumers ({@link #createShare}). Immutable. Offsets are never
 * auto-committed; the isolation level is always set; extra properties (Kafka's names) win.
 */
public record ConsumerFactory(
    Connection connection,
    String clientId,
    IsolationLevel isolation,
    String offsetReset,
    Map<String, Object> extra) {

  /** No group (the caller assigns), read_uncommitted, reset latest, named {@code clientId}. */
  public static ConsumerFactory of(Connection connection, String clientId) {
    return new ConsumerFactory(
        connection, clientId, IsolationLevel.READ_UNCOMMITTED, "latest", Map.of());
  }

  /** isolation.level: read_committed stops at the last stable offset and skips aborted records. */
  public ConsumerFactory isolation(IsolationLevel level) {
    return new ConsumerFactory(connection, clientId, level, offsetReset, extra);
  }

  /** isolation.level's value (any case) as Kafka's enum; else refused, naming {@code where}. */
  public static IsolationLevel isolationLevel(String value, String where) {
    return switch (value == null ? "" : value.trim().toLowerCase(Locale.ROOT)) {
      case "read_committed" -> IsolationLevel.READ_COMMITTED;
      case "read_uncommitted" -> IsolationLevel.READ_UNCOMMITTED;
      default ->
          throw new KafkaLoadConfigException(
              "%s: isolation.level '%s' is not one of Kafka's values, read_committed or read_uncommitted"
                  .formatted(where, value));
    };
  }

  /** Kafka's spelling of an isolation level: read_committed or read_uncommitted. */
  public static String name(IsolationLevel level) {
    return level.toString().toLowerCase(Locale.ROOT);
  }

  /** auto.offset.reset: earliest, latest or none. */
  public ConsumerFactory offsetReset(String reset) {
    return new ConsumerFactory(connection, clientId, isolation, reset, extra);
  }

  /** One more consumer property by Kafka's name; it wins over what this factory sets. */
  public ConsumerFactory property(String name, Object value) {
    return properties(Map.of(name, value));
  }

  /** More consumer properties by Kafka's names; they win over what this factory sets. */
  public ConsumerFactory properties(Map<String, ?> properties) {
    Map<String, Object> m = new LinkedHashMap<>(extra);
    m.putAll(properties);
    return new ConsumerFactory(connection, clientId, isolation, offsetReset, Map.copyOf(m));
  }

  /** The properties a consumer gets, bootstrap and security included. */
  public Properties consumerProperties() {
    Properties p = connection.properties();
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, name(isolation));
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, offsetReset);
    p.putAll(extra);
    return p;
  }

  /** A new consumer of raw bytes; the caller closes it. */
  public KafkaConsumer<byte[], byte[]> create() {
    return new KafkaConsumer<>(
        consumerProperties(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /**
   * A new consumer for readers that look at records' headers, timestamps and offsets only (the
   * read-back, the subscriptions): keys and values stay in the fetched batch, never copied out
   * (both null), which spares a copy of every record's bytes; the caller closes it.
   */
  public KafkaConsumer<byte[], byte[]> createHeadersOnly() {
    return new KafkaConsumer<>(consumerProperties(), new Unread(), new Unread());
  }

  /**
   * Assigns {@code consumer} every partition in {@code partitions} at its end, resolved now:
   * records sent from here on are read.
   */
  public static void assignAtEnd(KafkaConsumer<?, ?> consumer, List<PartitionInfo> partitions) {
    List<TopicPartition> parts =
        partitions.stream().map(p -> new TopicPartition(p.topic(), p.partition())).toList();
    consumer.assign(parts);
    consumer.seekToEnd(parts);
    parts.forEach(consumer::position);
  }

  /** Leaves the bytes in the fetched batch: Kafka's default would copy them into an array. */
  private static final class Unread implements Deserializer<byte[]> {
    @Override
    public byte[] deserialize(String topic, byte[] data) {
      return null;
    }

    @Override
    public byte[] deserialize(String topic, Headers headers, ByteBuffer data) {
      return null;
    }
  }

  /**
   * A new share consumer of raw bytes in share group {@code groupId}; the caller closes it. Its
   * properties: bootstrap, security, client id, group, extras. Kafka refuses consumer-group
   * settings a share consumer has no use for (auto.offset.reset, enable.auto.commit,
   * isolation.level), so none is set.
   */
  public KafkaShareConsumer<byte[], byte[]> createShare(String groupId) {
    Properties p = connection.properties();
    p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
    p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
    p.putAll(extra);
    return new KafkaShareConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }
}
