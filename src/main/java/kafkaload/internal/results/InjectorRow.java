package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * One injector of a merged run: {@code status} "complete" or "died"; a complete one's start
 * lateness, Gatling's counts and exit code, Kafka figures and health; a dead one's log. {@code
 * text}: the console row. {@code recordsInTopic}: records found from its sequence space. Unknown
 * figures are absent. The groups are written flat.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record InjectorRow(
    int index,
    String status,
    Long lateMs,
    @JsonUnwrapped Gatling gatling,
    @JsonUnwrapped Kafka kafka,
    @JsonUnwrapped Health health,
    Long recordsInTopic,
    String text)
    implements InjectorRowBuilder.With {

  public InjectorRow {
    gatling = gatling == null ? new Gatling(null, null, null, null) : gatling;
    kafka = kafka == null ? new Kafka(null, null, null, null) : kafka;
    health = health == null ? new Health(null, null, null) : health;
  }

  /** Gatling's counts of its requests and its exit code. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Gatling(Long requests, Long ok, Long ko, Integer gatlingExitCode) {}

  /** Its records acked and failed, their rate and ack latency per request name. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Kafka(
      Long ackedOk, Long failed, Double msgsPerSec, Map<String, Percentiles> ackLatencyMs) {}

  /** Its saturation verdict with the reasons, and its process's highest CPU. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Health(Boolean saturated, List<String> reasons, Double maxProcessCpuPct) {}

  /** This row with the records found from its sequence space, {@code more} added to its text. */
  public InjectorRow withRecordsInTopic(long found, String more) {
    return with(row -> row.recordsInTopic(found).text(text + more));
  }
}
