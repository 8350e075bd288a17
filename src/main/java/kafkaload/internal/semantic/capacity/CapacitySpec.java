package kafkaload.internal.semantic.capacity;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.function.UnaryOperator;
import kafkaload.internal.action.SendSpec;

/**
 * A capacity search: the send it paces, its plateaus and its gates. Rates are msg/s over every
 * injector of the run.
 *
 * @param send the record each step sends (its request name names the plateaus)
 */
@RecordBuilder
public record CapacitySpec(SendSpec send, Plateaus plateaus, Gates gates)
    implements CapacitySpecBuilder.With {

  /**
   * The search's clock and bracket.
   *
   * @param startRate the warm-up plateau's rate and the first judged one
   * @param plateauSeconds each judged plateau's length
   * @param warmUpSeconds the warm-up plateau's length (not judged)
   * @param precisionPct the bisection stops when the bracket is within this % of its lower end
   * @param maxSeconds the whole search ends by then, with what it found
   * @param minRate below this rate the search gives up: no rate met the gates
   */
  @RecordBuilder
  public record Plateaus(
      double startRate,
      int plateauSeconds,
      int warmUpSeconds,
      double precisionPct,
      int maxSeconds,
      double minRate)
      implements CapacitySpecPlateausBuilder.With {}

  /**
   * What a plateau must meet.
   *
   * @param p99Ms a plateau fails when its p99 ack latency is above this
   * @param maxErrorPct ... or more than this % of its records failed
   * @param minAchievedPct ... or it achieved less than this % of its target rate
   * @param maxPublishDelayMs the injector is named as the limit when its sends start later than
   *     planned by more than this (p99) on a failed plateau
   * @param maxGroupLag a plateau fails when a group under test is more records behind than this ...
   * @param lagDrainSeconds ... this long after the plateau's records were acked
   * @param e2eP99Ms with an end-to-end consumer: a plateau fails when its p99 from send to read is
   *     above this, or when the consumer is more than maxGroupLag records behind lagDrainSeconds
   *     after the plateau; 0: no end-to-end consumer
   */
  @RecordBuilder
  public record Gates(
      double p99Ms,
      double maxErrorPct,
      double minAchievedPct,
      double maxPublishDelayMs,
      long maxGroupLag,
      int lagDrainSeconds,
      double e2eP99Ms)
      implements CapacitySpecGatesBuilder.With {}

  /** The defaults of {@code capacitySearch(send)}. */
  public static CapacitySpec of(SendSpec send) {
    return new CapacitySpec(
        send, new Plateaus(1000, 10, 20, 5, 300, 10), new Gates(50, 1, 98, 20, 1000, 10, 0));
  }

  public CapacitySpec plateaus(UnaryOperator<Plateaus> change) {
    return withPlateaus(change.apply(plateaus));
  }

  public CapacitySpec gates(UnaryOperator<Gates> change) {
    return withGates(change.apply(gates));
  }

  public String requestName() {
    return send.requestName();
  }

  /** Refuses settings that cannot run, naming the setting, before any load. */
  public CapacitySpec validated() {
    String who = "capacity search '" + requestName() + "': ";
    refuseIf(
        send.fireAndForget(),
        who + "a fire-and-forget send has no ack latency to judge; drop fireAndForget()");
    refuseIf(
        send.silent(),
        who + "silent() does not apply: every plateau's results are the search's evidence");
    refuseIf(send.burst() != 1, who + "burst(n) does not apply: the search sets the rate itself");
    positive(who, "capacity.startRate", plateaus.startRate());
    positive(who, "capacity.p99Ms", gates.p99Ms());
    positive(who, "capacity.minRate", plateaus.minRate());
    positive(who, "capacity.maxPublishDelayMs", gates.maxPublishDelayMs());
    between(who, "capacity.maxErrorPct", gates.maxErrorPct(), 0, 100);
    between(who, "capacity.minAchievedPct", gates.minAchievedPct(), 1, 100);
    between(who, "capacity.precisionPct", plateaus.precisionPct(), 0.1, 100);
    refuseIf(
        !(gates.e2eP99Ms() >= 0) || Double.isInfinite(gates.e2eP99Ms()),
        "%scapacity.e2eP99Ms must be 0 (no end-to-end consumer) or above, not %s"
            .formatted(who, gates.e2eP99Ms()));
    refuseIf(
        gates.maxGroupLag() < 0 || gates.lagDrainSeconds() < 0,
        "%scapacity.maxGroupLag and capacity.lagDrainSeconds must be at least 0 (are %s and %s)"
            .formatted(who, gates.maxGroupLag(), gates.lagDrainSeconds()));
    refuseIf(
        plateaus.plateauSeconds() < 1 || plateaus.warmUpSeconds() < 0,
        "%scapacity.plateauSeconds must be at least 1 (is %s) and capacity.warmUpSeconds at least 0 (is %s)"
            .formatted(who, plateaus.plateauSeconds(), plateaus.warmUpSeconds()));
    refuseIf(
        plateaus.minRate() > plateaus.startRate(),
        "%scapacity.minRate (%s) is above capacity.startRate (%s)"
            .formatted(who, plateaus.minRate(), plateaus.startRate()));
    refuseIf(
        plateaus.maxSeconds() < plateaus.warmUpSeconds() + 2L * plateaus.plateauSeconds(),
        "%scapacity.maxSeconds (%s) leaves no room for the warm-up (%s s) and two plateaus of %s s"
            .formatted(
                who, plateaus.maxSeconds(), plateaus.warmUpSeconds(), plateaus.plateauSeconds()));
    return this;
  }

  private static void positive(String who, String name, double v) {
    refuseIf(!(v > 0) || Double.isInfinite(v), who + name + " must be a positive number, not " + v);
  }

  private static void between(String who, String name, double v, double lo, double hi) {
    refuseIf(
        !(v >= lo && v <= hi), who + name + " must be between " + lo + " and " + hi + ", not " + v);
  }
}
