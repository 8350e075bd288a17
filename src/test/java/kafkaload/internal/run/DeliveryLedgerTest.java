package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kafkaload.internal.results.Throughput;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The delivery ledger: ack rates over the first-to-last-ack span (none below two acks, per request
 * name and for the whole protocol), and a record's life counted once per event.
 */
class DeliveryLedgerTest {
  private static Throughput.RequestThroughput figures(
      long acked, long bytes, double seconds, Double msgs, Double mb) {
    return new Throughput.RequestThroughput(
        acked, bytes, new Throughput.AckRate(seconds, msgs, mb, null, null, null));
  }

  /** The figures without the span's epoch ends (checked in theSpanEndsAreTheFirstAndLastAck). */
  private static Throughput.RequestThroughput withoutSpan(Throughput.RequestThroughput t) {
    return new Throughput.RequestThroughput(
        t.acked(),
        t.bytes(),
        new Throughput.AckRate(
            t.rate().firstToLastAckSeconds(),
            t.rate().msgsPerSec(),
            t.rate().mbPerSec(),
            null,
            null,
            t.rate().overUnionSpan()));
  }

  @Test
  void theSpanEndsAreTheFirstAndLastAck() {
    DeliveryLedger s = new DeliveryLedger();
    s.requestAcks("none", true);
    s.acked(s.requestAcks("send", true), "t", 0, 1, 4_000, 1);
    s.acked(s.requestAcks("send", true), "t", 0, 1, 2_000, 1);
    assertEquals(2_000L, s.throughputByRequest().get("send").rate().firstAckMillis());
    assertEquals(4_000L, s.throughputByRequest().get("send").rate().lastAckMillis());
    assertEquals(null, s.throughputByRequest().get("none").rate().firstAckMillis());
  }

  @Test
  void noRateBelowTwoAcks() {
    DeliveryLedger s = new DeliveryLedger();
    s.requestAcks("none", true);
    s.acked(s.requestAcks("one", true), "t", 0, 100, 5_000, 10);
    Map<String, Throughput.RequestThroughput> t = s.throughputByRequest();
    assertEquals(figures(0, 0, 0.0, null, null), withoutSpan(t.get("none")));
    assertEquals(figures(1, 100, 0.0, null, null), withoutSpan(t.get("one")));
  }

  @Test
  void twoAcksGiveARateOverTheirSpan() {
    DeliveryLedger s = new DeliveryLedger();
    DeliveryLedger.RequestAcks r = s.requestAcks("send", true);
    s.acked(r, "t", 0, 1_048_576, 1_000, 10);
    s.acked(r, "t", 0, 1_048_576, 3_000, 10);
    assertEquals(
        figures(2, 2_097_152, 2.0, 1.0, 1.0), withoutSpan(s.throughputByRequest().get("send")));
  }

  @Test
  void theSpanIsFirstToLastWhateverTheOrder() {
    DeliveryLedger s = new DeliveryLedger();
    DeliveryLedger.RequestAcks r = s.requestAcks("send", false);
    s.acked(r, "t", 0, 10, 5_000, 0);
    s.acked(r, "t", 0, 10, 2_000, 0);
    s.acked(r, "t", 0, 10, 4_500, 0);
    s.acked(r, "t", 0, 10, 2_500, 0);
    // 4 records, 40 bytes over 3 s.
    assertEquals(
        figures(4, 40, 3.0, 4 / 3.0, 40 / 3.0 / 1_048_576.0),
        withoutSpan(s.throughputByRequest().get("send")));
  }

  @Test
  void twoAcksInTheSameMillisecondHaveNoRate() {
    DeliveryLedger s = new DeliveryLedger();
    s.acked(s.requestAcks("burst", true), "t", 0, 1, 7, 1);
    s.acked(s.requestAcks("burst", true), "t", 0, 1, 7, 1);
    assertEquals(figures(2, 2, 0.0, null, null), withoutSpan(s.throughputByRequest().get("burst")));
  }

  @Test
  void requestsAreSortedByNameAndOneNameIsOneAccount() {
    DeliveryLedger s = new DeliveryLedger();
    DeliveryLedger.RequestAcks b = s.requestAcks("b", true);
    s.requestAcks("a", true);
    assertSame(b, s.requestAcks("b", false));
    assertEquals(List.of("a", "b"), List.copyOf(s.throughputByRequest().keySet()));
  }

