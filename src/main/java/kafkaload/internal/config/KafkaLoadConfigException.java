package kafkaload.internal.config;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bad input found before any load was sent: a -D parameter, a Kafka property, a topic, a bootstrap
 * address. The message is one line naming what was wrong. It is printed as one plain line where it
 * is reported ({@link Console#configError}), once, so the user sees it above whatever stack trace
 * Gatling prints; making one prints nothing (code may make one and handle it).
 */
public final class KafkaLoadConfigException extends RuntimeException {
  static {
    // Before any is thrown: Gatling reports the failures it catches through its logger.
    ConfigErrorReport.listen();
  }

  private final AtomicBoolean reported = new AtomicBoolean();

  public KafkaLoadConfigException(String message) {
    super(message);
  }

  public KafkaLoadConfigException(String message, Throwable cause) {
    super(message, cause);
  }

  /** True the first time only: the one report that prints it. */
  boolean firstReport() {
    return reported.compareAndSet(false, true);
  }
}
