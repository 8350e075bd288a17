package kafkaload.internal.config;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bad input found before any load (a -D parameter, a Kafka property, a topic, a bootstrap), in one
 * line naming it; printed once where reported ({@link Console#configError}), instead of Gatling's
 * stack trace (which {@code -Dkafkaload.debug=true} adds). Making one prints nothing.
 */
public final class KafkaLoadConfigException extends RuntimeException {
  private final AtomicBoolean reported = new AtomicBoolean();

  public KafkaLoadConfigException(String message) {
    super(message);
    // Before it is thrown: Gatling reports the failures it catches through its logger. At each
    // making, not once: Gatling stops logback as a run ends, which drops the filter for the next
    // run of the same JVM.
    ConfigErrorReport.listen();
  }

  public KafkaLoadConfigException(String message, Throwable cause) {
    super(message, cause);
    ConfigErrorReport.listen();
  }

  /** A refusal of the run: the format filled with the args. */
  public static KafkaLoadConfigException refused(String format, Object... args) {
    return new KafkaLoadConfigException(String.format(format, args));
  }

  /** Refuses the run before any load, with {@code message}, when {@code refused}. */
  public static void refuseIf(boolean refused, String message) {
    if (refused) {
      throw new KafkaLoadConfigException(message);
    }
  }

  /** True the first time only: the one report that prints it. */
  boolean firstReport() {
    return reported.compareAndSet(false, true);
  }

  /** Whether it was printed. */
  boolean reported() {
    return reported.get();
  }

  /**
   * Nothing once its line was printed, unless -Dkafkaload.debug=true: Gatling's Maven plugin prints
   * the stack trace of what the simulation's JVM throws out of {@code main} (its ForkMain), out of
   * this project's reach.
   */
  @Override
  public void printStackTrace(PrintStream s) {
    if (!reported() || ParamSnapshot.debug()) {
      super.printStackTrace(s);
    }
  }

  @Override
  public void printStackTrace(PrintWriter s) {
    if (!reported() || ParamSnapshot.debug()) {
      super.printStackTrace(s);
    }
  }
}
