package kafkaload.config;

/**
 * When the injector counts as saturated, read once from -D properties with their defaults (the README's parameter
 * table lists them). The protocol reads them when the run starts, so they apply to every simulation, the
 * project's or your own.
 */
public record InjectorBounds(
    double cpuPct,
    int windowSeconds,
    double gcPct,
    double gcSinglePauseMs,
    double bufferWaitRatio,
    double eventLoopDelayMs) {

  public static InjectorBounds fromSystemProperties() {
    return new InjectorBounds(
        Params.percent("health.cpuPct", 90),
        Params.positiveInt("health.windowSeconds", 10),
        Params.percent("health.gcPct", 10),
        Params.nonNegativeDouble("health.gcPauseMs", 1000),
        Params.nonNegativeDouble("health.bufferWaitRatio", 0.1),
        Params.nonNegativeDouble("health.eventLoopDelayMs", 100));
  }
}
