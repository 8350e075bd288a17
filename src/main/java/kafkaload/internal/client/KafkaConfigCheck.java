package kafkaload.internal.client;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Kafka's own ConfigDef judges client properties before any load, so a refusal names the property
 * as Kafka would; the bootstrap and the byte serdes are filled in, as every client here has them.
 */
public final class KafkaConfigCheck {
  /** Parsed, never connected to: the config classes do not resolve it. */
  private static final String NO_BROKER = "validation.invalid:9092";

  private KafkaConfigCheck() {}

  /** ProducerConfig's refusal of these properties, if it refuses them. */
  public static Optional<String> producerRefusal(Map<String, ?> properties) {
    return refusal(
        properties,
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
        ByteArraySerializer.class,
        ProducerConfig::new);
  }

  /** ConsumerConfig's refusal of these properties, if it refuses them. */
  public static Optional<String> consumerRefusal(Map<String, ?> properties) {
    return refusal(
        properties,
        ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
        ByteArrayDeserializer.class,
        ConsumerConfig::new);
  }

  private static Optional<String> refusal(
      Map<String, ?> properties,
      String keySerde,
      String valueSerde,
      Class<?> serde,
      Function<Map<String, Object>, ?> config) {
    Map<String, Object> all = new HashMap<>(properties);
    all.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, NO_BROKER);
    all.put(keySerde, serde);
    all.put(valueSerde, serde);
    try {
      config.apply(all);
      return Optional.empty();
    } catch (ConfigException e) {
      return Optional.of(e.getMessage());
    }
  }
}
