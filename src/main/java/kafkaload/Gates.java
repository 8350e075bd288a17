package kafkaload;

import static io.gatling.javaapi.core.CoreDsl.details;

import io.gatling.javaapi.core.Assertion;
import java.util.List;
import kafkaload.internal.broker.FaultPlan;

/**
 * The CI gates, as Gatling assertions on the measured request only (warm-up requests carry another
 * name). p99 must be strictly below gate.p99Ms. A violated gate makes {@code mvn gatling:test}
 * print the assertion and exit non-zero.
 */
public final class Gates {
  private Gates() {}

  /**
   * p99 of the request strictly below {@code p99Ms}, at most {@code maxErrorPct} % KO, and, when
   * {@code minRps} is above 0, at least {@code minRps} acked records per second over the request's
   * own window, from its first ack to its last (as the Kafka page shows it; not Gatling's mean over
   * the whole run): the verdict of a {@code throughputVerdict(minRps)} step after the load, which
   * {@code RunParams.withReconciliation(..)} adds. Without that step the gate cannot be judged and
   * fails ("Could not find stats matching assertion path").
   */
  public static List<Assertion> on(
      String requestName, double p99Ms, double maxErrorPct, double minRps) {
    List<Assertion> all = new java.util.ArrayList<>();
    all.add(details(requestName).responseTime().percentile(99.0).lt((int) Math.ceil(p99Ms)));
    all.add(details(requestName).failedRequests().percent().lte(maxErrorPct));
    if (minRps > 0) {
      String verdict = ThroughputVerdictActionBuilder.request(requestName, minRps);
      all.add(details(verdict).failedRequests().count().is(0L));
    }
    return List.copyOf(all);
  }

  /**
   * The reconciliation's verdicts: its requests are KO when records were lost or duplicated beyond
   * the gates.
   */
  public static List<Assertion> reconciliation() {
    return List.of(
        details(ReconcileActionBuilder.LOST_REQUEST).failedRequests().count().is(0L),
        details(ReconcileActionBuilder.DUPLICATES_REQUEST).failedRequests().count().is(0L));
  }

  /**
   * The exactly-once verdict of a pipeline ({@code reconcile().exactlyOnceOutput(..)}): it ran, and
   * every committed input had exactly one committed output.
   */
  public static List<Assertion> exactlyOnce() {
    return List.of(
        details(ReconcileActionBuilder.EXACTLY_ONCE_REQUEST).allRequests().count().is(1L),
        details(ReconcileActionBuilder.EXACTLY_ONCE_REQUEST).failedRequests().count().is(0L));
  }

  /**
   * The lag verdicts: rising lag, lag above its bound, or lag not drained after the load fail the
   * build.
   */
  public static List<Assertion> lag() {
    return List.of(
        details(LagVerdictActionBuilder.RISING_REQUEST).failedRequests().count().is(0L),
        details(LagVerdictActionBuilder.MAX_REQUEST).failedRequests().count().is(0L),
        details(LagVerdictActionBuilder.DRAIN_REQUEST).failedRequests().count().is(0L));
  }

  /**
   * Each planned fault must have been done: a fault that could not be injected means the test was
   * not the one planned.
   */
  public static List<Assertion> faults(String plan) {
    return faults(FaultPlan.parse(plan));
  }

  static List<Assertion> faults(FaultPlan plan) {
    return plan.steps().stream()
        .map(FaultPlan.Step::requestName)
        .distinct()
        .map(name -> details(name).failedRequests().count().is(0L))
        .toList();
  }

  /**
   * The baseline gate ({@code baselineVerdict(..)}): no figure regressed against the baseline, and
   * the baseline measured the same thing.
   */
  public static List<Assertion> baseline() {
    return kafkaload.internal.action.BaselineVerdictSpec.requests().stream()
        .map(name -> details(name).failedRequests().count().is(0L))
        .toList();
  }

  /** The optional injector gate: the run fails when the injector was saturated. */
  public static Assertion injectorHealthy() {
    return details(ReconcileActionBuilder.INJECTOR_REQUEST).failedRequests().count().is(0L);
  }
}
