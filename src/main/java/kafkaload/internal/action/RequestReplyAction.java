package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.function.UnaryOperator;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.client.RecordSender;
import kafkaload.internal.client.TopicListener;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/** Sends a request and waits for its reply, awaited before the send so it is never missed. */
final class RequestReplyAction extends KafkaAction {
  private final RequestReplySpec b;
  private final SendSpec spec;
  private final TopicListener listener;
  private final long timeoutMs;

  /** The KO reason of a request whose reply did not come in time. */
  private final String noReply;

  private final RecordSender sender;

  /** Decodes a reply before the match function and the checks see it (the identity: raw). */
  private final UnaryOperator<ConsumerRecord<byte[], byte[]>> decoder;

  /**
   * Its decoder, then its reader of the reply topic (which starts the protocol), watching its
   * match; the action's timeout, else the protocol's.
   */
  RequestReplyAction(RequestReplySpec b, SendSpec spec, KafkaComponents c, Action next) {
    super(spec.requestName(), c, next);
    this.b = b;
    this.spec = spec;
    this.decoder = Actions.decoder(c, b.decode(), b.replyTopic());
    this.listener = Actions.listener(c, spec.requestName(), b.replyTopic(), b.isolationLevel());
    Actions.watch(listener, b.match().kind(), b.match().header());
    this.timeoutMs =
        b.timeout() != null ? b.timeout().toMillis() : c.protocol().requests().replyTimeoutMs();
    this.noReply = "no reply on topic " + b.replyTopic() + " within " + timeoutMs + " ms";
    // Its acks counted under its name (the throughput gate's window), not timed: the reply is.
    this.sender = c.sender(c.ledger().delivery().requestAcks(spec.requestName(), false));
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    long intended = System.nanoTime();
    ProducerRecord<byte[], byte[]> record;
    String key;
    try {
      record = spec.record(session);
      key = matchKey(record);
    } catch (RuntimeException e) {
      logBuildFailure(session, spec.requestName(), e);
      next.$bang(session.markAsFailed());
      return;
    }
    long start = components.clock().nowMillis();
    // A match function that throws is that user's KO with the exception (the listener catches it).
    TopicListener.Waiter w =
        new TopicListener.Waiter(
            key,
            b.match().kind() == MatchKind.VALUE ? record.value() : null,
            b.match().kind() == MatchKind.PREDICATE
                ? reply -> b.match().function().test(record, decoder.apply(reply))
                : null,
            (reply, received) -> replied(session, record, start, reply, received),
            () -> finish(session, record, null, start, components.clock().nowMillis(), noReply),
            reason -> finish(session, record, null, start, components.clock().nowMillis(), reason));
    // Waiting first, sending second: a reply faster than this thread cannot be missed.
    listener.await(w, timeoutMs);
    sender.send(
        session,
        record,
        intended,
        (s, end, exception) -> {
          if (exception != null && w.done().compareAndSet(false, true)) {
            finish(session, record, null, start, end, "request not sent: " + reason(exception));
          }
        });
  }

  private String matchKey(ProducerRecord<byte[], byte[]> r) {
    switch (b.match().kind()) {
      case KEY:
        if (r.key() == null) {
          throw new SessionValue.Unresolved(
              "the request has no key to match its reply by: send a key, or use "
                  + "matchHeader, matchValue or match");
        }
        return TopicListener.keyOf(r.key());
      case HEADER:
        Header h = r.headers().lastHeader(b.match().header());
        if (h == null || h.value() == null) {
          throw new SessionValue.Unresolved(
              "the request has no header '" + b.match().header() + "' to match its reply by");
        }
        return TopicListener.headerOf(b.match().header(), h.value());
      case VALUE:
        if (r.value() == null) {
          throw new SessionValue.Unresolved("the request has no value to match its reply by");
        }
        return TopicListener.valueOf(r.value());
      default:
        return null;
    }
  }

  private void replied(
      Session session,
      ProducerRecord<byte[], byte[]> request,
      long start,
      ConsumerRecord<byte[], byte[]> reply,
      long received) {
    RecordChecks.Outcome outcome;
    try {
      outcome = b.checks().apply(decoder.apply(reply), session);
    } catch (Exception e) { // a decoder's failure, or a check's past Gatling's own guards
      outcome = new RecordChecks.Outcome(session, "a check threw " + TopicListener.describe(e));
    }
    finish(outcome.session(), request, reply, start, received, outcome.failure());
  }

  /**
   * The result; {@code reply}: the raw reply, or null when none came; the outcome to the ledger's
   * taps with both records' headers.
   */
  private void finish(
      Session session,
      ProducerRecord<byte[], byte[]> request,
      ConsumerRecord<byte[], byte[]> reply,
      long start,
      long end,
      String failure) {
    if (failure == null) {
      // The page's and the summary's send to reply: the same span as Gatling's response time.
      components.ledger().consumes().sendToReply(spec.requestName(), (end - start) * 1000);
    }
    logResult(session, spec.requestName(), start, end, failure);
    components
        .ledger()
        .replied(
            spec.requestName(),
            request.headers(),
            reply == null ? null : reply.headers(),
            start,
            end,
            failure == null);
    next.$bang(failure == null ? session : session.markAsFailed());
  }
}
