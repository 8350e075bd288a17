package kafkaload.internal.semantic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TracedRecord;
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

  @Test
  void nothingSampledNoSection() {
    RunLedger ledger = new RunLedger(null, null);
    new TraceSemantic().attach(ledger);
    ledger.sent(null, new byte[10]);
    assertNull(new TraceSemantic().results(ledger));
  }

  @Test
  void keepsTheSlowestPerRequestTheSlowestFirst() {
    RunLedger ledger = new RunLedger(null, null);
    new TraceSemantic().attach(ledger);
    List<Integer> latencies = new ArrayList<>(IntStream.range(0, 1_000).boxed().toList());
    Collections.shuffle(latencies, new java.util.Random(7));
    for (int ms : latencies) {
      ledger.traceSent();
      ledger.traced(new TracedRecord(id(ms), "order", ms, ms % 10 != 0));
    }
    ledger.traceSent();
    ledger.traced(new TracedRecord(id(5_000), "read", 3, true));
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
    TraceCounters c = new TraceCounters();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int base = t;
      threads.add(
          new Thread(
              () -> {
                for (int i = 0; i < 10_000; i++) {
                  c.traced(new TracedRecord(id(i * 4 + base), "r", i * 4 + base, true));
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
