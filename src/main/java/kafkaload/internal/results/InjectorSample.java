package kafkaload.internal.results;

import java.util.Map;

/**
 * One second of the injector (or one point of several seconds, downsampled). ackP99Ms and ackMaxMs:
 * the ack latency of the sends acked in that second; heapAfterGcMb the heap the latest collection
 * left; NaN where not known. {@code producer}: the producers' metrics at that second.
 */
public record InjectorSample(
    double second,
    double msgsPerSec,
    double mbPerSec,
    double ackP99Ms,
    double ackMaxMs,
    double systemCpuPct,
    double processCpuPct,
    double heapUsedMb,
    double heapAfterGcMb,
    double gcPauseMs,
    double gcMaxPauseMs,
    double sendBlockedMs,
    long eventLoopProbes,
    double eventLoopDelayP99Ms,
    double eventLoopDelayMaxMs,
    long eventLoopProbesOverBound,
    Map<String, Double> producer) {}
