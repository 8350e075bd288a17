package kafkaload.internal.verification;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import kafkaload.internal.client.ProducerHandle;

/**
 * The producers' metrics that tell a saturated injector, combined as one producer's. Public: the
 * report reads them too.
 */
public final class ProducerMetrics {
  static final List<String> NAMES =
      List.of(
          "bufferpool-wait-ratio",
          "bufferpool-wait-time-ns-total",
          "record-queue-time-avg",
          "record-queue-time-max",
          "request-latency-avg",
          "request-latency-max",
          "batch-size-avg",
          "records-per-request-avg",
          "compression-rate-avg",
          "record-send-rate",
          "record-error-rate",
          "record-retry-rate");

  private ProducerMetrics() {}

  /** Each metric over the producers: sums, maxima and averages, read like one producer's. */
  public static Map<String, Double> of(List<ProducerHandle> producers) {
    Map<String, List<Double>> byName =
        byName(producers.stream().map(h -> h.producerMetrics(NAMES).values()));
    Map<String, Double> out = new LinkedHashMap<>();
    for (String m : NAMES) {
      List<Double> v = byName.get(m);
      if (v != null) {
        out.put(
            m,
            m.endsWith("-rate") || m.endsWith("-total")
                ? sum(v)
                : m.endsWith("-max") ? v.stream().reduce(Math::max).get() : sum(v) / v.size());
      }
    }
    return out;
  }

  /** Each name's values over {@code readings}, in their order; names in first-seen order. */
  public static Map<String, List<Double>> byName(Stream<Map<String, Double>> readings) {
    Map<String, List<Double>> out = new LinkedHashMap<>();
    readings.forEach(
        r -> r.forEach((k, v) -> out.computeIfAbsent(k, x -> new ArrayList<>()).add(v)));
    return out;
  }

  /** The values added in their order (none: an error). */
  public static double sum(List<Double> values) {
    return values.stream().reduce(Double::sum).get();
  }
}
