package kafkaload.internal.run;

import kafkaload.internal.results.LoadCpu;

/**
 * The process CPU readings bounding the measured load: first user, first request outside the
 * warm-up, load end. The first of each counts; a start after the end is ignored.
 */
public final class CpuWindow {
  private LoadCpu.Reading firstUser;
  private LoadCpu.Reading measuredStart;
  private LoadCpu.Reading end;

  /** A warm-up request ran before the measured load started. */
  private boolean warmUpRan;

  public synchronized void firstUserStarted(LoadCpu.Reading r) {
    if (firstUser == null) {
      firstUser = r;
    }
  }

  public synchronized void measuredLoadStarted(LoadCpu.Reading r) {
    if (measuredStart == null && end == null) {
      measuredStart = r;
    }
  }

  /** A warm-up request is about to run: one before the measured load's start makes a warm-up. */
  public synchronized void warmUpRequest() {
    if (measuredStart == null && end == null) {
      warmUpRan = true;
    }
  }

  /**
   * The warm-up's window, seconds since sampling began: from the first user to the measured load's
   * start; null when no warm-up request ran before it (or no measured request ran at all).
   */
  public synchronized double[] warmUpWindow() {
    return warmUpRan && firstUser != null && measuredStart != null
        ? new double[] {firstUser.second(), measuredStart.second()}
        : null;
  }

  /** Whether the measured load has started (or can no longer start: it ended). */
  public synchronized boolean measuredStartKnown() {
    return measuredStart != null || end != null;
  }

  public synchronized void loadEnded(LoadCpu.Reading r) {
    if (end == null) {
      end = r;
    }
  }

  /**
   * The measured load's window, seconds since sampling began: from the first request outside the
   * warm-up (the first user's start when none ran) to the load's end; NaN where not known. The same
   * seconds as {@link #figures}'s start and end.
   */
  public synchronized double[] measuredWindow() {
    LoadCpu.Reading start = measuredStart != null ? measuredStart : firstUser;
    return new double[] {
      start == null ? Double.NaN : start.second(), end == null ? Double.NaN : end.second()
    };
  }

  /** The split at the measured load; null before its end or when no user started. */
  public synchronized LoadCpu figures(boolean brokerInJvm) {
    if (end == null || Double.isNaN(end.cpuSeconds())) {
      return null; // not ended, or this JVM does not tell its process CPU time
    }
    if (measuredStart != null) {
      return LoadCpu.between(measuredStart, end, LoadCpu.FIRST_MEASURED_REQUEST, brokerInJvm);
    }
    return firstUser == null
        ? null
        : LoadCpu.between(firstUser, end, LoadCpu.FIRST_USER, brokerInJvm);
  }
}
