package kafkaload.kit;

import java.util.function.UnaryOperator;
import kafkaload.CapacitySearchActionBuilder;
import kafkaload.KafkaDsl;
import kafkaload.KafkaSendActionBuilder;
import kafkaload.Params;

/**
 * The knobs of a capacity search, read once from -D properties with their defaults (docs
 * /parameters.md lists each one; docs/capacity.md says how the search runs). Besides the three
 * components: -Dcapacity.p99Ms, a plateau fails when its p99 ack latency is above this (default
 * 50); -Dcapacity.maxErrorPct, ... or more than this % of its records failed (1);
 * -Dcapacity.minAchievedPct, ... or it achieved less than this % of its target (98);
 * -Dcapacity.plateauSeconds, each judged plateau's length (10); -Dcapacity.precisionPct, the
 * bisection stops within this % (5); -Dcapacity.minRate, below this rate the search gives up (10);
 * -Dcapacity.maxPublishDelayMs, a failed plateau names the injector as the limit when its sends
 * started later than planned by more than this, p99 ms (20); -Dcapacity.maxGroupLag, with groups
 * under test (-Dlag.groups), a plateau fails when one is more records behind than this (1000)
 * -Dcapacity.lagDrainSeconds after the plateau (10); -Dcapacity.e2eP99Ms, with an end-to-end
 * consumer, a plateau fails when its p99 from send to read is above this (0, the default: no
 * end-to-end consumer).
 *
 * @param startRate -Dcapacity.startRate: the warm-up plateau's rate and the first judged one, msg/s
 *     over all injectors (default 1000)
 * @param warmUpSeconds -Dcapacity.warmUpSeconds: the warm-up plateau, not judged (20)
 * @param maxSeconds -Dcapacity.maxSeconds: the search ends by then with what it found (300)
 * @param rest the other knobs, applied to a search
 */
public record CapacityParams(
    double startRate,
    int warmUpSeconds,
    int maxSeconds,
    UnaryOperator<CapacitySearchActionBuilder> rest) {

  /** Every knob read now, so a bad one is refused before any load. */
  public static CapacityParams of(Params params) {
    double p99Ms = params.positiveDouble("capacity.p99Ms", 50);
    double maxErrorPct = params.percent("capacity.maxErrorPct", 1);
    double minAchievedPct = params.percent("capacity.minAchievedPct", 98);
    int plateauSeconds = params.positiveInt("capacity.plateauSeconds", 10);
    double precisionPct = params.positiveDouble("capacity.precisionPct", 5);
    double minRate = params.positiveDouble("capacity.minRate", 10);
    double maxPublishDelayMs = params.positiveDouble("capacity.maxPublishDelayMs", 20);
    long maxGroupLag = params.nonNegativeInt("capacity.maxGroupLag", 1000);
    int lagDrainSeconds = params.nonNegativeInt("capacity.lagDrainSeconds", 10);
    double e2eP99Ms = params.nonNegativeDouble("capacity.e2eP99Ms", 0);
    return new CapacityParams(
        params.positiveDouble("capacity.startRate", 1000),
        params.nonNegativeInt("capacity.warmUpSeconds", 20),
        params.positiveInt("capacity.maxSeconds", 300),
        search ->
            search
                .p99Ms(p99Ms)
                .maxErrorPct(maxErrorPct)
                .minAchievedPct(minAchievedPct)
                .plateauSeconds(plateauSeconds)
                .precisionPct(precisionPct)
                .minRate(minRate)
                .maxPublishDelayMs(maxPublishDelayMs)
                .maxGroupLag(maxGroupLag, lagDrainSeconds)
                .endToEndP99Ms(e2eP99Ms));
  }

  /** The search these knobs describe, pacing {@code send}. */
  public CapacitySearchActionBuilder search(KafkaSendActionBuilder send) {
    return rest.apply(
        KafkaDsl.capacitySearch(send)
            .startRate(startRate)
            .warmUpSeconds(warmUpSeconds)
            .maxSeconds(maxSeconds));
  }
}
