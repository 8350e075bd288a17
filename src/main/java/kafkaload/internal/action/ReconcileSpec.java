package kafkaload.internal.action;

import java.time.Duration;

/**
 * The reconciliation step's bounds; immutable.
 *
 * @param maxLost KO when more acked records than this are missing from the topic
 * @param maxDuplicatePct KO when duplicates exceed this percentage of acked records
 * @param readBack read the run's records back; off, only the end-offset comparison runs
 * @param timeout upper bound on the read-back
 * @param failOnSaturatedInjector also record "kafka injector health", KO when the injector was
 *     saturated
 * @param exactlyOnceOutput the output topic of a pipeline whose exactly-once is judged (every
 *     committed input has exactly one committed output there), or null
 */
public record ReconcileSpec(
    long maxLost,
    double maxDuplicatePct,
    boolean readBack,
    Duration timeout,
    boolean failOnSaturatedInjector,
    String exactlyOnceOutput) {
  public static final String LOST_REQUEST = "kafka reconcile: lost";
  public static final String DUPLICATES_REQUEST = "kafka reconcile: duplicates";
  public static final String INJECTOR_REQUEST = "kafka injector health";
  public static final String EXACTLY_ONCE_REQUEST = "kafka reconcile: exactly-once";

  /** Nothing lost, no duplicates, read-back on within 60 s, the injector's health not gated. */
  public static final ReconcileSpec DEFAULT =
      new ReconcileSpec(0, 0.0, true, Duration.ofSeconds(60), false, null);

  public ReconcileSpec withMaxLost(long n) {
    return new ReconcileSpec(
        n, maxDuplicatePct, readBack, timeout, failOnSaturatedInjector, exactlyOnceOutput);
  }

  public ReconcileSpec withMaxDuplicatePct(double pct) {
    return new ReconcileSpec(
        maxLost, pct, readBack, timeout, failOnSaturatedInjector, exactlyOnceOutput);
  }

  public ReconcileSpec withReadBack(boolean on) {
    return new ReconcileSpec(
        maxLost, maxDuplicatePct, on, timeout, failOnSaturatedInjector, exactlyOnceOutput);
  }

  public ReconcileSpec withTimeout(Duration t) {
    return new ReconcileSpec(
        maxLost, maxDuplicatePct, readBack, t, failOnSaturatedInjector, exactlyOnceOutput);
  }

  public ReconcileSpec withFailOnSaturatedInjector(boolean on) {
    return new ReconcileSpec(maxLost, maxDuplicatePct, readBack, timeout, on, exactlyOnceOutput);
  }

  public ReconcileSpec withExactlyOnceOutput(String topic) {
    return new ReconcileSpec(
        maxLost, maxDuplicatePct, readBack, timeout, failOnSaturatedInjector, topic);
  }
}
