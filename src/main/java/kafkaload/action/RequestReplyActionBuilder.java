package kafkaload.action;

import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.structure.ScenarioContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import kafkaload.config.KafkaLoadConfigException;
import kafkaload.protocol.KafkaComponents;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/**
 * {@code kafka("order").send(key, value).replyOn("replies")}: sends the request and waits for its reply. The reply
 * is awaited before the request is sent, so a fast reply is never missed. It is matched by key (default), by a
 * header the request carries, by value, or by a function; the timeout is the action's or the protocol's. The
 * response time runs from the send to the reply. Checks run on the reply; a failing or throwing check is a KO
 * with its reason. Replies that come after their timeout are counted as late.
 */
public final class RequestReplyActionBuilder implements KafkaActionBuilder {
  private enum Kind { KEY, HEADER, VALUE, FUNCTION }

  private final KafkaSendActionBuilder request;
  private final String replyTopic;
  private final Kind kind;
  private final String header;
  private final BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> function;
  private final Duration timeout;
  private final List<ReplyCheck> checks;

  RequestReplyActionBuilder(KafkaSendActionBuilder request, String replyTopic) {
    this(request, replyTopic, Kind.KEY, null, null, null, List.of());
  }

  private RequestReplyActionBuilder(KafkaSendActionBuilder request, String replyTopic, Kind kind, String header,
      BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> function, Duration timeout,
      List<ReplyCheck> checks) {
    this.request = request;
    this.replyTopic = replyTopic;
    this.kind = kind;
    this.header = header;
    this.function = function;
    this.timeout = timeout;
    this.checks = checks;
  }

  /** The reply carries the request's key (the default). */
  public RequestReplyActionBuilder matchKey() {
    return new RequestReplyActionBuilder(request, replyTopic, Kind.KEY, null, null, timeout, checks);
  }

  /** The reply carries the request's value of this header, for example a correlation id. */
  public RequestReplyActionBuilder matchHeader(String name) {
    return new RequestReplyActionBuilder(request, replyTopic, Kind.HEADER, name, null, timeout, checks);
  }

  /** The reply's value equals the request's. */
  public RequestReplyActionBuilder matchValue() {
    return new RequestReplyActionBuilder(request, replyTopic, Kind.VALUE, null, null, timeout, checks);
  }

  /** The first reply, arriving after the request, that the function accepts. */
  public RequestReplyActionBuilder match(
      BiPredicate<ProducerRecord<byte[], byte[]>, ConsumerRecord<byte[], byte[]>> requestAndReply) {
    return new RequestReplyActionBuilder(request, replyTopic, Kind.FUNCTION, null, requestAndReply, timeout, checks);
  }

  /** This action's timeout; without it, the protocol's replyTimeout (default 10 s). */
  public RequestReplyActionBuilder timeout(Duration t) {
    return new RequestReplyActionBuilder(request, replyTopic, kind, header, function, t, checks);
  }

  public RequestReplyActionBuilder check(ReplyCheck... more) {
    List<ReplyCheck> all = new ArrayList<>(checks);
    all.addAll(List.of(more));
    return new RequestReplyActionBuilder(request, replyTopic, kind, header, function, timeout, List.copyOf(all));
  }

