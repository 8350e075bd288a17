package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * One injector of a merged run, as the merge found it: {@code status} "complete" or "died"; for a
 * complete one, how late it started after the common start, Gatling's counts and exit code, its
 * Kafka figures (of its first protocol) and its health; for one that died, what its log holds.
 * {@code text}: the row in words, as the console prints it. Figures the merge could not know are
 * absent. {@code recordsInTopic}: the records of the run the read-back found from its sequence
 * space (a dead injector's too), absent without a read-back.
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
