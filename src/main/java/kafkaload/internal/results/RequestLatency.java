package kafkaload.internal.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One request's latency as the page and the summary show it: every request that sent or read
 * records has a row, under its name and the kind of span its latency measures.
 *
 * @param request the request's name, as in Gatling's report
 * @param kind {@link #ACK}, {@link #SEND_TO_REPLY} or {@link #SEND_TO_READ}
 * @param ms the percentiles, ms; null when the request's latency was not measured (a
 *     fire-and-forget send, a consume or request-reply that got nothing)
 */
public record RequestLatency(String request, String kind, Percentiles ms) {
  /** producer.send to the broker's acknowledgement. */
  public static final String ACK = "ack";

  /** A request-reply's send to its reply. */
  public static final String SEND_TO_REPLY = "send-to-reply";

  /** A record's send (its timestamp, or a header) to its read by a consume. */
  public static final String SEND_TO_READ = "send-to-read";

  /**
   * The rows of a protocol: each request of {@code ack}, {@code reply} and {@code e2e} with its
   * figures; each other request of {@code sending} (every request that sent records) and {@code
   * reading} (every consume and request-reply) with none. A request both sending and reading is a
   * request-reply.
   */
  public static List<RequestLatency> rows(
      Map<String, Percentiles> ack,
      Map<String, Percentiles> reply,
      Map<String, Percentiles> e2e,
      Set<String> sending,
      Set<String> reading) {
    List<RequestLatency> out = new ArrayList<>();
    orEmpty(ack).forEach((n, p) -> out.add(new RequestLatency(n, ACK, p)));
    orEmpty(reply).forEach((n, p) -> out.add(new RequestLatency(n, SEND_TO_REPLY, p)));
    orEmpty(e2e).forEach((n, p) -> out.add(new RequestLatency(n, SEND_TO_READ, p)));
    Set<String> shown = new TreeSet<>();
    out.forEach(r -> shown.add(r.request()));
    for (String n : new TreeSet<>(reading == null ? Set.of() : reading)) {
      if (!shown.contains(n)) {
        boolean sends = sending != null && sending.contains(n);
        out.add(new RequestLatency(n, sends ? SEND_TO_REPLY : SEND_TO_READ, null));
        shown.add(n);
      }
    }
    new TreeSet<>(sending == null ? Set.of() : sending)
        .stream()
            .filter(n -> !shown.contains(n))
            .forEach(n -> out.add(new RequestLatency(n, ACK, null)));
    out.sort(Comparator.comparing(RequestLatency::request).thenComparing(RequestLatency::kind));
    return out;
  }

  private static Map<String, Percentiles> orEmpty(Map<String, Percentiles> m) {
    return m == null ? Map.of() : m;
  }
}
