package kafkaload.kit;

import kafkaload.CapacitySearchActionBuilder;
import kafkaload.KafkaDsl;
import kafkaload.KafkaSendActionBuilder;
import kafkaload.Params;

/**
 * The knobs of a capacity search, read once from -D properties with their defaults (docs
 * /parameters.md lists each one; docs/capacity.md says how the search runs).
 *
 * @param startRate -Dcapacity.startRate: the warm-up plateau's rate and the first judged one, msg/s
 *     over all injectors (default 1000)
 * @param p99Ms -Dcapacity.p99Ms: a plateau fails when its p99 ack latency is above this (default
 *     50)
 * @param maxErrorPct -Dcapacity.maxErrorPct: ... or more than this % of its records failed (1)
 * @param minAchievedPct -Dcapacity.minAchievedPct: ... or it achieved less than this % of its
 *     target (98)
 * @param plateauSeconds -Dcapacity.plateauSeconds: each judged plateau's length (10)
 * @param warmUpSeconds -Dcapacity.warmUpSeconds: the warm-up plateau, not judged (20)
 * @param precisionPct -Dcapacity.precisionPct: the bisection stops within this % (5)
 * @param maxSeconds -Dcapacity.maxSeconds: the search ends by then with what it found (300)
 * @param minRate -Dcapacity.minRate: below this rate the search gives up (10)
 * @param maxPublishDelayMs -Dcapacity.maxPublishDelayMs: a failed plateau names the injector as the
 *     limit when its sends started later than planned by more than this, p99 ms (20)
 * @param maxGroupLag -Dcapacity.maxGroupLag: with groups under test (-Dlag.groups), a plateau fails
 *     when one is more records behind than this ... (1000)
 * @param lagDrainSeconds -Dcapacity.lagDrainSeconds: ... this long after the plateau (10)
 * @param e2eP99Ms -Dcapacity.e2eP99Ms: with an end-to-end consumer, a plateau fails when its p99
 *     from send to read is above this (0, the default: no end-to-end consumer)
 */
public record CapacityParams(
    double startRate,
    double p99Ms,
    double maxErrorPct,
    double minAchievedPct,
    int plateauSeconds,
    int warmUpSeconds,
    double precisionPct,
    int maxSeconds,
    double minRate,
    double maxPublishDelayMs,
    long maxGroupLag,
    int lagDrainSeconds,
    double e2eP99Ms) {

  public static CapacityParams of(Params params) {
    return new CapacityParams(
        params.positiveDouble("capacity.startRate", 1000),
        params.positiveDouble("capacity.p99Ms", 50),
        params.percent("capacity.maxErrorPct", 1),
        params.percent("capacity.minAchievedPct", 98),
        params.positiveInt("capacity.plateauSeconds", 10),
        params.nonNegativeInt("capacity.warmUpSeconds", 20),
        params.positiveDouble("capacity.precisionPct", 5),
        params.positiveInt("capacity.maxSeconds", 300),
        params.positiveDouble("capacity.minRate", 10),
        params.positiveDouble("capacity.maxPublishDelayMs", 20),
        params.nonNegativeInt("capacity.maxGroupLag", 1000),
        params.nonNegativeInt("capacity.lagDrainSeconds", 10),
        params.nonNegativeDouble("capacity.e2eP99Ms", 0));
  }

  /** The search these knobs describe, pacing {@code send}. */
  public CapacitySearchActionBuilder search(KafkaSendActionBuilder send) {
    return KafkaDsl.capacitySearch(send)
        .startRate(startRate)
        .p99Ms(p99Ms)
        .maxErrorPct(maxErrorPct)
        .minAchievedPct(minAchievedPct)
        .plateauSeconds(plateauSeconds)
        .warmUpSeconds(warmUpSeconds)
        .precisionPct(precisionPct)
        .maxSeconds(maxSeconds)
        .minRate(minRate)
        .maxPublishDelayMs(maxPublishDelayMs)
        .maxGroupLag(maxGroupLag, lagDrainSeconds)
        .endToEndP99Ms(e2eP99Ms);
  }
}
