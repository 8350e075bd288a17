package kafkaload.action;

import io.gatling.core.action.Action;
import io.gatling.core.structure.ScenarioContext;
import java.time.Duration;
import kafkaload.protocol.KafkaComponents;

/** {@code reconcile()}: the verification step run after the load; every call returns a new builder. */
public final class ReconcileActionBuilder implements KafkaActionBuilder {
  public static final String LOST_REQUEST = "kafka reconcile: lost";
  public static final String DUPLICATES_REQUEST = "kafka reconcile: duplicates";
  public static final String INJECTOR_REQUEST = "kafka injector health";

  private final long maxLost;
  private final double maxDuplicatePct;
  private final boolean readBack;
  private final Duration timeout;
  private final boolean failOnSaturatedInjector;

  public ReconcileActionBuilder() {
    this(0, 0.0, true, Duration.ofSeconds(60), false);
  }

  private ReconcileActionBuilder(long maxLost, double maxDuplicatePct, boolean readBack, Duration timeout,
      boolean failOnSaturatedInjector) {
    this.maxLost = maxLost;
    this.maxDuplicatePct = maxDuplicatePct;
    this.readBack = readBack;
    this.timeout = timeout;
    this.failOnSaturatedInjector = failOnSaturatedInjector;
  }

  /** Also record "kafka injector health", KO when the injector was saturated during the load. */
  public ReconcileActionBuilder failOnSaturatedInjector(boolean on) {
    return new ReconcileActionBuilder(maxLost, maxDuplicatePct, readBack, timeout, on);
  }

  /** KO when more acked records than this are missing from the topic (default 0). */
  public ReconcileActionBuilder maxLost(long n) {
    return new ReconcileActionBuilder(n, maxDuplicatePct, readBack, timeout, failOnSaturatedInjector);
  }

  /** KO when duplicates exceed this percentage of acked records (default 0). */
  public ReconcileActionBuilder maxDuplicatePct(double pct) {
    return new ReconcileActionBuilder(maxLost, pct, readBack, timeout, failOnSaturatedInjector);
  }

  /** Read the run's records back (default on); off, only the end-offset comparison runs, for very large runs. */
  public ReconcileActionBuilder readBack(boolean on) {
    return new ReconcileActionBuilder(maxLost, maxDuplicatePct, on, timeout, failOnSaturatedInjector);
  }

  /** Upper bound on the read-back (default 60 s). */
  public ReconcileActionBuilder timeout(Duration t) {
    return new ReconcileActionBuilder(maxLost, maxDuplicatePct, readBack, t, failOnSaturatedInjector);
  }

  @Override
  public Action build(KafkaComponents components, ScenarioContext ctx, Action next) {
    return new ReconcileAction(components, next, maxLost, maxDuplicatePct, readBack, timeout,
        failOnSaturatedInjector);
  }
}
