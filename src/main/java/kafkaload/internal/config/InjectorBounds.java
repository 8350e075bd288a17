package kafkaload.internal.config;

/** When the injector counts as saturated: the -Dhealth.* parameters, for every simulation. */
public record InjectorBounds(
    double cpuPct,
    int windowSeconds,
    double gcPct,
    double gcSinglePauseMs,
    double bufferWaitRatio,
    double eventLoopDelayMs) {}
