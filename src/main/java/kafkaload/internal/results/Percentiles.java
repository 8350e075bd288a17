package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A latency distribution in ms: the count, and with any value mean, percentiles and max. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Percentiles(
    long count,
    Double mean,
    Double p50,
    Double p75,
    Double p95,
    Double p99,
    @JsonProperty("p99.9") Double p999,
    Double max) {

  /** A histogram of microseconds in milliseconds; {@link #empty()} when it holds nothing. */
  public static Percentiles ofMicros(org.HdrHistogram.Histogram h) {
    if (h.getTotalCount() == 0) {
      return empty();
    }
    return new Percentiles(
        h.getTotalCount(),
        h.getMean() / 1000,
        h.getValueAtPercentile(50) / 1000.0,
        h.getValueAtPercentile(75) / 1000.0,
        h.getValueAtPercentile(95) / 1000.0,
        h.getValueAtPercentile(99) / 1000.0,
        h.getValueAtPercentile(99.9) / 1000.0,
        h.getMaxValue() / 1000.0);
  }

  public static Percentiles empty() {
    return new Percentiles(0, null, null, null, null, null, null, null);
  }
}
