package kafkaload.internal.config;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Gatling catches what a simulation, protocol or action throws and logs it with a stack trace, out
 * of this project's reach, then throws it out of {@code main}; so a filter on Gatling's logger
 * (logback) prints the error's plain line through {@link Console#configError} instead, and the
 * JVM's handler of uncaught exceptions prints nothing more for it. Bad input is its one line; the
 * stack traces come back with {@code -Dkafkaload.debug=true} ({@link ParamSnapshot#debug()}). Any
 * other failure is logged and printed as before.
 */
final class ConfigErrorReport extends TurboFilter {
  private ConfigErrorReport() {}

  /** Whether the JVM's handler of uncaught exceptions is set: once per JVM. */
  private static boolean quiet;

  /**
   * Adds the filter to the JVM's logback when it is not there (Gatling stops logback as a run ends,
   * which drops it for the next run of the JVM); without logback Gatling's stack trace shows it.
   */
  static synchronized void listen() {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context
        && context.getTurboFilterList().stream().noneMatch(ConfigErrorReport.class::isInstance)) {
      ConfigErrorReport filter = new ConfigErrorReport();
      filter.setContext(context);
      filter.start();
      context.addTurboFilter(filter);
      if (!quiet) {
        quiet = true;
        quietUncaught();
      }
    }
  }

  /**
   * The JVM's last word on an uncaught exception ("Exception in thread "main" ..." and its trace):
   * nothing for a configuration error already printed as its line, else as before.
   */
  private static void quietUncaught() {
    Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler(
        (thread, e) -> {
          if (ParamSnapshot.debug() || !Console.configErrorReported(e)) {
            if (before != null) {
              before.uncaughtException(thread, e);
            } else {
              Console.uncaught(thread, e);
            }
          }
        });
  }

  @Override
  public FilterReply decide(
      Marker marker,
      ch.qos.logback.classic.Logger logger,
      Level level,
      String format,
      Object[] params,
      Throwable t) {
    if (t != null && level == Level.ERROR) {
      Console.configError(t);
      if (logger.getName().startsWith("io.gatling.")
          && Console.configErrorReported(t)
          && !ParamSnapshot.debug()) {
        return FilterReply.DENY;
      }
    }
    return FilterReply.NEUTRAL;
  }
}
