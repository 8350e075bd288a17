package kafkaload;

import java.time.Duration;
import kafkaload.internal.semantic.churn.ChurnActions;
import kafkaload.internal.semantic.churn.ChurnSpec;

/**
 * {@code churn("churn")}: what a rebalance costs a consumer group under load, per group protocol.
 * One virtual user runs it: for each protocol in turn ({@code classic-eager}, {@code
 * classic-cooperative}, {@code consumer} and their {@code -static} variants), a group of its own
 * starts {@code consumers} consumers, each in a process of its own, at the topic's end; once they
 * own every partition the producers write {@code rate} records a second for {@code during}, while
 * the plan's steps ({@code join:N@T}, {@code leave:N@T}, {@code crash:N@T}, {@code restart:N@T},
 * {@code rolling@T+G}, {@code stall:N@T+D}) happen at their times. Requests: {@code "<name> send"}
 * (the producers' acks) and, per protocol, the verdicts {@code "<name> read all"} (a KO naming the
 * partitions whose records were never read), {@code "<name> pause"} and {@code "<name> read twice"}
 * (the gates). A bad plan or protocol is refused before any load. Defaults: 4 consumers, {@code
 * rolling@5s+5s}, the three protocols, 500 msg/s of 256 B for 30 s. See docs/churn.md. Every call
 * returns a new builder.
 */
public final class ChurnActionBuilder extends SpecStep {
  private final ChurnSpec spec;

  ChurnActionBuilder(ChurnSpec spec) {
    super(() -> ChurnActions.churn(spec));
    this.spec = spec;
  }

  /** The topic the producers write and the groups read (default: the protocol's). */
  public ChurnActionBuilder topic(String topic) {
    return new ChurnActionBuilder(spec.withTopic(topic));
  }

  /** How many consumers each group starts with. */
  public ChurnActionBuilder consumers(int count) {
    return new ChurnActionBuilder(spec.withConsumers(count));
  }

  /** The churn plan, {@code -Dchurn.plan}'s syntax: {@code rolling@5s+5s,crash:1@30s}. */
  public ChurnActionBuilder plan(String plan) {
    return new ChurnActionBuilder(spec.withPlanText(plan));
  }

  /** The group protocols compared, in turn: {@code classic-eager,classic-cooperative,consumer}. */
  public ChurnActionBuilder protocols(String protocols) {
    return new ChurnActionBuilder(spec.withProtocols(protocols));
  }

  /** Records a second the producers write during each protocol's load. */
  public ChurnActionBuilder rate(int perSecond) {
    return new ChurnActionBuilder(spec.withRate(perSecond, spec.load().recordSize()));
  }

  /** The records' value size in bytes. */
  public ChurnActionBuilder recordSize(int bytes) {
    return new ChurnActionBuilder(spec.withRate(spec.load().ratePerSec(), bytes));
  }

  /** How long each protocol's load lasts; the plan's steps fall within it. */
  public ChurnActionBuilder during(Duration load) {
    return new ChurnActionBuilder(spec.withDuring(load));
  }

  /**
   * The classic protocol's {@code session.timeout.ms} (KIP-848: the broker's {@code
   * group.consumer.session.timeout.ms} rules), within the broker's {@code
   * group.min.session.timeout.ms} (6 s by default).
   */
  public ChurnActionBuilder sessionTimeout(Duration timeout) {
    ChurnSpec.Timeouts t = spec.timeouts();
    return new ChurnActionBuilder(
        spec.withTimeouts(timeout.toMillis(), t.maxPollIntervalMs(), t.maxWaitMs()));
  }

  /** Every consumer's {@code max.poll.interval.ms}; a stall must outlast it. */
  public ChurnActionBuilder maxPollInterval(Duration interval) {
    ChurnSpec.Timeouts t = spec.timeouts();
    return new ChurnActionBuilder(
        spec.withTimeouts(t.sessionTimeoutMs(), interval.toMillis(), t.maxWaitMs()));
  }

  /**
   * The bound on each wait of a round: its group owning every partition at the start, every record
   * read at the end.
   */
  public ChurnActionBuilder maxWait(Duration wait) {
    ChurnSpec.Timeouts t = spec.timeouts();
    return new ChurnActionBuilder(
        spec.withTimeouts(t.sessionTimeoutMs(), t.maxPollIntervalMs(), wait.toMillis()));
  }

  /**
   * The pause gate: a partition with no owner longer than this is a KO of "{@code <name> pause}".
   */
  public ChurnActionBuilder maxPauseMs(long millis) {
    return new ChurnActionBuilder(spec.withMaxPauseMs(millis));
  }

  /** The read-twice gate: a step reading more than this % twice is a KO of "<name> read twice". */
  public ChurnActionBuilder maxReadTwicePct(double percent) {
    return new ChurnActionBuilder(spec.withMaxReadTwicePct(percent));
  }
}