  @Override
  public Action build(KafkaComponents c, ScenarioContext ctx, Action next) {
    SendSpec spec = request.spec(c);
    if (spec.fireAndForget()) {
      throw new KafkaLoadConfigException("'" + spec.requestName() + "': a request-reply cannot be fire-and-forget");
    }
    if (kind == Kind.HEADER && !request.hasHeader(header)) {
      throw new KafkaLoadConfigException("'" + spec.requestName() + "' matches replies by header '" + header
          + "', but its request sets no such header");
    }
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new KafkaLoadConfigException("'" + spec.requestName() + "': the reply timeout must be > 0");
    }
    TopicListener listener = c.listener(replyTopic);
    listener.watch(kind == Kind.KEY, kind == Kind.HEADER ? header : null, kind == Kind.VALUE);
    long timeoutMs = timeout != null ? timeout.toMillis() : c.protocol().replyTimeoutMs();
    return new RequestReplyAction(this, spec, c, listener, timeoutMs, next);
  }

  private static final class RequestReplyAction extends KafkaAction {
    private final RequestReplyActionBuilder b;
    private final SendSpec spec;
    private final TopicListener listener;
    private final long timeoutMs;
    private final RecordSender sender;

    RequestReplyAction(RequestReplyActionBuilder b, SendSpec spec, KafkaComponents components, TopicListener listener,
        long timeoutMs, Action next) {
      super(spec.requestName(), components, next);
      this.b = b;
      this.spec = spec;
      this.listener = listener;
      this.timeoutMs = timeoutMs;
      this.sender = new RecordSender(components, null);
    }

    @Override
    public void execute(Session session) {
      long intended = System.nanoTime();
      ProducerRecord<byte[], byte[]> record;
      String key;
      try {
        record = spec.record(session);
        key = matchKey(record);
      } catch (RuntimeException e) {
        crash(session, spec.requestName(), e);
        return;
      }
      long start = components.clock().nowMillis();
      // A match function that throws is that user's KO with the exception (the listener catches it).
      TopicListener.Waiter w = new TopicListener.Waiter(key, b.kind == Kind.VALUE ? record.value() : null,
          b.kind == Kind.FUNCTION ? reply -> b.function.test(record, reply) : null,
          (reply, received) -> replied(session, start, reply, received),
          () -> finish(session, start, components.clock().nowMillis(),
              "no reply on topic " + b.replyTopic + " within " + timeoutMs + " ms", Map.of()),
          reason -> finish(session, start, components.clock().nowMillis(), reason, Map.of()));
      // Waiting first, sending second: a reply faster than this thread cannot be missed.
      listener.await(w, timeoutMs);
      sender.send(session, record, intended, (s, end, exception) -> {
        if (exception != null && w.done.compareAndSet(false, true)) {
          finish(session, start, end, "request not sent: " + KafkaSendAction.reason(exception), Map.of());
        }
      });
    }

    private String matchKey(ProducerRecord<byte[], byte[]> r) {
      switch (b.kind) {
        case KEY:
          if (r.key() == null) {
            throw new SessionValue.Unresolved("the request has no key to match its reply by: send a key, or use "
                + "matchHeader, matchValue or match");
          }
          return TopicListener.keyOf(r.key());
        case HEADER:
          Header h = r.headers().lastHeader(b.header);
          if (h == null || h.value() == null) {
            throw new SessionValue.Unresolved("the request has no header '" + b.header + "' to match its reply by");
          }
          return TopicListener.headerOf(b.header, h.value());
        case VALUE:
          if (r.value() == null) {
            throw new SessionValue.Unresolved("the request has no value to match its reply by");
          }
          return TopicListener.valueOf(r.value());
        default:
          return null;
      }
    }

    private void replied(Session session, long start, ConsumerRecord<byte[], byte[]> reply, long received) {
      Map<String, Object> saves = new HashMap<>();
      String failure = null;
      try {
        for (ReplyCheck check : b.checks) {
          failure = check.apply(reply, session, saves);
          if (failure != null) {
            break;
          }
        }
      } catch (Exception e) {
        failure = "a check threw " + TopicListener.describe(e);
      }
      finish(session, start, received, failure, saves);
    }

    private void finish(Session session, long start, long end, String failure, Map<String, Object> saves) {
      logResult(session, spec.requestName(), start, end, failure);
      Session s = session;
      for (Map.Entry<String, Object> e : saves.entrySet()) {
        s = s.set(e.getKey(), e.getValue());
      }
      next.$bang(failure == null ? s : s.markAsFailed());
    }
  }

}
