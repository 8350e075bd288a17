package kafkaload.internal.verification;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    Map<String, Double> sum = new LinkedHashMap<>();
    Map<String, Integer> count = new LinkedHashMap<>();
    Map<String, Double> maxes = new LinkedHashMap<>();
    for (ProducerHandle h : producers) {
      h.producerMetrics(NAMES)
          .values()
          .forEach(
              (name, v) -> {
                sum.merge(name, v, Double::sum);
                maxes.merge(name, v, Math::max);
                count.merge(name, 1, Integer::sum);
              });
    }
    Map<String, Double> avg = new LinkedHashMap<>();
    for (String m : NAMES) {
      if (sum.containsKey(m)) {
        avg.put(
            m,
            m.endsWith("-rate") || m.endsWith("-total")
                ? sum.get(m)
                : m.endsWith("-max") ? maxes.get(m) : sum.get(m) / count.get(m));
      }
    }
    return avg;
  }
}
