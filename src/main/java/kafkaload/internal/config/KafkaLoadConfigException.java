package kafkaload.internal.config;

/**
 * Bad input found before any load was sent: a -D parameter, a Kafka property, a topic, a bootstrap
 * address. The message is one line naming what was wrong. It is also printed as one plain line on
 * creation, so the user sees it above whatever stack trace Gatling prints.
 */
public final class KafkaLoadConfigException extends RuntimeException {
  public KafkaLoadConfigException(String message) {
    super(message);
    System.err.println("[kafkaload] ERROR: " + message);
  }

  public KafkaLoadConfigException(String message, Throwable cause) {
    super(message, cause);
    System.err.println("[kafkaload] ERROR: " + message);
  }
}
