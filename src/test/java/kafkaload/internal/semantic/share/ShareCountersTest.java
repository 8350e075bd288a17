package kafkaload.internal.semantic.share;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import kafkaload.internal.run.KoLedger;
import org.junit.jupiter.api.Test;

/** A share group's counts, and the reconciliation of the run's records by their outcome. */
class ShareCountersTest {
  private static ShareCounters counters(int limit) {
    return new ShareCounters(
        new ShareCounters.Setup(
            new ShareGroupResults.Settings(
                "work", "t", "g", "explicit", false, true, 2, 1, Map.of()),
            limit,
            List.of(0L, 500L)));
  }

  @Test
  void everyRecordHasOneOutcomeAndTheMissingAreNamed() {
    ShareCounters c = counters(3);
    KoLedger ko = new KoLedger();
    // seq 0..9: 0-3 accepted, 4 accepted twice, 5 rejected, 6 released at its 3rd delivery
    // (archived), 7 refused at its 3rd delivery (the lock expired: archived), 8 released at its
    // 1st (not archived, never settled: missing), 9 KO'd (not produced).
    for (long s = 0; s <= 4; s++) {
      c.accepted(0, s, 1000);
    }
    c.accepted(1, 4, 2000);
    c.rejected(5);
    c.released(6, 3);
    c.refused(1, 7, 3);
    c.released(8, 1);
    ko.add(9);
    ShareGroupResults.Reconciliation r = c.reconcile(0, 10, ko);
    assertEquals(9, r.produced());
    assertEquals(4, r.acceptedOnce());
    assertEquals(1, r.acceptedTwice());
    assertEquals(1, r.rejected());
    assertEquals(2, r.archived());
    assertEquals(1, r.missing());
    assertEquals(List.of(8L), r.missingSample());
    assertEquals(1, r.processedTwice());
    assertFalse(r.ok());
    // settled for good: 0-4, 5, 6, 7
    assertEquals(8, c.settledOfRun());
  }

  @Test
  void countsDeliveriesRedeliveriesAndEachConsumersShare() {
    ShareCounters c = counters(5);
    c.acquired(0, 1);
    c.acquired(0, 1);
    c.acquired(1, 2);
    c.acquired(1, 3);
    c.accepted(0, -1, 0);
    c.accepted(0, -1, 0);
    c.accepted(1, -1, 0);
    c.released(-1, 1);
    ShareGroupResults g = c.results();
    assertEquals(4, g.deliveries().acquired());
    assertEquals(2, g.deliveries().redelivered());
    assertEquals(Map.of(1, 2L, 2, 1L, 3, 1L), g.deliveries().deliveryCounts());
    assertEquals(3, g.deliveries().accepted());
    assertEquals(1, g.deliveries().released());
    assertEquals(0, g.deliveries().archived(), "released below the limit");
    assertEquals(2, g.work().perConsumer().get(0).accepted());
    assertEquals(500, g.work().perConsumer().get(1).processingMsPerRecord());
    assertEquals(3, g.latency().endToEndMs().count());
  }

  /**
   * A RELEASE a stock broker confirmed after its lock expired released nothing (StockBrokerIT's
   * slow consumer drew one): not counted as released, archived at the limit as the expiry would.
   */
  @Test
  void aReleaseAfterTheLockExpiredIsNotARelease() {
    ShareCounters c = counters(3);
    c.lockExpired(1, 1);
    c.lockExpired(2, 3);
    c.released(3, 1);
    ShareGroupResults g = c.results();
    assertEquals(1, g.deliveries().released());
    assertEquals(1, g.deliveries().archived(), "the one at its 3rd delivery");
    assertEquals(1, c.settledOfRun());
  }

  @Test
  void theSpreadIsTheCoefficientOfVariation() {
    assertNull(ShareCounters.spreadPct(List.of(5.0)));
    assertEquals(0.0, ShareCounters.spreadPct(List.of(5.0, 5.0, 5.0)), 1e-9);
    // mean 2, sample standard deviation sqrt(2): 70.7 %
    assertEquals(70.71, ShareCounters.spreadPct(List.of(1.0, 3.0)), 0.01);
  }
}
