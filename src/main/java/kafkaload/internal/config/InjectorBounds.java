package kafkaload.internal.config;

/**
 * When the injector counts as saturated: the -Dhealth.* parameters (docs/parameters.md), read by
 * the protocol builder, so they apply to every simulation.
 */
public record InjectorBounds(
    double cpuPct,
    int windowSeconds,
    double gcPct,
    double gcSinglePauseMs,
    double bufferWaitRatio,
    double eventLoopDelayMs) {}
