package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.time.Instant;

/**
 * The common start of a distributed run's injectors: armed by the launcher, waited for by the
 * simulation's first parameter snapshot (the last step before Gatling starts the run), so the N
 * loads start within milliseconds. Unarmed, it never waits.
 */
public final class StartGate {
  // The run's, held statically because the simulation's constructor finds no run to ask; armed
  // before it, disarmed at its end (Injector).
  private static volatile long startAtMillis = -1;
  private static volatile boolean passed;
  private static volatile boolean refused;

  private StartGate() {}

  public static void arm(long epochMillis) {
    startAtMillis = epochMillis;
    passed = false;
    refused = false;
  }

  /** The run is over: a later run in this JVM starts unarmed, with no verdict of this one. */
  public static void disarm() {
    arm(-1);
  }

  /**
   * Waits for the start time, once; fails when it is already past (the injector would start late).
   */
  public static synchronized void await() {
    long at = startAtMillis;
    if (at < 0 || passed) {
      return;
    }
    long now = System.currentTimeMillis();
    if (now > at) {
      passed = true;
      refused = true;
      throw refused(
          "this injector's simulation was ready %s ms after the common start time %s "
              + "(-Dinjector.startAt): refusing to start late; give the injectors more time "
              + "before the start",
          now - at, Instant.ofEpochMilli(at));
    }
    try {
      while (System.currentTimeMillis() < at) {
        Thread.sleep(Math.max(1, Math.min(20, at - System.currentTimeMillis())));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaLoadConfigException("interrupted while waiting for the common start");
    }
    passed = true;
  }

  /** Whether the gate was reached after the start time, and refused. */
  public static boolean refusedLate() {
    return refused;
  }

  /** Whether a simulation passed the gate (false: it never asked, so started when ready). */
  public static boolean passed() {
    return passed;
  }
}
