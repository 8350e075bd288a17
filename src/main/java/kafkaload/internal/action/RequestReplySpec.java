package kafkaload.internal.action;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import kafkaload.internal.check.RecordCheck;
import kafkaload.internal.schema.DecodeSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;

/**
 * A request-reply: the request, the topic its reply comes on, how the reply is matched, the timeout
 * and the checks on the reply; immutable.
 *
 * @param header the request's header the reply carries, for {@link MatchKind#HEADER}
 * @param timeout this action's timeout, or null for the protocol's replyTimeout
 * @param isolationLevel the reply reader's isolation.level, or null for the protocol's
 */
public record RequestReplySpec(
    SendSpec request,
    String replyTopic,
    MatchKind kind,
    String header,
    BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> function,
    Duration timeout,
    List<RecordCheck> checks,
    DecodeSpec decode,
    IsolationLevel isolationLevel) {

  /** Replies matched by key, the protocol's timeout, no checks. */
  public static RequestReplySpec of(SendSpec request, String replyTopic) {
    return new RequestReplySpec(
        request, replyTopic, MatchKind.KEY, null, null, null, List.of(), null, null);
  }

  public RequestReplySpec withMatch(
      MatchKind k,
      String headerName,
      BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> f) {
    return new RequestReplySpec(
        request, replyTopic, k, headerName, f, timeout, checks, decode, isolationLevel);
  }

  public RequestReplySpec withTimeout(Duration t) {
    return new RequestReplySpec(
        request, replyTopic, kind, header, function, t, checks, decode, isolationLevel);
  }

  public RequestReplySpec withChecks(List<RecordCheck> more) {
    List<RecordCheck> all = new ArrayList<>(checks);
    all.addAll(more);
    return new RequestReplySpec(
        request,
        replyTopic,
        kind,
        header,
        function,
        timeout,
        List.copyOf(all),
        decode,
        isolationLevel);
  }

  /**
   * Replies decoded (through the registry, or by a named deserializer) before match functions and
   * checks.
   */
  public RequestReplySpec withDecode(DecodeSpec d) {
    return new RequestReplySpec(
        request, replyTopic, kind, header, function, timeout, checks, d, isolationLevel);
  }

  /** The reply reader's isolation.level instead of the protocol's. */
  public RequestReplySpec withIsolationLevel(IsolationLevel level) {
    return new RequestReplySpec(
        request, replyTopic, kind, header, function, timeout, checks, decode, level);
  }
}
