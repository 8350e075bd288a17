package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * The injector's health over a run: the saturation verdict with its reasons, the load's windows,
 * CPU, GC and heap, event-loop delay and the bounds the verdict judged by. The groups are written
 * flat.
 */
@RecordBuilder
public record InjectorResults(
    boolean saturated,
    List<String> reasons,
    @JsonUnwrapped Windows windows,
    @JsonUnwrapped Cpu cpu,
    @JsonUnwrapped Memory memory,
    EventLoopDelay eventLoopDelayMs,
    Bounds bounds)
    implements InjectorResultsBuilder.With {

  /** The same health with the CPU split at the measured load replaced. */
  public InjectorResults withLoadCpu(LoadCpu loadCpu) {
    return withCpu(cpu.withLoadCpu(loadCpu));
  }

  /**
   * The load's windows, in seconds since sampling began.
   *
   * @param loadWindowSeconds the load's start and end (each null when not known; an older file's -1
   *     reads as null)
   * @param measuredWindowSeconds the measured load: from the first request outside the warm-up (the
   *     first user's start when none ran) to the load's end; null in a file written before it
   * @param warmUpWindowSeconds the warm-up: from the first user to the measured load's start; null
   *     when no warm-up request ran before the measured load
   */
  public record Windows(
      LoadWindow loadWindowSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) LoadWindow measuredWindowSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) LoadWindow warmUpWindowSeconds) {}

  /**
   * The injector's CPU.
   *
   * @param cpuSecondsAtEnd CPU time of the whole JVM when the load ended (summed over the injectors
   *     of a merge)
   * @param loadCpu the process CPU split at the measured load: before it, during it (and per acked
   *     message), after it; null when no user started
   */
  @RecordBuilder
  public record Cpu(
      double cpuSecondsAtEnd,
      double maxSystemCpuPct,
      double maxProcessCpuPct,
      @JsonInclude(JsonInclude.Include.NON_NULL) LoadCpu loadCpu)
      implements InjectorResultsCpuBuilder.With {}

  /** GC pauses (all of them, and the longest), the highest heap used, and the heap after GC. */
  public record Memory(
      double gcPauseTotalMs,
      double gcPauseMaxMs,
      double maxHeapUsedMb,
      HeapAfterGc heapAfterGcMb) {}

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
