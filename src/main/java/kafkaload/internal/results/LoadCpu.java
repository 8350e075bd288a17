package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * The injector process's CPU time split at the measured load, for sizing injectors by what a
 * message costs while the load runs: before it (JVM and Gatling start, an in-JVM broker's start,
 * preflight, the warm-up), during it, and after it (the reconciliation and read-back, Gatling's
 * parse of simulation.log and its report, this project's files). CPU time of all the process's
 * threads, in seconds of one core; an embedded broker in the same JVM is part of every figure
 * ({@code brokerInJvm}).
 *
 * @param startSecond the measured load's start, seconds since the injector's sampling began
 * @param endSecond its end (the load window's end: the first verification step, or the run's end)
 * @param startedBy what started it: {@link #FIRST_MEASURED_REQUEST}, or {@link #FIRST_USER} when no
 *     request outside the warm-up ran before the load ended
 * @param beforeSeconds CPU from the JVM's start to the measured load's start
 * @param duringSeconds CPU during the measured load
 * @param afterSeconds CPU from the load's end until the report was written; null until then
 * @param ackedDuring records acked during the measured load
 * @param microsPerMessage {@code duringSeconds} per acked record, µs of CPU time; null without acks
 * @param brokerInJvm an embedded broker ran in this JVM: its CPU is in these figures
 */
@RecordBuilder
public record LoadCpu(
    double startSecond,
    double endSecond,
    String startedBy,
    double beforeSeconds,
    double duringSeconds,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double afterSeconds,
    long ackedDuring,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double microsPerMessage,
    boolean brokerInJvm)
    implements LoadCpuBuilder.With {

  /** The measured load started with the first request whose name has no warm-up prefix. */
  public static final String FIRST_MEASURED_REQUEST = "first measured request";

  /** No measured request came before the load's end: the load counts from the first user. */
  public static final String FIRST_USER = "first user";

  /** One reading: seconds since sampling began, CPU seconds so far, records acked so far. */
  public record Reading(double second, double cpuSeconds, long acked) {}

  /** The split between {@code start} and {@code end} of the load; nothing after is known yet. */
  public static LoadCpu between(Reading start, Reading end, String startedBy, boolean brokerInJvm) {
    double during = micros(Math.max(0, end.cpuSeconds() - start.cpuSeconds()));
    long acked = Math.max(0, end.acked() - start.acked());
    return new LoadCpu(
        start.second(),
        end.second(),
        startedBy,
        start.cpuSeconds(),
        during,
        null,
        acked,
        perMessage(during, acked),
        brokerInJvm);
  }

  /** The same split, with the process's CPU seconds when the report was written. */
  public LoadCpu withCpuAtReport(double cpuSeconds) {
    return withAfterSeconds(micros(Math.max(0, cpuSeconds - beforeSeconds - duringSeconds)));
  }

  /** Several injectors' splits summed (merged run); null when none has a split. */
  public static LoadCpu sum(List<LoadCpu> all) {
    List<LoadCpu> known = all.stream().filter(c -> c != null).toList();
    if (known.isEmpty()) {
      return null;
    }
    LoadCpu first = known.get(0);
    double during = known.stream().mapToDouble(LoadCpu::duringSeconds).sum();
    long acked = known.stream().mapToLong(LoadCpu::ackedDuring).sum();
    boolean allAfter = known.stream().allMatch(c -> c.afterSeconds() != null);
    return new LoadCpu(
        first.startSecond(),
        first.endSecond(),
        first.startedBy(),
        known.stream().mapToDouble(LoadCpu::beforeSeconds).sum(),
        during,
        allAfter ? known.stream().mapToDouble(LoadCpu::afterSeconds).sum() : null,
        acked,
        perMessage(during, acked),
        known.stream().anyMatch(LoadCpu::brokerInJvm));
  }

  /** Seconds to the µs: the differences of CPU readings carry no float noise into the JSON. */
  private static double micros(double seconds) {
    return Math.round(seconds * 1e6) / 1e6;
  }

  private static Double perMessage(double cpuSeconds, long acked) {
    return acked == 0 ? null : Math.round(cpuSeconds / acked * 1e9) / 1e3; // to the ns
  }
}
