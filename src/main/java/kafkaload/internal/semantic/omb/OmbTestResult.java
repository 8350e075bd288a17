package kafkaload.internal.semantic.omb;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * OMB's result file (its TestResult's JSON): the same field names, in OMB's units, composed of the
 * groups OMB repeats under prefixes (unwrapped, so the file stays flat). Publish and end-to-end
 * latencies are in milliseconds (from microsecond histograms), publish delay in microseconds; rates
 * in msg/s; each list one value per 10-second window of the measured run, {@code backlog} the
 * messages the subscriptions still had to read at the window's end (subscriptionsPerTopic × sent −
 * received). The quantile maps: percentile to value.
 */
public record OmbTestResult(
    @JsonUnwrapped Shape shape,
    @JsonUnwrapped Rates rates,
    @JsonUnwrapped(prefix = "publishLatency") Stats<List<Double>, List<Double>> publishLatency,
    @JsonUnwrapped(prefix = "publishDelayLatency") Stats<List<Double>, List<Long>> publishDelay,
    @JsonUnwrapped(prefix = "endToEndLatency") Stats<List<Double>, List<Double>> endToEnd,
    @JsonUnwrapped(prefix = "aggregatedPublishLatency") Stats<Double, Double> allPublish,
    @JsonUnwrapped(prefix = "aggregatedPublishDelayLatency") Stats<Double, Long> allPublishDelay,
    @JsonUnwrapped(prefix = "aggregatedEndToEndLatency") Stats<Double, Double> allEndToEnd,
    @JsonUnwrapped Quantiles quantiles) {

  /** The workload's shape, as OMB's result repeats it. */
  public record Shape(
      String workload,
      String driver,
      long messageSize,
      int topics,
      int partitions,
      int producersPerTopic,
      int consumersPerTopic) {}

  /** Per window: msg/s published, failed and consumed, and the backlog at its end. */
  public record Rates(
      List<Double> publishRate,
      List<Double> publishErrorRate,
      List<Double> consumeRate,
      List<Long> backlog) {}

  /** A latency's mean, percentiles and maximum, named as OMB suffixes them. */
  public record Stats<A, V>(
      @JsonProperty("Avg") A avg,
      @JsonProperty("50pct") V p50,
      @JsonProperty("75pct") V p75,
      @JsonProperty("95pct") V p95,
      @JsonProperty("99pct") V p99,
      @JsonProperty("999pct") V p999,
      @JsonProperty("9999pct") V p9999,
      @JsonProperty("Max") V max) {}

  /** Over the whole measured run: percentile to value. */
  public record Quantiles(
      Map<Double, Double> aggregatedPublishLatencyQuantiles,
      Map<Double, Long> aggregatedPublishDelayLatencyQuantiles,
      Map<Double, Double> aggregatedEndToEndLatencyQuantiles) {}
}
