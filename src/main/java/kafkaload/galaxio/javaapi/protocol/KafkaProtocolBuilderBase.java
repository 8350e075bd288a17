package kafkaload.galaxio.javaapi.protocol;

import java.util.Map;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;

/** galaxio's {@code kafka()}: a protocol from producer settings, or with a reply consumer's too. */
public class KafkaProtocolBuilderBase {
  /** A request-reply protocol: producer settings, then consumer settings, then the timeout. */
  public KPProducerSettingsStep producerSettings(Map<String, Object> producerSettings) {
    return new KPProducerSettingsStep(producerSettings);
  }

  /** A protocol from producer settings alone; galaxio's reply timeout, 60 s. */
  public KafkaProtocolBuilder properties(Map<String, Object> producerSettings) {
    return new KafkaProtocolBuilder(ClientSettings.producer(producerSettings), Matching.KEY, null);
  }

  /** The Tinkoff plugin's form: the protocol's topic, then its properties. */
  public KafkaProtocolBuilderPropertiesStep topic(String topic) {
    return new KafkaProtocolBuilderPropertiesStep(topic, Map.of());
  }

  /** The Tinkoff plugin's form: {@code kafka().requestReply().producerSettings(..)}. */
  public KafkaProtocolBuilderNewBase requestReply() {
    return new KafkaProtocolBuilderNewBase();
  }
}
