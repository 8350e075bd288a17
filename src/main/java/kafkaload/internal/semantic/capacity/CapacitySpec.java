package kafkaload.internal.semantic.capacity;

import io.soabase.recordbuilder.core.RecordBuilder;
import kafkaload.internal.action.SendSpec;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * A capacity search: the send it paces, and its gates and clock. Rates are msg/s over every
 * injector of the run.
 *
 * @param send the record each step sends (its request name names the plateaus)
 * @param startRate the warm-up plateau's rate and the first judged one
 * @param p99Ms a plateau fails when its p99 ack latency is above this
 * @param maxErrorPct ... or more than this % of its records failed
 * @param minAchievedPct ... or it achieved less than this % of its target rate
 * @param plateauSeconds each judged plateau's length
 * @param warmUpSeconds the warm-up plateau's length (not judged)
 * @param precisionPct the bisection stops when the bracket is within this % of its lower end
 * @param maxSeconds the whole search ends by then, with what it found
 * @param minRate below this rate the search gives up: no rate met the gates
 * @param maxPublishDelayMs the injector is named as the limit when its sends start later than
 *     planned by more than this (p99) on a failed plateau
 * @param maxGroupLag a plateau fails when a group under test is more records behind than this ...
 * @param lagDrainSeconds ... this long after the plateau's records were acked
 * @param e2eP99Ms with an end-to-end consumer: a plateau fails when its p99 from send to read is
 *     above this, or when the consumer is more than maxGroupLag records behind lagDrainSeconds
 *     after the plateau; 0: no end-to-end consumer
 */
@RecordBuilder
public record CapacitySpec(
    SendSpec send,
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
    double e2eP99Ms)
    implements CapacitySpecBuilder.With {

  /** The defaults of {@code capacitySearch(send)}. */
  public static CapacitySpec of(SendSpec send) {
    return new CapacitySpec(send, 1000, 50, 1, 98, 10, 20, 5, 300, 10, 20, 1000, 10, 0);
  }

  public String requestName() {
    return send.requestName();
  }

  /** Refuses settings that cannot run, naming the setting, before any load. */
  public CapacitySpec validated() {
    String who = "capacity search '" + requestName() + "': ";
    if (send.fireAndForget()) {
      throw new KafkaLoadConfigException(
          who + "a fire-and-forget send has no ack latency to judge; drop fireAndForget()");
    }
    if (send.burst() != 1) {
      throw new KafkaLoadConfigException(
          who + "burst(n) does not apply: the search sets the rate itself");
    }
    positive(who, "capacity.startRate", startRate);
    positive(who, "capacity.p99Ms", p99Ms);
    positive(who, "capacity.minRate", minRate);
    positive(who, "capacity.maxPublishDelayMs", maxPublishDelayMs);
    between(who, "capacity.maxErrorPct", maxErrorPct, 0, 100);
    between(who, "capacity.minAchievedPct", minAchievedPct, 1, 100);
    between(who, "capacity.precisionPct", precisionPct, 0.1, 100);
    if (!(e2eP99Ms >= 0) || Double.isInfinite(e2eP99Ms)) {
      throw new KafkaLoadConfigException(
          who + "capacity.e2eP99Ms must be 0 (no end-to-end consumer) or above, not " + e2eP99Ms);
    }
    if (maxGroupLag < 0 || lagDrainSeconds < 0) {
      throw new KafkaLoadConfigException(
          who
              + "capacity.maxGroupLag and capacity.lagDrainSeconds must be at least 0 (are "
              + maxGroupLag
              + " and "
              + lagDrainSeconds
              + ")");
    }
    if (plateauSeconds < 1 || warmUpSeconds < 0) {
      throw new KafkaLoadConfigException(
          who
              + "capacity.plateauSeconds must be at least 1 (is "
              + plateauSeconds
              + ") and capacity.warmUpSeconds at least 0 (is "
              + warmUpSeconds
              + ")");
    }
    if (minRate > startRate) {
      throw new KafkaLoadConfigException(
          who
              + "capacity.minRate ("
              + minRate
              + ") is above capacity.startRate ("
              + startRate
              + ")");
    }
    if (maxSeconds < warmUpSeconds + 2L * plateauSeconds) {
      throw new KafkaLoadConfigException(
          who
              + "capacity.maxSeconds ("
              + maxSeconds
              + ") leaves no room for the warm-up ("
              + warmUpSeconds
              + " s) and two plateaus of "
              + plateauSeconds
              + " s");
    }
    return this;
  }

  private static void positive(String who, String name, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new KafkaLoadConfigException(who + name + " must be a positive number, not " + v);
    }
  }

  private static void between(String who, String name, double v, double lo, double hi) {
    if (!(v >= lo && v <= hi)) {
      throw new KafkaLoadConfigException(
          who + name + " must be between " + lo + " and " + hi + ", not " + v);
    }
  }
}
