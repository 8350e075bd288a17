package kafkaload.internal.action;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.function.BiPredicate;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.schema.DecodeSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;

/**
 * A request-reply: the request, the topic its reply comes on, how the reply is matched, the timeout
 * and the checks on the reply; immutable, a {@code with…} replaces one small part.
 *
 * @param timeout this action's timeout, or null for the protocol's replyTimeout
 * @param decode how replies are decoded before match functions and checks, or null
 * @param isolationLevel the reply reader's isolation.level, or null for the protocol's
 */
@RecordBuilder
public record RequestReplySpec(
    SendSpec request,
    String replyTopic,
    Match match,
    Duration timeout,
    RecordChecks checks,
    DecodeSpec decode,
    IsolationLevel isolationLevel)
    implements RequestReplySpecBuilder.With {

  /**
   * How a reply is matched to its request.
   *
   * @param header the request's header the reply carries, for {@link MatchKind#HEADER}
   * @param function the function matched by, for {@link MatchKind#PREDICATE}
   */
  public record Match(
      MatchKind kind,
      String header,
      BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> function) {}

  /** Replies matched by key, the protocol's timeout, no checks. */
  public static RequestReplySpec of(SendSpec request, String replyTopic) {
    return new RequestReplySpec(
        request,
        replyTopic,
        new Match(MatchKind.KEY, null, null),
        null,
        RecordChecks.NONE,
        null,
        null);
  }

  /** These checks after the ones already set. */
  public RequestReplySpec withChecks(RecordChecks more) {
    return RequestReplySpecBuilder.With.super.withChecks(checks.plus(more));
  }
}
