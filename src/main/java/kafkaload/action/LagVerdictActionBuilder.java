package kafkaload.action;

import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import java.time.Duration;
import kafkaload.config.KafkaLoadConfigException;
import kafkaload.protocol.KafkaComponents;

/**
 * {@code lagVerdict()}: after the load, judges the lag of the protocol's groups under test. The trend window and
 * the sampling interval decide how quickly a rising lag is seen: the slope is fitted over the samples of the last
 * {@code windowSeconds}, so a window holding few samples (a long interval) reacts to noise, and a long window
 * averages out a short burst. Every call returns a new builder.
 */
public final class LagVerdictActionBuilder implements KafkaActionBuilder {
  public static final String RISING_REQUEST = "kafka lag: rising";
  public static final String MAX_REQUEST = "kafka lag: max";
  public static final String DRAIN_REQUEST = "kafka lag: drained";

  private final double windowSeconds;
  private final double maxSlope;
  private final long maxLag;
  private final Duration drainTimeout;

  public LagVerdictActionBuilder() {
    this(30, 10.0, Long.MAX_VALUE, Duration.ofSeconds(60));
  }

  private LagVerdictActionBuilder(double windowSeconds, double maxSlope, long maxLag, Duration drainTimeout) {
    this.windowSeconds = windowSeconds;
    this.maxSlope = maxSlope;
    this.maxLag = maxLag;
    this.drainTimeout = drainTimeout;
  }

  /** The trend window at the end of the load (default 30 s). */
  public LagVerdictActionBuilder window(double seconds) {
    return new LagVerdictActionBuilder(seconds, maxSlope, maxLag, drainTimeout);
  }

  /** Lag growing faster than this many records per second over the window fails (default 10: above the noise of
   * a consumer that commits in batches, far below a consumer that falls behind by a share of the rate). */
  public LagVerdictActionBuilder maxSlope(double recordsPerSecond) {
    return new LagVerdictActionBuilder(windowSeconds, recordsPerSecond, maxLag, drainTimeout);
  }

  /** Any sampled lag above this fails (default: no bound). */
  public LagVerdictActionBuilder maxLag(long records) {
    return new LagVerdictActionBuilder(windowSeconds, maxSlope, records, drainTimeout);
  }

  /** The lag must reach zero within this after the producers stop (default 60 s). */
  public LagVerdictActionBuilder drainTimeout(Duration d) {
    return new LagVerdictActionBuilder(windowSeconds, maxSlope, maxLag, d);
  }

  double windowSeconds() {
    return windowSeconds;
  }

  double maxSlope() {
    return maxSlope;
  }

  long maxLag() {
    return maxLag;
  }

  Duration drainTimeout() {
    return drainTimeout;
  }

  @Override
  public Action build(KafkaComponents components, ScenarioContext ctx, Action next) {
    if (components.lagMonitor() == null) {
      throw new KafkaLoadConfigException(
          "lagVerdict() needs consumer groups to judge: kafka().lagMonitor(intervalMs, \"group\")");
    }
    return new LagVerdictAction(components, next, this);
  }
}
