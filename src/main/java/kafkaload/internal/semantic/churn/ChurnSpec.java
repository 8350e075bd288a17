package kafkaload.internal.semantic.churn;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.List;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * A consumer churn under load, as the DSL describes it: its request name, the topic (null: the
 * protocol's), how many consumers start, the churn plan's text, the group protocols compared (in
 * turn, each in a group of its own), the producers' load, the consumers' timeouts and the gates.
 * Immutable; each {@code with…} checks its value; {@link #plan()} parses the plan against the
 * consumers and the load's length, so a bad plan is refused before any load.
 */
@RecordBuilder
public record ChurnSpec(
    String requestName,
    String topic,
    int consumers,
    String planText,
    List<ChurnProtocol> protocols,
    Load load,
    Timeouts timeouts,
    Gates gates)
    implements ChurnSpecBuilder.With {

  public ChurnSpec {
    protocols = List.copyOf(protocols);
  }

  /** The producers: {@code ratePerSec} records a second of {@code recordSize} bytes, per round. */
  public record Load(int ratePerSec, int recordSize, long loadMillis) {}

  /**
   * The classic protocol's {@code session.timeout.ms} (KIP-848: the broker's), every consumer's
   * {@code max.poll.interval.ms}, and how long a round may wait for its group to settle at the
   * start and for every record to be read at the end.
   */
  public record Timeouts(long sessionTimeoutMs, long maxPollIntervalMs, long maxWaitMs) {}

  /** Null: no bound (the verdict requests are OK). */
  public record Gates(Long maxPauseMs, Double maxReadTwicePct) {}

  public static ChurnSpec of(String requestName) {
    if (requestName == null || requestName.isBlank()) {
      throw new KafkaLoadConfigException("churn(name): the request name must not be empty");
    }
    return new ChurnSpec(
        requestName,
        null,
        4,
        "rolling@5s+5s",
        ChurnProtocol.parseList(ChurnProtocol.DEFAULT),
        new Load(500, 256, 30_000),
        new Timeouts(10_000, 10_000, 60_000),
        new Gates(null, null));
  }

  public ChurnSpec withTopic(String t) {
    if (t == null || t.isBlank()) {
      throw new KafkaLoadConfigException("churn '" + requestName + "': topic must not be empty");
    }
    return ChurnSpecBuilder.With.super.withTopic(t);
  }

  public ChurnSpec withConsumers(int n) {
    positive(n, "consumers");
    return ChurnSpecBuilder.With.super.withConsumers(n);
  }

  public ChurnSpec withPlanText(String text) {
    return ChurnSpecBuilder.With.super.withPlanText(text == null ? "" : text.trim());
  }

  /** From {@code -Dchurn.protocols}' text; an unknown or repeated name is refused at once. */
  public ChurnSpec withProtocols(String text) {
    return withProtocols(ChurnProtocol.parseList(text));
  }

  public ChurnSpec withRate(int perSecond, int recordSize) {
    positive(perSecond, "rate");
    positive(recordSize, "recordSize");
    return withLoad(new Load(perSecond, recordSize, load.loadMillis()));
  }

  public ChurnSpec withDuring(Duration d) {
    positive(d.toMillis(), "during");
    return withLoad(new Load(load.ratePerSec(), load.recordSize(), d.toMillis()));
  }

  public ChurnSpec withTimeouts(long sessionMs, long maxPollMs, long maxWaitMs) {
    positive(sessionMs, "sessionTimeout");
    positive(maxPollMs, "maxPollInterval");
    positive(maxWaitMs, "maxWait");
    return withTimeouts(new Timeouts(sessionMs, maxPollMs, maxWaitMs));
  }

  public ChurnSpec withMaxPauseMs(long ms) {
    positive(ms, "maxPauseMs");
    return withGates(new Gates(ms, gates.maxReadTwicePct()));
  }

  public ChurnSpec withMaxReadTwicePct(double pct) {
    if (!(pct >= 0 && pct <= 100)) {
      throw new KafkaLoadConfigException(
          "churn '" + requestName + "': maxReadTwicePct must be within 0 and 100, not " + pct);
    }
    return withGates(new Gates(gates.maxPauseMs(), pct));
  }

  /**
   * The plan parsed for {@link #consumers} over the load's length, its stalls checked against
   * {@code max.poll.interval.ms}: refused, naming the step, before any load.
   */
  public ChurnPlan plan() {
    ChurnPlan plan = ChurnPlan.parse(planText, consumers, load.loadMillis());
    plan.checkStalls(timeouts.maxPollIntervalMs());
    return plan;
  }

  private void positive(long v, String what) {
    if (v <= 0) {
      throw new KafkaLoadConfigException(
          "churn '" + requestName + "': " + what + " must be above 0, not " + v);
    }
  }
}
