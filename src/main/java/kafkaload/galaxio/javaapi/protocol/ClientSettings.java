package kafkaload.galaxio.javaapi.protocol;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import kafkaload.KafkaDsl;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * galaxio's producer and consumer settings as this project's protocol: one set of client
 * properties, with the reply readers' own settings left to the project.
 */
final class ClientSettings {
  /** galaxio's reply timeout when none is given ({@code properties(..)}, withDefaultTimeout()). */
  static final Duration GALAXIO_DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  /**
   * Settings of galaxio's reply consumer that this project's reply reader sets itself: it reads
   * from the run's start offsets, without a group or commits, with byte[] deserializers.
   */
  static final Set<String> READER_OWN =
      Set.of(
          ConsumerConfig.GROUP_ID_CONFIG,
          ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
          ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
          ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG,
          ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
          ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
          ConsumerConfig.CLIENT_ID_CONFIG);

  private ClientSettings() {}

  /**
   * The producer settings as the protocol's properties; galaxio replaces key.serializer and
   * value.serializer with its byte[] ones, and so does this project.
   */
  static kafkaload.KafkaProtocolBuilder producer(Map<String, Object> producerSettings) {
    if (producerSettings == null) {
      throw new KafkaLoadConfigException("galaxio kafka(): the producer settings are null");
    }
    Map<String, Object> props = new HashMap<>(producerSettings);
    props.remove(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG);
    props.remove(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
    return KafkaDsl.kafka().properties(props).replyTimeout(GALAXIO_DEFAULT_TIMEOUT);
  }

  /**
   * The consumer settings over the producer's: the same connection and security for the reply
   * readers, their own settings left to them; a setting that would make them differ is refused.
   */
  static kafkaload.KafkaProtocolBuilder consumer(
      kafkaload.KafkaProtocolBuilder protocol,
      Map<String, Object> producerSettings,
      Map<String, Object> consumerSettings) {
    if (consumerSettings == null) {
      throw new KafkaLoadConfigException("galaxio consumeSettings(..): the settings are null");
    }
    kafkaload.KafkaProtocolBuilder p = protocol;
    for (Map.Entry<String, Object> e : new java.util.TreeMap<>(consumerSettings).entrySet()) {
      String key = e.getKey();
      Object value = e.getValue();
      Object producers = producerSettings.get(key);
      if (READER_OWN.contains(key)) {
        continue;
      }
      if (key.equals(ConsumerConfig.ISOLATION_LEVEL_CONFIG)) {
        p = p.isolationLevel(String.valueOf(value));
      } else if (producers != null) {
        if (!Objects.equals(String.valueOf(producers), String.valueOf(value))) {
          throw new KafkaLoadConfigException(
              "galaxio consumeSettings(..): '"
                  + key
                  + "' differs from producerSettings(..)'s; this project's reply readers use the"
                  + " protocol's client settings: give both the same value");
        }
      } else if (key.equals(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG) || shared(key)) {
        p = p.property(key, value);
      } else {
        throw new KafkaLoadConfigException(
            "galaxio consumeSettings(..): '"
                + key
                + "' is a setting of galaxio's reply consumer that this project's reply readers"
                + " do not take (they take the protocol's connection and security settings): remove"
                + " it");
      }
    }
    return p;
  }

  /** Connection and security settings, which every client of the protocol shares. */
  private static boolean shared(String key) {
    return key.startsWith("security.")
        || key.startsWith("sasl.")
        || key.startsWith("ssl.")
        || key.equals("client.dns.lookup");
  }
}
