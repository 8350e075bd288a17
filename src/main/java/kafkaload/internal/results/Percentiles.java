package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A latency distribution in milliseconds: the count, and (when there was any value) mean,
 * percentiles and max.
 */
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

  public static Percentiles empty() {
    return new Percentiles(0, null, null, null, null, null, null, null);
  }
}
