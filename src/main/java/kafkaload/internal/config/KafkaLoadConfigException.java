package kafkaload.internal.config;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bad input found before any load (a -D parameter, a Kafka property, a topic, a bootstrap), in one
 * line naming it; printed once where reported ({@link Console#configError}), instead of Gatling's
 * stack trace (which {@code -Dkafkaload.debug=true} adds). Making one prints nothing.
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

  /** Whether it was printed. */
  boolean reported() {
    return reported.get();
  }
}
