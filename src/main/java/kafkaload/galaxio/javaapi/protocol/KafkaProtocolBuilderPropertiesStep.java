package kafkaload.galaxio.javaapi.protocol;

import java.util.Map;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;

/**
 * The Tinkoff plugin's {@code kafka().topic(t).properties(..)}: a protocol whose topic is the
 * default topic of {@code kafka(name).send(..)}.
 */
public class KafkaProtocolBuilderPropertiesStep {
  private final String topic;

  public KafkaProtocolBuilderPropertiesStep(String topic, Map<String, Object> props) {
    this.topic = topic;
  }

  public KafkaProtocolBuilder properties(Map<String, Object> props) {
    return new KafkaProtocolBuilder(
        ClientSettings.producer(props).topic(topic), Matching.KEY, null);
  }
}
