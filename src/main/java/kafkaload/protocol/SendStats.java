package kafkaload.protocol;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** Counters kept beside Gatling's own stats, so that a run can say what was acked, failed or still in flight. */
public final class SendStats {
  public final LongAdder acked = new LongAdder();
  public final LongAdder failed = new LongAdder();
  public final AtomicLong inFlight = new AtomicLong();
  public final LongAdder blockedNanos = new LongAdder();
  public final LongAccumulator maxBlockedNanos = new LongAccumulator(Math::max, 0);
  /** Sends handed to the blocking-sender thread because send() could have blocked the event loop. */
  public final LongAdder offloaded = new LongAdder();
  public final PartitionCounters partitions = new PartitionCounters();

  public void blocked(long nanos) {
    blockedNanos.add(nanos);
    maxBlockedNanos.accumulate(nanos);
  }

  public String summary() {
    return String.format(
        "Kafka sends: %d acked OK, %d failed, %d still in flight at the end (neither OK nor KO); "
            + "time inside producer.send(): %.1f ms total, %.1f ms max; %d sends taken off the event loop; "
            + "injector CPU so far: %.1f s",
        acked.sum(), failed.sum(), inFlight.get(), blockedNanos.sum() / 1e6, maxBlockedNanos.get() / 1e6,
        offloaded.sum(), processCpuSeconds());
  }

  /** CPU time of this whole JVM (all threads), before Gatling spends more on its report. */
  static double processCpuSeconds() {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean
        ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() / 1e9
        : Double.NaN;
  }
}
