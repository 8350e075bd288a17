package kafkaload.internal.semantic.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import kafkaload.internal.run.KoLedger;
import org.junit.jupiter.api.Test;

/** A subscription's reads reconciled by identity against the run's acked records. */
class SubscriptionCountersTest {
  static SubscriptionCounters counters() {
    SubscriptionCounters c = new SubscriptionCounters();
    SubscriptionSpec spec =
        SubscriptionSpec.of("subscription", 2, 3)
            .withTopic("t")
            .withGroupPrefix("g")
            .withTiming(Duration.ofSeconds(5), Duration.ZERO, Duration.ofSeconds(5));
    assertTrue(c.started(spec, 2));
    return c;
  }

  @Test
  void everyAckedRecordReadPassesAndKoRecordsAreNotOwed() {
    SubscriptionCounters c = counters();
    SubscriptionCounters.One sub = c.subscription(0);
    KoLedger ko = new KoLedger();
    ko.add(102);
    for (long seq = 100; seq < 110; seq++) {
      if (seq != 102) {
        sub.read(seq, 2_000, 1_000 + seq);
      }
    }
    sub.read(105, 3_000, 2_000); // read again after a rebalance
    sub.otherRun();
    assertNull(sub.reconcile(100, 10, ko));
    SubscriptionFigures.Subscription f = sub.figures();
    assertEquals("g-sub-0", f.group());
    assertEquals(3, f.consumers());
    assertEquals(9, f.expected());
    assertEquals(0, f.missing());
    assertEquals(10, f.consumed());
    assertEquals(9, f.distinct());
    assertEquals(1, f.otherRuns());
    assertEquals(10, f.e2eMs().count());
    assertNull(f.verdict());
  }

  @Test
  void aSubscriptionThatMissedRecordsNamesThem() {
    SubscriptionCounters c = counters();
    SubscriptionCounters.One sub = c.subscription(1);
    sub.read(0, -1, 1);
    sub.read(2, -1, 2);
    String ko = sub.reconcile(0, 4, new KoLedger());
    assertEquals(
        "2 of 4 acked records never read by group 'g-sub-1' (first sequence numbers: [1, 3])", ko);
    SubscriptionFigures.Subscription f = sub.figures();
    assertEquals(List.of(1L, 3L), f.missingSample());
    assertEquals(0, f.e2eMs().count(), "warm-up records are read, not timed");
    assertEquals(2, c.figures().subscriptions().size());
  }

  @Test
  void oneSetPerProtocol() {
    SubscriptionCounters c = counters();
    assertTrue(!c.started(SubscriptionSpec.of("again", 1, 1), 1));
  }
}
