package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.results.Throughput;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Ack rates over the first-to-last-ack span: none below two acks, per request name and for the whole protocol. */
class SendStatsTest {
  private static Throughput.RequestThroughput figures(long acked, long bytes, double seconds, Double msgs,
      Double mb) {
    return new Throughput.RequestThroughput(acked, bytes, seconds, msgs, mb, null, null, null);
  }

  /** The figures without the span's epoch ends (checked in theSpanEndsAreTheFirstAndLastAck). */
  private static Throughput.RequestThroughput withoutSpan(Throughput.RequestThroughput t) {
    return new Throughput.RequestThroughput(t.acked(), t.bytes(), t.firstToLastAckSeconds(), t.msgsPerSec(),
        t.mbPerSec(), null, null, t.overUnionSpan());
  }

  /** The protocol's figures without the span's epoch ends. */
  private static Map<String, Object> withoutSpan(Map<String, Object> m) {
    Map<String, Object> out = new LinkedHashMap<>(m);
    out.remove("firstAckMillis");
    out.remove("lastAckMillis");
    return out;
  }

  @Test
  void theSpanEndsAreTheFirstAndLastAck() {
    SendStats s = new SendStats();
    s.requestAcks("none", true);
    s.requestAcks("send", true).acked(1, 4_000, 1);
    s.requestAcks("send", true).acked(1, 2_000, 1);
    assertEquals(2_000L, s.throughputByRequest().get("send").firstAckMillis());
    assertEquals(4_000L, s.throughputByRequest().get("send").lastAckMillis());
    assertEquals(null, s.throughputByRequest().get("none").firstAckMillis());
  }

  @Test
  void noRateBelowTwoAcks() {
    SendStats s = new SendStats();
    s.requestAcks("none", true);
    s.requestAcks("one", true).acked(100, 5_000, 10);
    Map<String, Throughput.RequestThroughput> t = s.throughputByRequest();
    assertEquals(figures(0, 0, 0.0, null, null), withoutSpan(t.get("none")));
    assertEquals(figures(1, 100, 0.0, null, null), withoutSpan(t.get("one")));
  }

  @Test
  void twoAcksGiveARateOverTheirSpan() {
    SendStats s = new SendStats();
    SendStats.RequestAcks r = s.requestAcks("send", true);
    r.acked(1_048_576, 1_000, 10);
    r.acked(1_048_576, 3_000, 10);
    assertEquals(figures(2, 2_097_152, 2.0, 1.0, 1.0), withoutSpan(s.throughputByRequest().get("send")));
  }

  @Test
  void theSpanIsFirstToLastWhateverTheOrder() {
    SendStats s = new SendStats();
    SendStats.RequestAcks r = s.requestAcks("send", false);
    r.acked(10, 5_000, 0);
    r.acked(10, 2_000, 0);
    r.acked(10, 4_500, 0);
    r.acked(10, 2_500, 0);
    // 4 records, 40 bytes over 3 s.
    assertEquals(figures(4, 40, 3.0, 4 / 3.0, 40 / 3.0 / 1_048_576.0), withoutSpan(s.throughputByRequest().get("send")));
  }

  @Test
  void twoAcksInTheSameMillisecondHaveNoRate() {
    SendStats s = new SendStats();
    s.requestAcks("burst", true).acked(1, 7, 1);
    s.requestAcks("burst", true).acked(1, 7, 1);
    assertEquals(figures(2, 2, 0.0, null, null), withoutSpan(s.throughputByRequest().get("burst")));
  }

  @Test
  void requestsAreSortedByNameAndOneNameIsOneAccount() {
    SendStats s = new SendStats();
    SendStats.RequestAcks b = s.requestAcks("b", true);
    s.requestAcks("a", true);
    assertSame(b, s.requestAcks("b", false));
    assertEquals(List.of("a", "b"), List.copyOf(s.throughputByRequest().keySet()));
  }

  @Test
  void theProtocolRateUsesTheRunsFirstAndLastAck() {
    SendStats s = new SendStats();
    Map<String, Object> none = new LinkedHashMap<>();
    none.put("firstToLastAckSeconds", 0.0);
    none.put("msgsPerSec", null);
    none.put("mbPerSec", null);
    assertEquals(none, withoutSpan(s.ackRates()));
    s.acked.add(10);
    s.ackedBytes.add(5 * 1_048_576);
    s.firstAckMillis.accumulate(10_000);
    s.lastAckMillis.accumulate(15_000);
    s.firstAckMillis.accumulate(12_000);
    Map<String, Object> m = s.ackRates();
    assertEquals(5.0, m.get("firstToLastAckSeconds"));
    assertEquals(2.0, m.get("msgsPerSec"));
    assertEquals(1.0, m.get("mbPerSec"));
  }

  @Test
  void onlyAckTimedRequestsHaveALatencyHistogram() {
    SendStats s = new SendStats();
    s.requestAcks("timed", true).acked(1, 1, 100);
    s.requestAcks("timed", true).acked(1, 2, 2000);
    s.requestAcks("ff", false).acked(1, 1, 5);
    Map<String, Histogram> h = s.ackLatencyHistograms();
    assertEquals(List.of("timed"), List.copyOf(h.keySet()));
    assertEquals(2, h.get("timed").getTotalCount());
    assertEquals(100, h.get("timed").getMinValue());
    assertEquals(2000, h.get("timed").getMaxValue(), 2);
  }
}
