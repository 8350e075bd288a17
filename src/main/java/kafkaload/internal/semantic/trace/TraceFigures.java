package kafkaload.internal.semantic.trace;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The {@code trace} section of a protocol's results: the records sent with a W3C {@code
 * traceparent}, and the slowest of those whose outcome a request-reply or a consume read back.
 *
 * @param sampled records sent with a {@code traceparent}
 * @param traced sampled records whose outcome was read back (a reply, a consumed record, a KO)
 * @param slowest the slowest traced records, at most {@link #PER_REQUEST} per request name, the
 *     slowest first
 */
public record TraceFigures(long sampled, long traced, List<Trace> slowest) {
  /** Traced records kept per request name: the slowest ones. */
  public static final int PER_REQUEST = 100;

  /** A traced record: its trace id, request name, response time and whether it was OK. */
  public record Trace(String traceId, String request, long latencyMs, boolean ok) {}

  /** The slowest first; equal latencies by request and trace id, so the order is stable. */
  static final Comparator<Trace> SLOWEST_FIRST =
      Comparator.comparingLong(Trace::latencyMs)
          .reversed()
          .thenComparing(Trace::request)
          .thenComparing(Trace::traceId);

  /** The slowest {@link #PER_REQUEST} of each request name, the slowest first. */
  static List<Trace> slowestPerRequest(Stream<Trace> traces) {
    Map<String, Integer> kept = new LinkedHashMap<>();
    return traces
        .sorted(SLOWEST_FIRST)
        .filter(t -> kept.merge(t.request(), 1, Integer::sum) <= PER_REQUEST)
        .toList();
  }
}
