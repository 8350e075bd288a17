package kafkaload.internal.action;

import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.function.BiFunction;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.schema.DecodeSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;

/**
 * A consume action: which record on the topic the user waits for, and for how long; immutable.
 *
 * @param kind how the record is matched, or null while no matcher is set
 * @param headerName the header matched by, for {@link MatchKind#HEADER}
 * @param expected the key, header value or value matched, for KEY, HEADER and VALUE
 * @param producedAtHeader the header holding the produce time in epoch ms, or null for the record
 *     timestamp
 * @param isolationLevel the reader's isolation.level, or null for the protocol's
 */
public record ConsumeSpec(
    String requestName,
    String topic,
    MatchKind kind,
    String headerName,
    SessionValue<String> expected,
    BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> predicate,
    Duration timeout,
    String producedAtHeader,
    DecodeSpec decode,
    IsolationLevel isolationLevel) {

  /** Waits on this topic for 10 s; a matcher must still be set. */
  public static ConsumeSpec of(String requestName, String topic) {
    return new ConsumeSpec(
        requestName, topic, null, null, null, null, Duration.ofSeconds(10), null, null, null);
  }

  /** Matches by KEY, HEADER ({@code headerName}) or VALUE against the EL {@code expected}. */
  public ConsumeSpec withMatch(MatchKind k, String header, SessionValue<String> value) {
    return new ConsumeSpec(
        requestName,
        topic,
        k,
        header,
        value,
        null,
        timeout,
        producedAtHeader,
        decode,
        isolationLevel);
  }

  public ConsumeSpec withPredicate(BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> p) {
    return new ConsumeSpec(
        requestName,
        topic,
        MatchKind.PREDICATE,
        null,
        null,
        p,
        timeout,
        producedAtHeader,
        decode,
        isolationLevel);
  }

  public ConsumeSpec withTimeout(Duration t) {
    return new ConsumeSpec(
        requestName,
        topic,
        kind,
        headerName,
        expected,
        predicate,
        t,
        producedAtHeader,
        decode,
        isolationLevel);
  }

  public ConsumeSpec withProducedAtHeader(String name) {
    return new ConsumeSpec(
        requestName,
        topic,
        kind,
        headerName,
        expected,
        predicate,
        timeout,
        name,
        decode,
        isolationLevel);
  }

  /**
   * Records decoded (through the registry, or by a named deserializer) before the predicates see
   * them.
   */
  public ConsumeSpec withDecode(DecodeSpec d) {
    return new ConsumeSpec(
        requestName,
        topic,
        kind,
        headerName,
        expected,
        predicate,
        timeout,
        producedAtHeader,
        d,
        isolationLevel);
  }

  /** The reader's isolation.level instead of the protocol's. */
  public ConsumeSpec withIsolationLevel(IsolationLevel level) {
    return new ConsumeSpec(
        requestName,
        topic,
        kind,
        headerName,
        expected,
        predicate,
        timeout,
        producedAtHeader,
        decode,
        level);
  }
}
