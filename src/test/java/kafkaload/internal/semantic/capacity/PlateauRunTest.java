package kafkaload.internal.semantic.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The achieved rate's ack window, on a made-up clock: what each record's ack time puts in it. */
class PlateauRunTest {
  private static final long MS = 1_000_000;

  /** A plateau of 3 s at 200 msg/s from t=0; each record acked {@code latencyMs(i)} after sent. */
  private static PlateauRun plateau(java.util.function.LongUnaryOperator ackedAtMs) {
    PlateauRun run = new PlateauRun(0, 200, 3, "send");
    run.started(0);
    for (long i = 0; i < 600; i++) {
      long sentMs = i * 5;
      run.sent(100);
      run.completed(sentMs * MS, ackedAtMs.applyAsLong(i) * MS, null);
    }
    return run;
  }

  @Test
  void aClusterThatKeepsUpAchievesTheWholeRateWhateverItsLatency() {
    // 60 ms per ack: a window from the plateau's start would end with 12 acks outside it (98 %).
    PlateauRun run = plateau(i -> i * 5 + 60);
    assertEquals(600, run.ackedInWindow.sum());
    assertEquals(600, run.acked.sum());
  }

  @Test
  void aClusterThatFallsBehindFallsShortByWhatItDidNotAck() {
    // Acks at 150 msg/s from the first one's 10 ms: a window of 3 s holds 450 of them.
    PlateauRun run = plateau(i -> 10 + i * 1000 / 150);
    assertEquals(451, run.ackedInWindow.sum());
    assertEquals(600, run.acked.sum());
  }

  @Test
  void aFailedRecordNeitherOpensTheWindowNorCountsInIt() {
    PlateauRun run = new PlateauRun(0, 200, 3, "send");
    run.started(0);
    run.sent(100);
    run.completed(0, 2_900 * MS, "TimeoutException");
    run.sent(100);
    run.completed(5 * MS, 3_010 * MS, null); // the first ack: 3,010 ms after the start
    run.sent(100);
    run.completed(10 * MS, 6_000 * MS, null);
    assertEquals(2, run.ackedInWindow.sum());
    assertEquals(1, run.failed.sum());
  }
}
