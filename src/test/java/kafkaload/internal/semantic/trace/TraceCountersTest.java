package kafkaload.internal.semantic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.run.RunLedger;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * The trace section: the sampled count, the slowest 100 per request name kept whatever the order
 * they come in, the slowest first; nothing when nothing was sampled; the injectors' sections merged
 * (counts summed, the slowest 100 per request over all).
 */
class TraceCountersTest {
  private static String id(int i) {
    return String.format("%032x", i + 1);
  }

  /** Headers carrying a traceparent of trace id {@code id}. */
  private static Headers withTrace(String id) {
    return new RecordHeaders()
        .add(
            TraceContext.HEADER,
            ("00-" + id + "-00f067aa0ba902b7-01").getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void nothingSampledNoSection() {
    RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
    new TraceSemantic().attach(ledger);
    ledger.sent(null, new byte[10]);
    assertNull(new TraceSemantic().results(ledger));
  }

  @Test
  void keepsTheSlowestPerRequestTheSlowestFirst() {
    RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
    ledger.semantic(TraceCounters.class, () -> new TraceCounters(1));
    new TraceSemantic().attach(ledger);
    List<Integer> latencies = new ArrayList<>(IntStream.range(0, 1_000).boxed().toList());
    Collections.shuffle(latencies, new java.util.Random(7));
    for (int ms : latencies) {
      ledger.stamp(new RecordHeaders());
      ledger.replied("order", new RecordHeaders(), withTrace(id(ms)), 0, ms, ms % 10 != 0);
    }
    ledger.stamp(new RecordHeaders());
    ledger.read("read", withTrace(id(5_000)), 10, 13, true);
    TraceFigures f = new TraceSemantic().results(ledger);
    assertEquals(1_001, f.sampled());
    assertEquals(1_001, f.traced());
    assertEquals(TraceFigures.PER_REQUEST + 1, f.slowest().size());
    List<TraceFigures.Trace> orders =
        f.slowest().stream().filter(t -> t.request().equals("order")).toList();
    assertEquals(
        IntStream.range(0, 100).mapToLong(i -> 999 - i).boxed().toList(),
        orders.stream().map(TraceFigures.Trace::latencyMs).toList(),
        "the slowest 100, the slowest first");
    assertEquals(id(999), orders.get(0).traceId());
    assertTrue(!orders.get(9).ok(), "990 ms was a KO");
    assertEquals(
        new TraceFigures.Trace(id(5_000), "read", 3, true),
        f.slowest().get(f.slowest().size() - 1));
  }

  @Test
  void concurrentOutcomesKeepTheSlowest() throws Exception {
    TraceCounters c = new TraceCounters(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int base = t;
      threads.add(
          new Thread(
              () -> {
                for (int i = 0; i < 10_000; i++) {
                  c.traced(new TraceFigures.Trace(id(i * 4 + base), "r", i * 4 + base, true));
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    TraceFigures f = c.figures();
    assertEquals(40_000, f.traced());
    assertEquals(39_999, f.slowest().get(0).latencyMs());
    assertEquals(39_900, f.slowest().get(99).latencyMs());
  }

  @Test
  void stampsTheSampledShareKeepsTheSimulationsOwnAndReadsTheReplysIdFirst() {
    TraceCounters off = new TraceCounters(0);
    Headers plain = new RecordHeaders();
    off.stamp(plain);
    assertNull(plain.lastHeader(TraceContext.HEADER), "ratio 0: no traceparent");
    off.read("read", withTrace(id(1)), 0, 5, true);
    assertNull(off.figures(), "ratio 0: no outcome read back, even with a traceparent");

    TraceCounters on = new TraceCounters(1);
    Headers own = withTrace(id(7));
    on.stamp(own);
    assertEquals(1, own.toArray().length, "the simulation's own traceparent kept, none added");
    Headers stamped = new RecordHeaders();
    on.stamp(stamped);
    String sent = TraceContext.traceId(stamped.lastHeader(TraceContext.HEADER).value());
    assertTrue(sent != null && sent.length() == 32, "a valid traceparent stamped");
    on.replied("rr", stamped, withTrace(id(9)), 100, 130, true);
    on.replied("rr", stamped, null, 100, 90, false);
    on.read("read", new RecordHeaders(), 0, 5, true);
    TraceFigures f = on.figures();
    assertEquals(1, f.sampled(), "only the record it stamped");
    assertEquals(2, f.traced(), "a record without traceparent is not traced");
    assertEquals(
        List.of(
            new TraceFigures.Trace(id(9), "rr", 30, true),
            new TraceFigures.Trace(sent, "rr", 0, false)),
        f.slowest(),
        "the reply's trace id first, else the request's; a negative span is 0");
  }

  @Test
  void theMergeSumsAndKeepsTheSlowestOverTheInjectors() {
    TraceFigures a =
        new TraceFigures(
            10,
            3,
            List.of(
                new TraceFigures.Trace(id(1), "order", 50, true),
                new TraceFigures.Trace(id(2), "order", 7, false)));
    List<TraceFigures.Trace> many =
        IntStream.range(0, 100)
            .mapToObj(i -> new TraceFigures.Trace(id(100 + i), "order", 10 + i, true))
            .toList();
    TraceFigures b = new TraceFigures(200, 100, many);
    TraceFigures merged = TraceSemantic.merge(java.util.Arrays.asList(a, null, b));
    assertEquals(210, merged.sampled());
    assertEquals(103, merged.traced());
    assertEquals(100, merged.slowest().size());
    assertEquals(109, merged.slowest().get(0).latencyMs());
    assertTrue(merged.slowest().contains(a.slowest().get(0)), "a's 50 ms is among the slowest");
    assertTrue(!merged.slowest().contains(a.slowest().get(1)), "a's 7 ms is not");
    assertNull(TraceSemantic.merge(java.util.Arrays.asList(null, null)));
  }
}
