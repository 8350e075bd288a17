package kafkaload.internal.action;

import io.gatling.javaapi.core.Session;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.function.BiFunction;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.schema.DecodeSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;

/**
 * A consume action: which record on the topic the user waits for, and for how long; immutable, a
 * {@code with…} replaces one small part.
 *
 * @param match how the record is matched
 * @param producedAtHeader the header holding the produce time in epoch ms, or null for the record
 *     timestamp
 * @param decode how records are decoded before the predicates see them, or null
 * @param isolationLevel the reader's isolation.level, or null for the protocol's
 * @param checks Gatling's checks on the record received (decoded when the reader decodes)
 */
@RecordBuilder
public record ConsumeSpec(
    String requestName,
    String topic,
    Match match,
    Duration timeout,
    String producedAtHeader,
    DecodeSpec decode,
    IsolationLevel isolationLevel,
    RecordChecks checks)
    implements ConsumeSpecBuilder.With {

  /**
   * How the awaited record is matched.
   *
   * @param kind how the record is matched, or null while no matcher is set
   * @param headerName the header matched by, for {@link MatchKind#HEADER}
   * @param expected the key, header value or value matched, for KEY, HEADER and VALUE
   * @param predicate the function matched by, for {@link MatchKind#PREDICATE}
   */
  public record Match(
      MatchKind kind,
      String headerName,
      SessionValue<String> expected,
      BiFunction<Session, ConsumerRecord<byte[], byte[]>, Boolean> predicate) {
    static final Match NONE = new Match(null, null, null, null);
  }

  /** Waits on this topic for 10 s; a matcher must still be set. */
  public static ConsumeSpec of(String requestName, String topic) {
    return new ConsumeSpec(
        requestName,
        topic,
        Match.NONE,
        Duration.ofSeconds(10),
        null,
        null,
        null,
        RecordChecks.NONE);
  }

  /** Matches by KEY, HEADER ({@code headerName}) or VALUE against the EL {@code expected}. */
  public ConsumeSpec withMatch(MatchKind k, String header, SessionValue<String> value) {
    return withMatch(new Match(k, header, value, null));
  }

  /** These checks after the ones already set. */
  public ConsumeSpec withChecks(RecordChecks more) {
    return ConsumeSpecBuilder.With.super.withChecks(checks.plus(more));
  }
}
