package kafkaload.internal.run;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAccumulator;

/** A protocol's virtual users alive now and at most: what a step ramp really reached. */
public final class UserCounters {
  private final AtomicInteger active = new AtomicInteger();
  private final LongAccumulator peak = new LongAccumulator(Math::max, 0);

  public void started() {
    peak.accumulate(active.incrementAndGet());
  }

  public void exited() {
    active.decrementAndGet();
  }

  public long peak() {
    return peak.get();
  }
}
