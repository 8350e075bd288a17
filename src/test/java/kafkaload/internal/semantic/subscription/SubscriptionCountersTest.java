package kafkaload.internal.semantic.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import kafkaload.internal.run.KoLedger;
import org.junit.jupiter.api.Test;

/**
 * A subscription's groups (one per topic) reconciled against the records acked into each topic, the
 * run's KO'd records not owed.
 */
class SubscriptionCountersTest {
  static SubscriptionCounters counters(List<String> topics) {
    SubscriptionCounters c = new SubscriptionCounters();
    SubscriptionSpec spec =
        SubscriptionSpec.of("subscription", 2, 3)
            .withTopics(topics)
            .withGroupPrefix("g")
            .withTiming(Duration.ofSeconds(5), Duration.ZERO, Duration.ofSeconds(5));
    assertTrue(c.started(spec, 2));
    return c;
  }

  @Test
  void everyAckedRecordReadPassesAndKoRecordsAreNotOwed() {
    SubscriptionCounters c = counters(List.of("t"));
    SubscriptionCounters.One sub = c.subscription(0).get(0);
    KoLedger ko = new KoLedger();
    ko.add(102);
    for (long seq = 100; seq < 110; seq++) {
      sub.read(seq, 2_000, 1_000 + seq); // 102 too: KO'd, yet written
    }
    sub.read(105, 3_000, 2_000); // read again after a rebalance
    sub.otherRun();
    assertNull(c.reconcile(0, t -> 9, 100, 10, ko));
    SubscriptionFigures.Subscription f = sub.figures();
    assertEquals("g-sub-0", f.group());
    assertEquals("t", f.topic());
    assertEquals(3, f.consumers());
    assertEquals(9, f.coverage().expected());
    assertEquals(0, f.coverage().missing());
    assertEquals(11, f.reads().consumed());
    assertEquals(10, f.reads().distinct());
    assertEquals(1, f.reads().otherRuns());
    assertEquals(11, f.reads().e2eMs().count());
    assertNull(f.verdict());
  }

  /**
   * The sample of unread sequence numbers walks the issued ones: a subscription that read every
   * owed record is judged without that walk (here over more numbers than could ever be walked).
   */
  @Test
  void aPassingSubscriptionIsJudgedWithoutWalkingTheIssuedSequenceNumbers() {
    SubscriptionCounters c = counters(List.of("t"));
    SubscriptionCounters.One sub = c.subscription(0).get(0);
    for (long seq = 0; seq < 5; seq++) {
      sub.read(seq, -1, seq);
    }
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> assertNull(c.reconcile(0, t -> 5, 0, Long.MAX_VALUE / 2, new KoLedger())));
    assertEquals(List.of(), sub.figures().coverage().missingSample());
  }

  @Test
  void aSubscriptionThatMissedRecordsNamesThem() {
    SubscriptionCounters c = counters(List.of("t"));
    SubscriptionCounters.One sub = c.subscription(1).get(0);
    sub.read(0, -1, 1);
    sub.read(2, -1, 2);
    String ko = c.reconcile(1, t -> 4, 0, 4, new KoLedger());
    assertEquals(
        "topic 't': 2 of 4 acked records never read by group 'g-sub-1' of subscription 1"
            + " (first sequence numbers unread: [1, 3])",
        ko);
    SubscriptionFigures.Subscription f = sub.figures();
    assertEquals(List.of(1L, 3L), f.coverage().missingSample());
    assertEquals(0, f.reads().e2eMs().count(), "warm-up records are read, not timed");
    assertEquals(2, c.figures().subscriptions().size());
    assertEquals("t", c.figures().topic());
  }

  /**
   * Several topics: a group per subscription and topic, each reconciled against its own topic; one
   * group that missed records fails its subscription, naming the topic and the group, while the
   * other subscription passes.
   */
  @Test
  void overSeveralTopicsEachGroupIsReconciledAgainstItsTopic() {
    SubscriptionCounters c = counters(List.of("p-0", "p-1"));
    assertEquals(
        List.of("g-sub-0-p-0", "g-sub-0-p-1"),
        c.subscription(0).stream().map(SubscriptionCounters.One::group).toList());
    // Records 0..9 spread round robin: even ones into p-0, odd ones into p-1.
    Map<String, Long> acked = Map.of("p-0", 5L, "p-1", 5L);
    for (int s = 0; s < 2; s++) {
      for (long seq = 0; seq < 10; seq++) {
        boolean missedBySub1 = s == 1 && seq == 7;
        if (!missedBySub1) {
          c.subscription(s).get((int) (seq % 2)).read(seq, -1, seq);
        }
      }
    }
    assertNull(c.reconcile(0, acked::get, 0, 10, new KoLedger()));
    String ko = c.reconcile(1, acked::get, 0, 10, new KoLedger());
    assertEquals(
        "topic 'p-1': 1 of 5 acked records never read by group 'g-sub-1-p-1' of subscription 1"
            + " (first sequence numbers unread: [7])",
        ko);
    SubscriptionFigures.Subscription p0 = c.subscription(1).get(0).figures();
    assertNull(p0.verdict(), "the group on p-0 read all of p-0's");
    assertEquals(List.of(), p0.coverage().missingSample());
    SubscriptionFigures f = c.figures();
    assertNull(f.topic());
    assertEquals(2, f.topicCount());
    assertEquals(4, f.subscriptions().size());
  }

  @Test
  void oneSetPerProtocol() {
    SubscriptionCounters c = counters(List.of("t"));
    assertTrue(!c.started(SubscriptionSpec.of("again", 1, 1).withTopic("t"), 1));
  }
}
