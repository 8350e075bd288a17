package kafkaload;

import java.time.Duration;
import java.util.function.BiPredicate;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.MatchKind;
import kafkaload.internal.action.RequestReplySpec;
import kafkaload.internal.action.RequestReplySpec.Match;
import kafkaload.internal.client.ConsumerFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * {@code kafka("order").send(key, value).replyOn("replies")}: sends the request and waits for its
 * reply. The reply is awaited before the request is sent, so a fast reply is never missed. It is
 * matched by key (default), by a header the request carries, by value, or by a function; the
 * timeout is the action's or the protocol's. The response time runs from the send to the reply.
 * Checks run on the reply; a failing or throwing check is a KO with its reason. Replies that come
 * after their timeout are counted as late.
 */
public final class RequestReplyActionBuilder extends RecordStep<RequestReplyActionBuilder> {
  private final RequestReplySpec spec;

  RequestReplyActionBuilder(RequestReplySpec spec) {
    super(
        () -> Actions.requestReply(spec),
        decode -> new RequestReplyActionBuilder(spec.withDecode(decode)),
        checks -> new RequestReplyActionBuilder(spec.withChecks(checks)));
    this.spec = spec;
  }

  /** The reply carries the request's key (the default). */
  public RequestReplyActionBuilder matchKey() {
    return new RequestReplyActionBuilder(spec.withMatch(new Match(MatchKind.KEY, null, null)));
  }

  /** The reply carries the request's value of this header, for example a correlation id. */
  public RequestReplyActionBuilder matchHeader(String name) {
    return new RequestReplyActionBuilder(spec.withMatch(new Match(MatchKind.HEADER, name, null)));
  }

  /** The reply's value equals the request's. */
  public RequestReplyActionBuilder matchValue() {
    return new RequestReplyActionBuilder(spec.withMatch(new Match(MatchKind.VALUE, null, null)));
  }

  /** The first reply, arriving after the request, that the function accepts. */
  public RequestReplyActionBuilder match(
      BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> requestAndReply) {
    return new RequestReplyActionBuilder(
        spec.withMatch(new Match(MatchKind.PREDICATE, null, requestAndReply)));
  }

  /**
   * isolation.level of the reply's reader, by Kafka's values: {@code "read_committed"} sees a reply
   * only once the service's transaction commits (the response time then includes that wait) and
   * never a reply of an aborted transaction; {@code "read_uncommitted"} sees every reply as it is
   * written. Unset: the protocol's ({@code kafka().isolationLevel(..)}, {@code -Disolation.level}).
   */
  public RequestReplyActionBuilder isolationLevel(String level) {
    return new RequestReplyActionBuilder(
        spec.withIsolationLevel(
            ConsumerFactory.isolationLevel(
                level, "'" + spec.request().requestName() + "' (request-reply)")));
  }

  /** This action's timeout; without it, the protocol's replyTimeout (default 10 s). */
  public RequestReplyActionBuilder timeout(Duration t) {
    return new RequestReplyActionBuilder(spec.withTimeout(t));
  }
}
