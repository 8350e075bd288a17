package kafkaload.galaxio.javaapi.protocol;

import java.util.Map;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * The Tinkoff plugin's {@code kafka().topic(t).properties(..)}: a protocol whose topic is the
 * default topic of {@code kafka(name).send(..)}.
 */
public class KafkaProtocolBuilderPropertiesStep {
  private final String topic;

  public KafkaProtocolBuilderPropertiesStep(String topic, Map<String, Object> props) {
    this.topic = topic;
  }

  /**
   * The producer properties. The Tinkoff plugin wrote {@code kafka(name).send(..)}'s records with
   * their {@code key.serializer} and {@code value.serializer}; this port writes each key and value
   * with Kafka's built-in serde of its class, the same bytes as Kafka's own serializers: another
   * serializer is refused.
   */
  public KafkaProtocolBuilder properties(Map<String, Object> props) {
    if (props != null) {
      for (String k : new String[] {"key.serializer", "value.serializer"}) {
        Object v = props.get(k);
        String name = v instanceof Class<?> c ? c.getName() : v == null ? null : v.toString();
        if (name != null && !name.startsWith("org.apache.kafka.common.serialization.")) {
          throw new KafkaLoadConfigException(
              "Tinkoff kafka().topic(..).properties(..): "
                  + k
                  + "="
                  + name
                  + " is not one of Kafka's own serializers; this port writes kafka(name).send(..)'s"
                  + " keys and values with Kafka's built-in serde of their class: remove it, or"
                  + " write the bytes yourself and send a byte[]");
        }
      }
    }
    return new KafkaProtocolBuilder(
        ClientSettings.producer(props).topic(topic), Matching.KEY, null);
  }
}
