package kafkaload.internal.action;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;

/**
 * The lag verdict's bounds; immutable.
 *
 * @param windowSeconds the trend window at the end of the load
 * @param maxSlope lag growing faster than this many records per second over the window fails
 * @param maxLag any sampled lag above this fails
 * @param drainTimeout the lag must reach zero within this after the producers stop
 */
@RecordBuilder
public record LagVerdictSpec(
    double windowSeconds, double maxSlope, long maxLag, Duration drainTimeout)
    implements LagVerdictSpecBuilder.With {
  public static final String RISING_REQUEST = "kafka lag: rising";
  public static final String MAX_REQUEST = "kafka lag: max";
  public static final String DRAIN_REQUEST = "kafka lag: drained";

  /** 30 s window, slope 10 records/s, no lag bound, 60 s to drain. */
  public static final LagVerdictSpec DEFAULT =
      new LagVerdictSpec(30, 10.0, Long.MAX_VALUE, Duration.ofSeconds(60));
}
