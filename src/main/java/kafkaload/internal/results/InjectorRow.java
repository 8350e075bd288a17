package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * One injector of a merged run: {@code status} "complete" or "died"; a complete one's start
 * lateness, Gatling's counts and exit code, Kafka figures and health; a dead one's log. {@code
 * text}: the console row. {@code recordsInTopic}: records found from its sequence space. Unknown
 * figures are absent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record InjectorRow(
    int index,
    String status,
    Long lateMs,
    Long requests,
    Long ok,
    Long ko,
    Integer gatlingExitCode,
    Long ackedOk,
    Long failed,
    Double msgsPerSec,
    Map<String, Percentiles> ackLatencyMs,
    Boolean saturated,
    List<String> reasons,
    Double maxProcessCpuPct,
    Long recordsInTopic,
    String text)
    implements InjectorRowBuilder.With {

  /** This row with the records found from its sequence space, {@code more} added to its text. */
  public InjectorRow withRecordsInTopic(long found, String more) {
    return with(row -> row.recordsInTopic(found).text(text + more));
  }
}
