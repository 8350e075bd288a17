package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;

/**
 * One second of the injector (or one point of several seconds, downsampled), its groups written
 * flat; NaN where not known. {@code producer}: the producers' metrics at that second.
 */
public record InjectorSample(
    double second,
    @JsonUnwrapped Load load,
    @JsonUnwrapped Resources resources,
    @JsonUnwrapped EventLoop eventLoop,
    Map<String, Double> producer) {

  /** The load of that second: the rate acked and the ack latency of the sends acked in it. */
  public record Load(double msgsPerSec, double mbPerSec, double ackP99Ms, double ackMaxMs) {}

  /** The injector's CPU, heap (heapAfterGcMb: what the latest collection left) and GC pauses. */
  public record Resources(
      double systemCpuPct,
      double processCpuPct,
      double heapUsedMb,
      double heapAfterGcMb,
      double gcPauseMs,
      double gcMaxPauseMs) {}

  /**
   * The event loop in that second: time it spent blocked in producer.send, its probes, their delay,
   * and those over the bound.
   */
  public record EventLoop(
      double sendBlockedMs,
      long eventLoopProbes,
      double eventLoopDelayP99Ms,
      double eventLoopDelayMaxMs,
      long eventLoopProbesOverBound) {}
}
