package kafkaload.internal.history;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import kafkaload.internal.results.Throughput;
import kafkaload.internal.results.Throughput.RequestThroughput;
import org.junit.jupiter.api.Test;

/** The measured rate of a run with several measured request names. */
class RunFiguresTest {
  private static RequestThroughput req(long acked, long firstMs, long lastMs) {
    double s = (lastMs - firstMs) / 1000.0;
    return new RequestThroughput(
        acked, acked * 1024, new Throughput.AckRate(s, acked / s, null, firstMs, lastMs, null));
  }

  @Test
  void requestsSideBySideAddUp() {
    var side = Map.of("send", req(10_000, 0, 10_000), "e2e send", req(5_000, 0, 10_000)).entrySet();
    assertEquals(1_500, RunFigures.measuredRate(side), 1e-9);
  }

  @Test
  void requestsOneAfterAnotherShareOneSpan() {
    // A capacity search's plateaus: 1,000 then 2,000 then 4,000 msg/s, 10 s each.
    var plateaus =
        Map.of(
                "send @ 1,000 msg/s (#1 ramp)", req(10_000, 0, 10_000),
                "send @ 2,000 msg/s (#2 ramp)", req(20_000, 11_000, 21_000),
                "send @ 4,000 msg/s (#3 ramp)", req(40_000, 22_000, 32_000),
                "warm-up send @ 1,000 msg/s (#0 warm-up)", req(1, 0, 1))
            .entrySet();
    assertEquals(70_000 / 32.0, RunFigures.measuredRate(plateaus), 1e-9);
  }
}
