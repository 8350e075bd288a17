package kafkaload.internal.config;

/**
 * When the injector counts as saturated, the -Dhealth.* parameters (see docs/parameters.md). The
 * protocol builder reads them from its parameter snapshot, so they apply to every simulation, the
 * project's or your own.
 */
public record InjectorBounds(
    double cpuPct,
    int windowSeconds,
    double gcPct,
    double gcSinglePauseMs,
    double bufferWaitRatio,
    double eventLoopDelayMs) {}
