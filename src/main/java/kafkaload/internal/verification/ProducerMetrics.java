package kafkaload.internal.verification;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.client.ProducerHandle;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/** The producers' metrics that tell a saturated injector, combined as one producer's. */
final class ProducerMetrics {
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
  static Map<String, Double> of(List<ProducerHandle> producers) {
    Map<String, Double> sum = new LinkedHashMap<>();
    Map<String, Integer> count = new LinkedHashMap<>();
    Map<String, Double> maxes = new LinkedHashMap<>();
    for (ProducerHandle h : producers) {
      Map<MetricName, ? extends Metric> metrics;
      try {
        metrics = h.producer().metrics();
      } catch (RuntimeException closed) {
        continue;
      }
      metrics.forEach(
          (name, metric) -> {
            if (name.group().equals("producer-metrics")
                && NAMES.contains(name.name())
                && metric.metricValue() instanceof Number) {
              double v = ((Number) metric.metricValue()).doubleValue();
              if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                sum.merge(name.name(), v, Double::sum);
                maxes.merge(name.name(), v, Math::max);
                count.merge(name.name(), 1, Integer::sum);
              }
            }
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
