package kafkaload;

import java.time.Duration;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.LagVerdictSpec;

/**
 * {@code lagVerdict()}: after the load, judges the lag of the protocol's groups under test. The
 * trend window and the sampling interval decide how quickly a rising lag is seen: the slope is
 * fitted over the samples of the last {@code windowSeconds}, so a window holding few samples (a
 * long interval) reacts to noise, and a long window averages out a short burst. Every call returns
 * a new builder.
 */
public final class LagVerdictActionBuilder extends SpecStep {
  /** The request that is KO when a group's lag kept rising over the window. */
  public static final String RISING_REQUEST = LagVerdictSpec.RISING_REQUEST;

  /** The request that is KO when a sampled lag exceeded maxLag. */
  public static final String MAX_REQUEST = LagVerdictSpec.MAX_REQUEST;

  /** The request that is KO when the lag did not drain within drainTimeout. */
  public static final String DRAIN_REQUEST = LagVerdictSpec.DRAIN_REQUEST;

  private final LagVerdictSpec spec;

  /** A 30 s window, slope 10 records/s, no bound on the lag, 60 s to drain. */
  public LagVerdictActionBuilder() {
    this(LagVerdictSpec.DEFAULT);
  }

  private LagVerdictActionBuilder(LagVerdictSpec spec) {
    super(() -> Actions.lagVerdict(spec));
    this.spec = spec;
  }

  /** The trend window at the end of the load (default 30 s). */
  public LagVerdictActionBuilder window(double seconds) {
    return new LagVerdictActionBuilder(spec.withWindowSeconds(seconds));
  }

  /**
   * Lag growing faster than this many records per second over the window fails (default 10: above
   * the noise of a consumer that commits in batches, far below a consumer that falls behind by a
   * share of the rate).
   */
  public LagVerdictActionBuilder maxSlope(double recordsPerSecond) {
    return new LagVerdictActionBuilder(spec.withMaxSlope(recordsPerSecond));
  }

  /** Any sampled lag above this fails (default: no bound). */
  public LagVerdictActionBuilder maxLag(long records) {
    return new LagVerdictActionBuilder(spec.withMaxLag(records));
  }

  /** The lag must reach zero within this after the producers stop (default 60 s). */
  public LagVerdictActionBuilder drainTimeout(Duration d) {
    return new LagVerdictActionBuilder(spec.withDrainTimeout(d));
  }
}
