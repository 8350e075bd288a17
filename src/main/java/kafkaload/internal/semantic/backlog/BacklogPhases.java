package kafkaload.internal.semantic.backlog;

/**
 * The backlog's two timed phases, one reading a second: the build, until the group's lag reaches
 * the backlog asked for or the build's bound passes; the drain, until the lag is down to {@code (1
 * - drainRatio)} of its peak or the drain's bound passes. Each reading is a sample in the counters.
 */
final class BacklogPhases {
  private final BacklogSpec spec;
  private final BacklogProbe probe;
  private final BacklogCounters counters;
  private BacklogMath.Reading last;

  BacklogPhases(BacklogSpec spec, BacklogProbe probe, BacklogCounters counters) {
    this.spec = spec;
    this.probe = probe;
    this.counters = counters;
    this.last = probe.read();
    counters.sample(new BacklogFigures.Sample(last.second(), "build", 0, 0, last.lag()));
  }

  /** How the drain ended: its last reading, the target and peak, the rates over the catch-up. */
  record Drain(
      boolean drained, BacklogMath.Reading last, long target, long peak, BacklogMath.Rates rates) {}

  /** Reads every second until the lag reaches the backlog asked for or the build's bound. */
  BacklogMath.Reading build() {
    while (last.lag() < spec.targetRecords() && last.second() < spec.bounds().maxBuildSeconds()) {
      next("build");
    }
    return last;
  }

  /** From {@code atResume}, reads every second until drained or the drain's bound. */
  Drain drain(BacklogMath.Reading atResume, double resumedAt) {
    while (true) {
      next("catch-up");
      long peak = counters.peakLag();
      long target = BacklogMath.drainTarget(peak, spec.drainRatio());
      boolean drained = last.lag() <= target;
      if (drained || last.second() - resumedAt >= spec.bounds().maxDrainSeconds()) {
        return new Drain(drained, last, target, peak, BacklogMath.rates(atResume, last));
      }
    }
  }

  /** Waits for the next whole second since the start, then reads and samples. */
  private void next(String phase) {
    double wait = Math.floor(probe.second()) + 1 - probe.second();
    try {
      Thread.sleep(Math.max(1, (long) (wait * 1000)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    BacklogMath.Reading r = probe.read();
    BacklogMath.Rates rates = BacklogMath.rates(last, r);
    counters.sample(
        new BacklogFigures.Sample(
            r.second(), phase, rates.producedPerSec(), rates.consumedPerSec(), r.lag()));
    last = r;
  }
}
