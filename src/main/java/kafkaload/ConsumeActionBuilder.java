package kafkaload;

import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.ConsumeSpec;
import kafkaload.internal.action.ConsumeSpec.Match;
import kafkaload.internal.action.MatchKind;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.payload.SessionValue;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * {@code kafka("receive").consume("replies").matchKey("#{orderId}")}: the virtual user waits for a
 * record on the topic that matches its key, a header, its value, or a predicate. The response time
 * runs from when that record was produced (its timestamp, or a header holding epoch milliseconds)
 * to when it was received: end-to-end latency, which assumes the producing and the receiving clocks
 * are the same host's. A timeout is a KO at its deadline.
 */
public final class ConsumeActionBuilder extends RecordStep<ConsumeActionBuilder> {
  private final ConsumeSpec spec;

  ConsumeActionBuilder(ConsumeSpec spec) {
    super(
        () -> Actions.consume(spec),
        decode -> new ConsumeActionBuilder(spec.withDecode(decode)),
        checks -> new ConsumeActionBuilder(spec.withChecks(checks)));
    this.spec = spec;
  }

  /** Waits for a record whose key equals this (EL). */
  public ConsumeActionBuilder matchKey(String el) {
    return new ConsumeActionBuilder(spec.withMatch(MatchKind.KEY, null, SessionValue.el(el)));
  }

  /** Waits for a record with this header equal to this value (EL). */
  public ConsumeActionBuilder matchHeader(String name, String el) {
    return new ConsumeActionBuilder(spec.withMatch(MatchKind.HEADER, name, SessionValue.el(el)));
  }

  /** Waits for a record whose value (UTF-8, any size) equals this (EL). */
  public ConsumeActionBuilder matchValue(String el) {
    return new ConsumeActionBuilder(spec.withMatch(MatchKind.VALUE, null, SessionValue.el(el)));
  }

  /**
   * Waits for the first record, arriving after the user starts waiting, that the predicate accepts.
   */
  public ConsumeActionBuilder match(
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> p) {
    return new ConsumeActionBuilder(spec.withMatch(new Match(MatchKind.PREDICATE, null, null, p)));
  }

  /**
   * Matches the record whose field at this JSONPath equals the EL value, e.g. {@code
   * .decoded().matchJsonPath( "$.orderId", "#{orderId}")} on Avro records. A predicate: it sees
   * records arriving while the user waits.
   */
  public ConsumeActionBuilder matchJsonPath(String path, String el) {
    RecordChecks check = RecordChecks.of(List.of(CoreDsl.jsonPath(path).isEL(el)));
    return match((session, record) -> check.apply(record, session.asScala()).failure() == null);
  }

  /**
   * How long the user waits for its record (10 s unless set): none by then is a KO at the deadline
   * naming the match and the topic. Zero or negative is refused before any load.
   */
  public ConsumeActionBuilder timeout(Duration t) {
    return new ConsumeActionBuilder(spec.withTimeout(t));
  }

  /**
   * isolation.level of the reader, by Kafka's values: {@code "read_committed"} sees a record only
   * once its transaction commits (the end-to-end latency then includes that wait) and never a
   * record of an aborted transaction; {@code "read_uncommitted"} sees every record as it is
   * written. Unset: the protocol's ({@code kafka().isolationLevel(..)}, {@code -Disolation.level}).
   */
  public ConsumeActionBuilder isolationLevel(String level) {
    return new ConsumeActionBuilder(
        spec.withIsolationLevel(
            ConsumerFactory.isolationLevel(level, "consume '" + spec.requestName() + "'")));
  }

  /**
   * Take the produce time from this header (epoch milliseconds as text) instead of the record
   * timestamp.
   */
  public ConsumeActionBuilder producedAtHeader(String name) {
    return new ConsumeActionBuilder(spec.withProducedAtHeader(name));
  }
}
