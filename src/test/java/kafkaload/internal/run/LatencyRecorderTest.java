package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Values recorded from several threads all reach the reader, each interval once. */
class LatencyRecorderTest {
  @Test
  void mergesEveryThreadsValuesOncePerInterval() throws InterruptedException {
    LatencyRecorder r = new LatencyRecorder();
    List<Thread> writers = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      long value = 100L * (t + 1);
      Thread w =
          new Thread(
              () -> {
                for (int i = 0; i < 1000; i++) {
                  r.record(value);
                }
              });
      writers.add(w);
      w.start();
    }
    for (Thread w : writers) {
      w.join();
    }
    r.record(5);
    Histogram first = r.interval();
    assertEquals(4001, first.getTotalCount());
    assertEquals(1000, first.getCountAtValue(400));
    assertEquals(5, first.getMinValue());
    assertEquals(0, r.interval().getTotalCount());
    r.record(7);
    assertEquals(1, r.interval().getTotalCount());
  }
}
