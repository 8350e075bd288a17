package kafkaload.internal.config;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Where Gatling reports a configuration error: it catches what the simulation's constructor, the
 * protocol, the building of an action or an action throws, and logs it as an error with its stack
 * trace ("Failed to create the Simulation instance", "Failed to build the scenario(s)", "Run
 * crashed", an action that crashed). None of this project's code sees those failures again, so a
 * filter on Gatling's logger (logback, as Gatling ships it) prints the error's plain line through
 * {@link Console#configError} just before Gatling's own lines; the log itself is unchanged.
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
