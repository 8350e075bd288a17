package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One injector of a merged run, as the merge found it: {@code status} "complete" or "died"; for a complete one, how
 * late it started after the common start, Gatling's counts and exit code, its Kafka figures (of its first protocol)
 * and its health; for one that died, what its log holds. {@code text}: the row in words, as the console prints it.
 * Figures the merge could not know are absent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InjectorRow(int index, String status, Long lateMs, Long requests, Long ok, Long ko,
    Integer gatlingExitCode, Long ackedOk, Long failed, Double msgsPerSec, Map<String, Percentiles> ackLatencyMs,
    Boolean saturated, List<String> reasons, Double maxProcessCpuPct, String text) {}
