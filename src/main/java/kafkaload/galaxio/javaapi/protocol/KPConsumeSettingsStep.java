package kafkaload.galaxio.javaapi.protocol;

import java.time.Duration;
import java.util.Map;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;

/** galaxio's protocol after its producer and consumer settings: the reply timeout comes next. */
public class KPConsumeSettingsStep {
  private final kafkaload.KafkaProtocolBuilder protocol;

  public KPConsumeSettingsStep(
      Map<String, Object> producerSettings, Map<String, Object> consumerSettings) {
    this.protocol =
        ClientSettings.consumer(
            ClientSettings.producer(producerSettings), producerSettings, consumerSettings);
  }

  /** How long a request waits for its reply (this project's {@code replyTimeout}). */
  public KafkaProtocolBuilderNew timeout(Duration timeout) {
    return new KafkaProtocolBuilderNew(protocol.replyTimeout(timeout), Matching.KEY, null);
  }

  /** galaxio's default reply timeout, 60 s. */
  public KafkaProtocolBuilderNew withDefaultTimeout() {
    return timeout(ClientSettings.GALAXIO_DEFAULT_TIMEOUT);
  }
}
