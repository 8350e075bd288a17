package kafkaload.config;

/**
 * Bad input found before any load was sent: a -D parameter, a Kafka property, a topic, a bootstrap address.
 * The message is one line naming what was wrong, meant to be read by a person, not a stack trace.
 */
public final class KafkaLoadConfigException extends RuntimeException {
  public KafkaLoadConfigException(String message) {
    super(message);
  }

  public KafkaLoadConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
