package kafkaload.internal.action;

import io.soabase.recordbuilder.core.RecordBuilder;
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
@RecordBuilder
public record ReconcileSpec(
    long maxLost,
    double maxDuplicatePct,
    boolean readBack,
    Duration timeout,
    boolean failOnSaturatedInjector,
    String exactlyOnceOutput)
    implements ReconcileSpecBuilder.With {
  public static final String LOST_REQUEST = "kafka reconcile: lost";
  public static final String DUPLICATES_REQUEST = "kafka reconcile: duplicates";
  public static final String INJECTOR_REQUEST = "kafka injector health";
  public static final String EXACTLY_ONCE_REQUEST = "kafka reconcile: exactly-once";

  /** Nothing lost, no duplicates, read-back on within 60 s, the injector's health not gated. */
  public static final ReconcileSpec DEFAULT =
      new ReconcileSpec(0, 0.0, true, Duration.ofSeconds(60), false, null);
}
