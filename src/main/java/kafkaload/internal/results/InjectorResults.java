package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * The injector's health over a run: the saturation verdict with its reasons, the load's window,
 * CPU, GC, heap, event-loop delay and the bounds the verdict judged by.
 *
 * @param loadWindowSeconds the load's start and end in seconds since sampling began (each null when
 *     not known; an older file's -1 reads as null)
 * @param cpuSecondsAtEnd CPU time of the whole JVM when the load ended (summed over the injectors
 *     of a merge)
 * @param loadCpu the process CPU split at the measured load: before it, during it (and per acked
 *     message), after it; null when no user started
 * @param measuredWindowSeconds the measured load, seconds since sampling began: from the first
 *     request outside the warm-up (the first user's start when none ran) to the load's end; null in
 *     a file written before it
 * @param warmUpWindowSeconds the warm-up: from the first user to the measured load's start; null
 *     when no warm-up request ran before the measured load
 */
@RecordBuilder
public record InjectorResults(
    boolean saturated,
    List<String> reasons,
    LoadWindow loadWindowSeconds,
    double cpuSecondsAtEnd,
    double maxSystemCpuPct,
    double maxProcessCpuPct,
    double gcPauseTotalMs,
    double gcPauseMaxMs,
    double maxHeapUsedMb,
    HeapAfterGc heapAfterGcMb,
    EventLoopDelay eventLoopDelayMs,
    Bounds bounds,
    @JsonInclude(JsonInclude.Include.NON_NULL) LoadCpu loadCpu,
    @JsonInclude(JsonInclude.Include.NON_NULL) LoadWindow measuredWindowSeconds,
    @JsonInclude(JsonInclude.Include.NON_NULL) LoadWindow warmUpWindowSeconds)
    implements InjectorResultsBuilder.With {

  public record LoadWindow(Double start, Double end) {
    public LoadWindow {
      start = start != null && start < 0 ? null : start;
      end = end != null && end < 0 ? null : end;
    }
  }

  /** Heap after GC over the load, MB: at the first and last sample after a collection; highest. */
  public record HeapAfterGc(Double first, Double last, Double max) {}

  /** Event-loop delay over the load, ms: how late a task due every {@code intervalMs} ran. */
  public record EventLoopDelay(
      int loops, long probes, long intervalMs, double p50, double p99, double max) {}

  /** When the injector counts as saturated: the -Dhealth.* parameters. */
  public record Bounds(
      double cpuPct,
      int windowSeconds,
      double gcPct,
      double gcSinglePauseMs,
      double bufferWaitRatio,
      double eventLoopDelayMs) {}
}
