package kafkaload.internal.semantic.trace;

import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.run.RecordTap;
import kafkaload.internal.run.TracedRecord;

/**
 * The sampled records of a run, in its ledger: how many were sent with a {@code traceparent}, and
 * the slowest {@link TraceFigures#PER_REQUEST} outcomes of each request name (bounded memory, at
 * most {@link #MAX_REQUESTS} names). Called on the sending and reading threads; costs nothing for a
 * record that is not sampled.
 */
final class TraceCounters implements RecordTap {
  /** Request names whose traces are kept; later ones are counted only. */
  static final int MAX_REQUESTS = 1_000;

  private final LongAdder sampled = new LongAdder();
  private final LongAdder traced = new LongAdder();
  private final Map<String, Slowest> byRequest = new ConcurrentHashMap<>();

  /** One request name's slowest outcomes: a min-heap of at most PER_REQUEST, the fastest on top. */
  private static final class Slowest {
    private final PriorityQueue<TracedRecord> heap =
        new PriorityQueue<>(
            TraceFigures.PER_REQUEST, (a, b) -> Long.compare(a.latencyMs(), b.latencyMs()));

    /** The fastest kept once full: a faster record is dropped without taking the lock. */
    private volatile long floor = -1;

    void offer(TracedRecord r) {
      if (r.latencyMs() <= floor) {
        return;
      }
      synchronized (this) {
        if (heap.size() < TraceFigures.PER_REQUEST) {
          heap.add(r);
        } else if (r.latencyMs() > heap.peek().latencyMs()) {
          heap.poll();
          heap.add(r);
        }
        if (heap.size() == TraceFigures.PER_REQUEST) {
          floor = heap.peek().latencyMs();
        }
      }
    }

    synchronized java.util.List<TracedRecord> records() {
      return java.util.List.copyOf(heap);
    }
  }

  @Override
  public void sent(byte[] key, byte[] value) {
    // Every record: nothing to do until one is sampled.
  }

  @Override
  public void traceSent() {
    sampled.increment();
  }

  @Override
  public void traced(TracedRecord record) {
    traced.increment();
    Slowest s = byRequest.get(record.request());
    if (s == null) {
      if (byRequest.size() >= MAX_REQUESTS) {
        return;
      }
      s = byRequest.computeIfAbsent(record.request(), r -> new Slowest());
    }
    s.offer(record);
  }

  /** What was sampled; null when nothing was. */
  TraceFigures figures() {
    long sent = sampled.sum();
    long read = traced.sum();
    if (sent == 0 && read == 0) {
      return null;
    }
    return new TraceFigures(
        sent,
        read,
        TraceFigures.slowestPerRequest(
            byRequest.values().stream()
                .flatMap(s -> s.records().stream())
                .map(
                    r -> new TraceFigures.Trace(r.traceId(), r.request(), r.latencyMs(), r.ok()))));
  }
}
