package kafkaload.internal.run;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * How sends went through the client: time in producer.send(), sends off the event loop, the delay
 * from a send's intended start to producer.send. Written by the record sender.
 */
public final class SendPath {
  private final LongAdder blockedNanos = new LongAdder();
  private final LongAccumulator maxBlockedNanos = new LongAccumulator(Math::max, 0);

  /**
   * Sends handed to the blocking-sender thread because send() could have blocked the event loop.
   */
  private final LongAdder offloaded = new LongAdder();

  /** From a send's intended start (the action ran) to its producer.send, µs; every event loop. */
  private final LatencyRecorder publishDelayMicros = new LatencyRecorder();

  /** A call to producer.send() took {@code nanos}. */
  public void blocked(long nanos) {
    blockedNanos.add(nanos);
    maxBlockedNanos.accumulate(nanos);
  }

  /** A send was taken off the event loop. */
  public void offloaded() {
    offloaded.increment();
  }

  /** A send reached producer.send() {@code micros} after its intended start. */
  public void publishDelayed(long micros) {
    publishDelayMicros.record(Math.max(0, micros));
  }

  public long blockedNanos() {
    return blockedNanos.sum();
  }

  public long maxBlockedNanos() {
    return maxBlockedNanos.get();
  }

  public long offloadedCount() {
    return offloaded.sum();
  }

  /** The publish delays since the last call (once, at the end), in microseconds. */
  public Histogram publishDelaySinceLast() {
    return publishDelayMicros.interval();
  }
}
