package kafkaload.internal.verification;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * How late Gatling's event loops run work: a task on each loop, due every {@link #PERIOD_MS} ms,
 * records its delay. A busy, blocked or starved loop delays its users' requests, which Gatling
 * cannot show (coordinated omission); a 500 ms stall records 500, 400, 300 ... ms.
 */
final class EventLoopLag implements AutoCloseable {
  static final long PERIOD_MS = 100;

  private final Recorder delayMicros = new Recorder(2);
  private final Map<EventExecutor, ScheduledFuture<?>> probes = new ConcurrentHashMap<>();
  private volatile boolean closed;

  /** Starts a probe on this loop, once per loop. */
  void watch(EventExecutor loop) {
    if (closed || probes.containsKey(loop)) {
      return;
    }
    probes.computeIfAbsent(
        loop,
        l -> {
          long first = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PERIOD_MS);
          long[] ticks = {0}; // only touched on its own loop
          return l.scheduleAtFixedRate(
              () -> {
                long due = first + ticks[0]++ * TimeUnit.MILLISECONDS.toNanos(PERIOD_MS);
                delayMicros.recordValue(Math.max(0, (System.nanoTime() - due) / 1000));
              },
              PERIOD_MS,
              PERIOD_MS,
              TimeUnit.MILLISECONDS);
        });
    if (closed) {
      close(); // raced with close(): stop what was just started
    }
  }

  int loops() {
    return probes.size();
  }

  /** The delays recorded since the last call, in µs. */
  Histogram interval() {
    return delayMicros.getIntervalHistogram();
  }

  @Override
  public void close() {
    closed = true;
    probes.values().forEach(f -> f.cancel(false));
  }
}