  @Test
  void theProtocolRateUsesTheRunsFirstAndLastAck() {
    DeliveryLedger s = new DeliveryLedger();
    assertEquals(new Throughput.AckRate(0.0, null, null, null, null, null), s.ackSpan());
    // Ten acks of half a MiB each; the first at 10 s, the last at 15 s, whatever the order.
    long[] at = {12_000, 15_000, 10_000, 11_000, 13_000, 14_000, 12_500, 10_500, 14_500, 11_500};
    for (long t : at) {
      s.acked(null, "t", 0, 1_048_576 / 2, t, 0);
    }
    Throughput.AckRate m = s.ackSpan();
    assertEquals(5.0, m.firstToLastAckSeconds());
    assertEquals(2.0, m.msgsPerSec());
    assertEquals(1.0, m.mbPerSec());
    assertEquals(10_000L, m.firstAckMillis());
    assertEquals(15_000L, m.lastAckMillis());
  }

  @Test
  void onlyAckTimedRequestsHaveALatencyHistogram() {
    DeliveryLedger s = new DeliveryLedger();
    s.acked(s.requestAcks("timed", true), "t", 0, 1, 1, 100);
    s.acked(s.requestAcks("timed", true), "t", 0, 1, 2, 2000);
    s.acked(s.requestAcks("ff", false), "t", 0, 1, 1, 5);
    Map<String, Histogram> h = s.ackLatencyHistograms();
    assertEquals(List.of("timed"), List.copyOf(h.keySet()));
    assertEquals(2, h.get("timed").getTotalCount());
    assertEquals(100, h.get("timed").getMinValue());
    assertEquals(2000, h.get("timed").getMaxValue(), 2);
  }

  @Test
  void aRecordsLifeIsCountedOncePerEvent() {
    DeliveryLedger s = new DeliveryLedger();
    DeliveryLedger.RequestAcks r = s.requestAcks("send", true);
    s.sent();
    s.sent();
    s.sent();
    assertEquals(new DeliveryLedger.Snapshot(3, 0, 0, 3, 0, 0, 0, 0), s.snapshot());
    s.acked(r, "t", 1, 10, 1_000, 5);
    s.failed(7, true);
    // A send refused before it reached a producer (no metadata, a partition out of range) was never
    // in flight.
    s.failed(8, false);
    assertEquals(new DeliveryLedger.Snapshot(3, 1, 2, 1, 10, 0, 0, 0), s.snapshot());
    s.inFlightElsewhere(4); // another injector's, in a merge
    assertEquals(5, s.inFlight());
    assertEquals(Map.of(1, new PartitionCounters.Count(1, 10)), s.ackedByPartition("t"));
    assertEquals(1L, s.throughputByRequest().get("send").acked());
    assertTrue(
        s.koLedger().contains(7) && s.koLedger().contains(8),
        "KO'd identities kept for the read-back");
    s.committed(1);
    s.aborted(0);
    assertEquals(1, s.snapshot().committed());
    s.readBack("t", 1, 0);
    assertEquals(Map.of("t", new DeliveryLedger.Found(1, 0)), s.found());
  }

  @Test
  void transactionalRecordsAreOwedByTopicAndTravelToTheMerge() {
    DeliveryLedger injector = new DeliveryLedger();
    injector.abortedRecord("orders", 11);
    injector.abortedRecord("orders", 12);
    injector.aborted(2);
    injector.inDoubtRecord("audit", 20);
    injector.committed(5);
    assertEquals(2, injector.notOwed("orders"));
    assertEquals(1, injector.notOwed("audit"));
    assertEquals(0, injector.notOwed("other"));
    assertTrue(injector.abortedLedger().contains(11) && !injector.abortedLedger().contains(20));
    assertTrue(injector.koLedger().contains(20), "an in-doubt record found is a KO'd one");
    DeliveryLedger.Snapshot s = injector.snapshot();
    assertEquals(5, s.committed());
    assertEquals(2, s.aborted());
    assertEquals(1, s.inDoubt());

    DeliveryLedger merged = new DeliveryLedger();
    merged.transactionsElsewhere(
        s.committed(),
        s.aborted(),
        s.inDoubt(),
        injector.abortedLedger().serialized(),
        injector.notOwedByTopic());
    assertEquals(Map.of("audit", 1L, "orders", 2L), merged.notOwedByTopic());
    assertTrue(merged.abortedLedger().contains(12));
    assertEquals(s.committed(), merged.snapshot().committed());
    assertEquals(s.inDoubt(), merged.snapshot().inDoubt());
  }
}
