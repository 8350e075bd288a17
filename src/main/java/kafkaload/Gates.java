package kafkaload;

import static io.gatling.javaapi.core.CoreDsl.details;
import static kafkaload.LagVerdictActionBuilder.DRAIN_REQUEST;
import static kafkaload.LagVerdictActionBuilder.MAX_REQUEST;
import static kafkaload.LagVerdictActionBuilder.RISING_REQUEST;
import static kafkaload.ReconcileActionBuilder.DUPLICATES_REQUEST;
import static kafkaload.ReconcileActionBuilder.EXACTLY_ONCE_REQUEST;
import static kafkaload.ReconcileActionBuilder.INJECTOR_REQUEST;
import static kafkaload.ReconcileActionBuilder.LOST_REQUEST;

import io.gatling.javaapi.core.Assertion;
import java.util.List;
import kafkaload.internal.action.BaselineVerdictSpec;
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
    Assertion p99 = details(requestName).responseTime().percentile(99.0).lt((int) Math.ceil(p99Ms));
    Assertion errors = details(requestName).failedRequests().percent().lte(maxErrorPct);
    return minRps > 0
        ? List.of(p99, errors, noKo(ThroughputVerdictActionBuilder.request(requestName, minRps)))
        : List.of(p99, errors);
  }

  /**
   * The reconciliation's verdicts: its requests are KO when records were lost or duplicated beyond
   * the gates.
   */
  public static List<Assertion> reconciliation() {
    return List.of(noKo(LOST_REQUEST), noKo(DUPLICATES_REQUEST));
  }

  /**
   * The exactly-once verdict of a pipeline ({@code reconcile().exactlyOnceOutput(..)}): it ran, and
   * every committed input had exactly one committed output.
   */
  public static List<Assertion> exactlyOnce() {
    return List.of(
        details(EXACTLY_ONCE_REQUEST).allRequests().count().is(1L), noKo(EXACTLY_ONCE_REQUEST));
  }

  /**
   * The lag verdicts: rising lag, lag above its bound, or lag not drained after the load fail the
   * build.
   */
  public static List<Assertion> lag() {
    return List.of(noKo(RISING_REQUEST), noKo(MAX_REQUEST), noKo(DRAIN_REQUEST));
  }

  /**
   * Each planned fault must have been done: a fault that could not be injected means the test was
   * not the one planned.
   */
  public static List<Assertion> faults(String plan) {
    return FaultPlan.parse(plan).steps().stream()
        .map(FaultPlan.Step::requestName)
        .distinct()
        .map(Gates::noKo)
        .toList();
  }

  /**
   * The baseline gate ({@code baselineVerdict(..)}): no figure regressed against the baseline, and
   * the baseline measured the same thing.
   */
  public static List<Assertion> baseline() {
    return BaselineVerdictSpec.requests().stream().map(Gates::noKo).toList();
  }

  /** The optional injector gate: the run fails when the injector was saturated. */
  public static Assertion injectorHealthy() {
    return noKo(INJECTOR_REQUEST);
  }

  /** No request of this name failed. */
  private static Assertion noKo(String request) {
    return details(request).failedRequests().count().is(0L);
  }
}
