package kafkaload.internal.semantic.trace;

import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.run.RecordTap;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Trace context on a run's records, a tap of its ledger: stamps a W3C {@code traceparent} on the
 * sampled share of the records sent, and keeps how many were, and the slowest {@link
 * TraceFigures#PER_REQUEST} outcomes read back of each request name (bounded memory, at most {@link
 * #MAX_REQUESTS} names). Called on the sending and reading threads; costs nothing for a record that
 * is not sampled.
 */
final class TraceCounters implements RecordTap {
  /** Request names whose traces are kept; later ones are counted only. */
  static final int MAX_REQUESTS = 1_000;

  /** The share of records stamped, from the protocol; 0: none, and no outcome read back. */
  private final double ratio;

  private final LongAdder sampled = new LongAdder();
  private final LongAdder traced = new LongAdder();
  private final Map<String, Slowest> byRequest = new ConcurrentHashMap<>();

  /** One request name's slowest outcomes: a min-heap of at most PER_REQUEST, the fastest on top. */
  private static final class Slowest {
    private final PriorityQueue<TraceFigures.Trace> heap =
        new PriorityQueue<>(
            TraceFigures.PER_REQUEST, (a, b) -> Long.compare(a.latencyMs(), b.latencyMs()));

    /** The fastest kept once full: a faster record is dropped without taking the lock. */
    private volatile long floor = -1;

    void offer(TraceFigures.Trace r) {
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

    synchronized java.util.List<TraceFigures.Trace> records() {
      return java.util.List.copyOf(heap);
    }
  }

  TraceCounters(double ratio) {
    this.ratio = ratio;
  }

  /** A record that already carries one (the simulation's own) keeps it. */
  @Override
  public void stamp(Headers headers) {
    if (TraceContext.sampled(ratio) && headers.lastHeader(TraceContext.HEADER) == null) {
      headers.add(TraceContext.HEADER, TraceContext.newTraceparent());
      sampled.increment();
    }
  }

  @Override
  public void read(
      String request, Headers headers, long producedMillis, long readMillis, boolean ok) {
    traced(request, headers, null, producedMillis, readMillis, ok);
  }

  /** Under the reply's trace id (a traced service may start its own), else the request's. */
  @Override
  public void replied(
      String request, Headers sent, Headers reply, long sentMillis, long endMillis, boolean ok) {
    traced(request, reply, sent, sentMillis, endMillis, ok);
  }

  /**
   * A record's outcome, when the run samples and the record ({@code first}, else {@code orElse})
   * carries a valid {@code traceparent}; nothing otherwise.
   */
  private void traced(
      String request, Headers first, Headers orElse, long start, long end, boolean ok) {
    if (ratio <= 0) {
      return;
    }
    String id = traceId(first);
    id = id != null ? id : traceId(orElse);
    if (id != null) {
      traced(new TraceFigures.Trace(id, request, Math.max(0, end - start), ok));
    }
  }

  private static String traceId(Headers headers) {
    Header h = headers == null ? null : headers.lastHeader(TraceContext.HEADER);
    return h == null ? null : TraceContext.traceId(h.value());
  }

  void traced(TraceFigures.Trace record) {
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
            byRequest.values().stream().flatMap(s -> s.records().stream())));
  }
}
