package kafkaload;

import static io.gatling.javaapi.core.CoreDsl.details;

import io.gatling.javaapi.core.Assertion;
import java.util.List;
import kafkaload.internal.semantic.capacity.CapacityActions;
import kafkaload.internal.semantic.capacity.CapacitySpec;

/**
 * {@code capacitySearch(kafka("send").send(key, value)).p99Ms(50)}: finds the highest producer rate
 * the cluster sustains while every plateau's p99 ack latency, errors and achieved rate hold. Each
 * plateau is its own request in Gatling's report ({@code "send @ 8,000 msg/s"}); the verdict is the
 * request {@code "send capacity"}, KO when no rate held ({@link #gates()}). Every call returns a
 * new builder. See docs/capacity.md.
 */
public final class CapacitySearchActionBuilder extends SpecStep {
  private final CapacitySpec spec;

  CapacitySearchActionBuilder(CapacitySpec spec) {
    super(() -> CapacityActions.search(spec));
    this.spec = spec;
  }

  /** The warm-up plateau's rate and the first judged one, msg/s over all injectors (1000). */
  public CapacitySearchActionBuilder startRate(double msgsPerSec) {
    return new CapacitySearchActionBuilder(spec.plateaus(x -> x.withStartRate(msgsPerSec)));
  }

  /** A plateau fails when its p99 ack latency is above this, ms (50). */
  public CapacitySearchActionBuilder p99Ms(double ms) {
    return new CapacitySearchActionBuilder(spec.gates(x -> x.withP99Ms(ms)));
  }

  /** A plateau fails when more than this % of its records failed (1). */
  public CapacitySearchActionBuilder maxErrorPct(double pct) {
    return new CapacitySearchActionBuilder(spec.gates(x -> x.withMaxErrorPct(pct)));
  }

  /** A plateau fails when it achieved less than this % of its target rate (98). */
  public CapacitySearchActionBuilder minAchievedPct(double pct) {
    return new CapacitySearchActionBuilder(spec.gates(x -> x.withMinAchievedPct(pct)));
  }

  /** Each judged plateau's length, s (10). */
  public CapacitySearchActionBuilder plateauSeconds(int seconds) {
    return new CapacitySearchActionBuilder(spec.plateaus(x -> x.withPlateauSeconds(seconds)));
  }

  /** The warm-up plateau's length, s, not judged (20; 0: none). */
  public CapacitySearchActionBuilder warmUpSeconds(int seconds) {
    return new CapacitySearchActionBuilder(spec.plateaus(x -> x.withWarmUpSeconds(seconds)));
  }

  /** The bisection stops when the bracket is within this % of its lower end (5). */
  public CapacitySearchActionBuilder precisionPct(double pct) {
    return new CapacitySearchActionBuilder(spec.plateaus(x -> x.withPrecisionPct(pct)));
  }

  /** The search ends by then with what it found, s (300). */
  public CapacitySearchActionBuilder maxSeconds(int seconds) {
    return new CapacitySearchActionBuilder(spec.plateaus(x -> x.withMaxSeconds(seconds)));
  }

  /** Below this rate the search gives up: no rate met the gates, msg/s (10). */
  public CapacitySearchActionBuilder minRate(double msgsPerSec) {
    return new CapacitySearchActionBuilder(spec.plateaus(x -> x.withMinRate(msgsPerSec)));
  }

  /**
   * A failed plateau names an injector as the limit when its sends started later than planned by
   * more than this, p99 ms (20).
   */
  public CapacitySearchActionBuilder maxPublishDelayMs(double ms) {
    return new CapacitySearchActionBuilder(spec.gates(x -> x.withMaxPublishDelayMs(ms)));
  }

  /**
   * With groups under test ({@code kafka().lagMonitor(..)}): a plateau fails when a group is more
   * than {@code records} behind {@code drainSeconds} after the plateau's records were acked (1,000
   * and 10).
   */
  public CapacitySearchActionBuilder maxGroupLag(long records, int drainSeconds) {
    return new CapacitySearchActionBuilder(
        spec.gates(x -> x.withMaxGroupLag(records).withLagDrainSeconds(drainSeconds)));
  }

  /**
   * With an end-to-end consumer: the search reads its topic (on the first injector, no group) and a
   * plateau fails when its p99 from send to read is above {@code ms}, or when the consumer is more
   * than maxGroupLag records behind lagDrainSeconds after the plateau. 0 (the default): no
   * end-to-end consumer.
   */
  public CapacitySearchActionBuilder endToEndP99Ms(double ms) {
    return new CapacitySearchActionBuilder(spec.gates(x -> x.withE2eP99Ms(ms)));
  }

  /** The verdict's request name. */
  public String verdictRequest() {
    return spec.requestName() + " capacity";
  }

  /** The gate: the search ran (once per injector) and found a rate that held every gate. */
  public List<Assertion> gates() {
    return List.of(
        details(verdictRequest()).allRequests().count().gt(0L),
        details(verdictRequest()).failedRequests().count().is(0L));
  }
}
