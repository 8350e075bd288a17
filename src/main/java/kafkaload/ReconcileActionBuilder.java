package kafkaload;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.time.Duration;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.ReconcileSpec;

/**
 * {@code reconcile()}: the verification step run after the load; every call returns a new builder.
 */
public final class ReconcileActionBuilder extends SpecStep {
  /** The request that is KO when acked records are missing from the topic. */
  public static final String LOST_REQUEST = ReconcileSpec.LOST_REQUEST;

  /** The request that is KO when duplicates exceed their bound. */
  public static final String DUPLICATES_REQUEST = ReconcileSpec.DUPLICATES_REQUEST;

  /**
   * The request that is KO when the injector was saturated (with {@link #failOnSaturatedInjector}).
   */
  public static final String INJECTOR_REQUEST = ReconcileSpec.INJECTOR_REQUEST;

  /**
   * The request that is KO when a pipeline's output breaks exactly-once (with {@link
   * #exactlyOnceOutput}).
   */
  public static final String EXACTLY_ONCE_REQUEST = ReconcileSpec.EXACTLY_ONCE_REQUEST;

  private final ReconcileSpec spec;

  /** Nothing lost, no duplicates, read-back on within 60 s. */
  public ReconcileActionBuilder() {
    this(ReconcileSpec.DEFAULT);
  }

  private ReconcileActionBuilder(ReconcileSpec spec) {
    super(() -> Actions.reconcile(spec));
    this.spec = spec;
  }

  /** Also record "kafka injector health", KO when the injector was saturated during the load. */
  public ReconcileActionBuilder failOnSaturatedInjector(boolean on) {
    return new ReconcileActionBuilder(spec.withFailOnSaturatedInjector(on));
  }

  /** KO when more acked records than this are missing from the topic (default 0). */
  public ReconcileActionBuilder maxLost(long n) {
    return new ReconcileActionBuilder(spec.withMaxLost(n));
  }

  /** KO when duplicates exceed this percentage of acked records (default 0). */
  public ReconcileActionBuilder maxDuplicatePct(double pct) {
    return new ReconcileActionBuilder(spec.withMaxDuplicatePct(pct));
  }

  /**
   * Read the run's records back (default on); off, only the end-offset comparison runs, for very
   * large runs.
   */
  public ReconcileActionBuilder readBack(boolean on) {
    return new ReconcileActionBuilder(spec.withReadBack(on));
  }

  /**
   * Also judge exactly-once for the consume-transform-produce pipeline that reads the run's records
   * and writes {@code outputTopic}, carrying the run-identity headers over (the shipped echo
   * service does): every committed input (found by the read_committed read-back) must have exactly
   * one committed output there, by identity; outputs of aborted transactions are counted apart, not
   * as duplicates. Recorded as "kafka reconcile: exactly-once". The topic must exist before the
   * load.
   */
  public ReconcileActionBuilder exactlyOnceOutput(String outputTopic) {
    refuseIf(
        outputTopic == null || outputTopic.isBlank(),
        "reconcile().exactlyOnceOutput: the output topic is empty");
    return new ReconcileActionBuilder(spec.withExactlyOnceOutput(outputTopic.trim()));
  }

  /** Upper bound on the read-back (default 60 s). */
  public ReconcileActionBuilder timeout(Duration t) {
    return new ReconcileActionBuilder(spec.withTimeout(t));
  }
}
