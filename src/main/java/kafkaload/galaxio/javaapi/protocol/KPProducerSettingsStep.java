package kafkaload.galaxio.javaapi.protocol;

import java.util.Map;

/** galaxio's protocol after its producer settings: the reply consumer's settings come next. */
public class KPProducerSettingsStep {
  private final Map<String, Object> producerSettings;

  public KPProducerSettingsStep(Map<String, Object> producerSettings) {
    ClientSettings.producer(producerSettings); // checked now, where the simulation names them
    this.producerSettings = Map.copyOf(producerSettings);
  }

  /** The reply consumer's settings: the same connection as the producer's (see the port page). */
  public KPConsumeSettingsStep consumeSettings(Map<String, Object> consumerSettings) {
    return new KPConsumeSettingsStep(producerSettings, consumerSettings);
  }
}
