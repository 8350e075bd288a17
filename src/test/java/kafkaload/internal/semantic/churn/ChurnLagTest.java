package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnEvent.Rebalances;
import org.junit.jupiter.api.Test;

class ChurnLagTest {
  /**
   * Ten records acked each 250 ms step; read at once, then nothing for a second, then caught up.
   */
  @Test
  void lagIsAckedMinusDistinctRecordsReadAndComesBackAfterItsPeak() {
    long[] acked = new long[60];
    for (int i = 0; i < acked.length; i++) {
      acked[i] = 1_000 + (i / 10) * 250 + 100; // ten per step, in steps 0..5
    }
    List<Read> reads =
        List.of(
            new Read(1_150, 0, 10, 0, 9),
            new Read(1_400, 0, 10, 10, 19),
            new Read(1_400, 0, 10, 10, 19), // read twice: owed once
            // nothing read from 1,500 until 2,450
            new Read(2_450, 0, 30, 20, 49),
            new Read(2_600, 0, 10, 50, 59));
    ChurnLag.Series s = ChurnLag.series(acked, reads, 1_000, 3_000);
    // samples at 1,250 .. 3,000: 60 acked by 2,500, 50 distinct read by then, all 60 by 2,750
    assertEquals(List.of(0L, 0L, 10L, 20L, 30L, 10L, 0L, 0L), s.lag());
    assertEquals(1_250, s.at(0));
    assertEquals(30, ChurnLag.peak(s, 1_500, 3_000));
    assertEquals(0L, ChurnLag.steady(s, 1_000, 1_500));
    // the peak at the 2,250 sample, back to the steady 0 at 2,750: 1,250 ms after 1,500
    assertEquals(1_250L, ChurnLag.backToSteady(s, 0L, 1_500, 3_000));
    assertNull(ChurnLag.backToSteady(s, 0L, 1_500, 2_400), "not back within the window");
    assertNull(ChurnLag.backToSteady(s, null, 1_500, 3_000), "no steady lag");
    assertNull(ChurnLag.steady(s, 1_000, 1_100), "no sample before the first step");
    assertEquals(List.of(20L, 30L), ChurnLag.perSecond(s));
    // a partial last step is sampled at the end: a second of its own
    assertEquals(3, ChurnLag.perSecond(ChurnLag.series(acked, reads, 1_000, 3_001)).size());
  }

  @Test
  void endToEndLatencyIsPerRecordInTheWindow() {
    List<Read> reads =
        List.of(
            new Read(100, 0, 3, 0, 2, List.of(5, 6, 7)),
            new Read(200, 1, 2, 0, 1, List.of(900, 1_000)),
            new Read(300, 0, 1, 3, 3)); // no latency known
    assertEquals(new ChurnFigures.EndToEnd(5, 1_000L, 1_000L), ChurnLatency.of(reads, 0, 1_000));
    assertEquals(new ChurnFigures.EndToEnd(3, 7L, 7L), ChurnLatency.of(reads, 0, 150));
    assertEquals(new ChurnFigures.EndToEnd(0, null, null), ChurnLatency.of(reads, 250, 1_000));
  }

  @Test
  void kafkasRebalanceFiguresAreTheGrowthInTheWindow() {
    List<Rebalances> stays =
        List.of(
            new Rebalances(100, 1, 1, 200, 200, 0),
            new Rebalances(1_100, 3, 2, 500, 300, 0),
            new Rebalances(2_100, 3, 2, 500, 300, 0));
    List<Rebalances> joined = List.of(new Rebalances(1_500, 3, 1, 100, 100, 0));
    // in [1,000, 3,000): one more rebalance of 300 ms for the first, the join of 100 ms
    assertEquals(
        new ChurnFigures.KafkaRebalances(2, 200L, 300L, 3),
        ChurnRebalances.of(List.of(stays, joined), 1_000, 3_000));
    assertEquals(
        new ChurnFigures.KafkaRebalances(0, null, null, -1),
        ChurnRebalances.of(List.of(stays, joined), 5_000, 6_000));
  }
}
