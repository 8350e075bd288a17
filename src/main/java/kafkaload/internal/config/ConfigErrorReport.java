package kafkaload.internal.config;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Gatling catches what a simulation, protocol or action throws and logs it with a stack trace, out
 * of this project's reach; so a filter on Gatling's logger (logback) prints the error's plain line
 * through {@link Console#configError} just before Gatling's; the log is unchanged.
 */
final class ConfigErrorReport extends TurboFilter {
  private ConfigErrorReport() {}

  /** Adds the filter once to the JVM's logback; without logback Gatling's stack trace shows it. */
  static synchronized void listen() {
    if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context
        && context.getTurboFilterList().stream().noneMatch(ConfigErrorReport.class::isInstance)) {
      ConfigErrorReport filter = new ConfigErrorReport();
      filter.setContext(context);
      filter.start();
      context.addTurboFilter(filter);
    }
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
    }
    return FilterReply.NEUTRAL;
  }
}
