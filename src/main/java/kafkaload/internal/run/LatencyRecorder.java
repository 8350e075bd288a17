package kafkaload.internal.run;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * A latency histogram written by many threads and read by one: each writer has its own {@link
 * SingleWriterRecorder}, so a value costs no atomic update beyond its phaser (HdrHistogram's shared
 * {@code Recorder} pays several).
 */
final class LatencyRecorder {
  private final List<SingleWriterRecorder> writers = new CopyOnWriteArrayList<>();
  private final ThreadLocal<SingleWriterRecorder> own =
      ThreadLocal.withInitial(
          () -> {
            SingleWriterRecorder r = new SingleWriterRecorder(3);
            writers.add(r);
            return r;
          });

  /** Records one value, from any thread. */
  void record(long value) {
    own.get().recordValue(value);
  }

  /** What every thread recorded since the last call; call from one thread at a time. */
  Histogram interval() {
    Histogram all = new Histogram(3);
    writers.forEach(r -> all.add(r.getIntervalHistogram()));
    return all;
  }
}
