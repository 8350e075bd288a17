package kafkaload.galaxio.javaapi.protocol;

import java.util.Map;

/** The Tinkoff plugin's {@code kafka().requestReply()}: a request-reply protocol's first step. */
public class KafkaProtocolBuilderNewBase {
  public KPProducerSettingsStep producerSettings(Map<String, Object> producerSettings) {
    return new KPProducerSettingsStep(producerSettings);
  }
}
