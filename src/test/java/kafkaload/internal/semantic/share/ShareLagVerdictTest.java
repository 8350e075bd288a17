package kafkaload.internal.semantic.share;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.results.ProtocolResults.LagPoint;
import org.junit.jupiter.api.Test;

/** The share group's lag verdict over the load's second half, and when drained. */
class ShareLagVerdictTest {
  private static List<LagPoint> points(long... lags) {
    List<LagPoint> out = new ArrayList<>();
    for (int i = 0; i < lags.length; i++) {
      out.add(new LagPoint(i + 1, lags[i]));
    }
    return out;
  }

  @Test
  void consumersFallingBehindAreRisingEvenWhenTheyDrainLater() {
    // 40 records/s produced, 20 consumed: the lag climbs 20 a second.
    ShareGroupEnd.Lag lag = ShareGroupEnd.lagVerdict(points(0, 20, 40, 60, 80, 100, 120), 7, 0L);
    assertTrue(lag.verdict().rising(), lag.toString());
    assertEquals(120, lag.verdict().maxLag());
    assertTrue(
        lag.koMessage().startsWith("share-group lag rising: 20.0 records/s"), lag.koMessage());
  }

  @Test
  void theSawtoothOfBurstsIsNotRising() {
    // 8-record bursts, sampled between polls, a burst or two waiting: the second half's slope is
    // 4 records/s and the window ends higher than it began, yet the consumers keep up.
    ShareGroupEnd.Lag lag = ShareGroupEnd.lagVerdict(points(0, 8, 0, 0, 8, 0, 16), 7, 0L);
    assertEquals(4.0, lag.verdict().slopePerSecond(), 1e-9);
    assertFalse(lag.verdict().rising(), lag.toString());
    assertNull(lag.koMessage());
  }

  @Test
  void aLagLeftAtTheEndOrUnreadIsAKo() {
    assertEquals(
        "share-group lag 5 at the end: not drained",
        ShareGroupEnd.lagVerdict(points(0, 0, 0, 0), 4, 5L).koMessage());
    assertEquals(
        "share-group lag could not be read at the end",
        ShareGroupEnd.lagVerdict(points(0, 0, 0, 0), 4, null).koMessage());
  }

  @Test
  void samplesAfterTheLoadAreNotJudged() {
    // The drain after the load may hold a high lag that falls: only the load's samples count.
    ShareGroupEnd.Lag lag = ShareGroupEnd.lagVerdict(points(0, 0, 0, 0, 500, 900, 1300), 4, 0L);
    assertFalse(lag.verdict().rising(), lag.toString());
    assertEquals(1300, lag.verdict().maxLag());
  }
}
