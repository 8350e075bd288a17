package kafkaload.internal.semantic.capacity;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One plateau as it runs on this injector: what it sent and what came back, filled from the pacer
 * and the producer's I/O thread. A record belongs to the plateau it was sent in, however late its
 * ack; acks count towards the achieved rate only inside the plateau's ack window: as long as the
 * plateau, from its start shifted by its first ack's latency. No ack can come before the first, so
 * a window from the plateau's start would miss rate × latency of acks at its end on a healthy
 * cluster (2 % of a 3 s plateau at 60 ms); a cluster that falls behind still falls short.
 */
final class PlateauRun {
  final int index;

  /** This injector's share of the step's rate, msg/s. */
  final double rate;

  final int seconds;

  /** Gatling's request name for the plateau's sends: each plateau is its own row and step. */
  final String requestName;

  final LongAdder sent = new LongAdder();
  final LongAdder acked = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder ackedInWindow = new LongAdder();

  /** Sends not made: the producer already held a buffer's worth of this plateau's records. */
  final LongAdder skipped = new LongAdder();

  final AtomicLong bytes = new AtomicLong();
  final AtomicReference<String> firstError = new AtomicReference<>();

  /** Send to ack, µs. */
  final Recorder latency = new Recorder(3);

  /** How much later than planned each send started, µs (the injector's own lag). */
  final Recorder publishDelay = new Recorder(3);

  private volatile long windowEndNanos = Long.MAX_VALUE;

  /** The ack window's end, set by the first ack; until then none has come. */
  private final AtomicLong ackWindowEndNanos = new AtomicLong(Long.MIN_VALUE);

  PlateauRun(int index, double rate, int seconds, String requestName) {
    this.index = index;
    this.rate = rate;
    this.seconds = seconds;
    this.requestName = requestName;
  }

  void started(long nanos) {
    windowEndNanos = nanos + seconds * 1_000_000_000L;
  }

  long windowEndNanos() {
    return windowEndNanos;
  }

  /** The pacer handed one record of {@code size} bytes to the producer. */
  void sent(long size) {
    sent.increment();
    bytes.addAndGet(size);
  }

  /** A record's outcome, on the producer's I/O thread: acked when {@code error} is null. */
  void completed(long sentNanos, long endNanos, String error) {
    if (error != null) {
      failed.increment();
      firstError.compareAndSet(null, error);
      return;
    }
    acked.increment();
    long ackWindowEnd = ackWindowEndNanos.get();
    if (ackWindowEnd == Long.MIN_VALUE) { // the first ack: no CAS on every ack after it
      long start = windowEndNanos - seconds * 1_000_000_000L;
      ackWindowEndNanos.compareAndSet(
          Long.MIN_VALUE, windowEndNanos + Math.max(0, endNanos - start));
      ackWindowEnd = ackWindowEndNanos.get();
    }
    if (endNanos <= ackWindowEnd) {
      ackedInWindow.increment();
    }
    latency.recordValue(Math.max(1, (endNanos - sentNanos) / 1000));
  }

  /** Records neither acked nor failed yet. */
  long outstanding() {
    return sent.sum() - acked.sum() - failed.sum();
  }

  /**
   * The latencies of its acked records, plus each record still unacked counted at {@code
   * waitedMicros}: at least that long, so a plateau whose acks never came cannot pass.
   */
  Histogram latencies(long waitedMicros) {
    Histogram h = latency.getIntervalHistogram();
    long open = outstanding();
    if (open > 0) {
      h.recordValueWithCount(Math.max(1, waitedMicros), open);
    }
    return h;
  }
}
