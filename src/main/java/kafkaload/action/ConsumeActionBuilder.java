package kafkaload.action;

import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.structure.ScenarioContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.BiFunction;
import kafkaload.config.KafkaLoadConfigException;
import kafkaload.protocol.KafkaComponents;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * {@code kafka("receive").consume("replies").matchKey("#{orderId}")}: the virtual user waits for a record on the
 * topic that matches its key, a header, its value, or a predicate. The response time runs from when that record
 * was produced (its timestamp, or a header holding epoch milliseconds) to when it was received: end-to-end latency,
 * which assumes the producing and the receiving clocks are the same host's. A timeout is a KO at its deadline.
 */
public final class ConsumeActionBuilder implements KafkaActionBuilder {
  private enum Kind { KEY, HEADER, VALUE, PREDICATE }

  private final String requestName;
  private final String topic;
  private final Kind kind;
  private final String headerName;
  private final SessionValue<String> expected;
  private final BiFunction<io.gatling.javaapi.core.Session, ConsumerRecord<byte[], byte[]>, Boolean> predicate;
  private final Duration timeout;
  private final String producedAtHeader;

  ConsumeActionBuilder(String requestName, String topic) {
    this(requestName, topic, null, null, null, null, Duration.ofSeconds(10), null);
  }

  private ConsumeActionBuilder(String requestName, String topic, Kind kind, String headerName,
      SessionValue<String> expected, BiFunction<io.gatling.javaapi.core.Session, ConsumerRecord<byte[], byte[]>, Boolean> predicate,
      Duration timeout, String producedAtHeader) {
    this.requestName = requestName;
    this.topic = topic;
    this.kind = kind;
    this.headerName = headerName;
    this.expected = expected;
    this.predicate = predicate;
    this.timeout = timeout;
    this.producedAtHeader = producedAtHeader;
  }

  /** Waits for a record whose key equals this (EL). */
  public ConsumeActionBuilder matchKey(String el) {
    return new ConsumeActionBuilder(requestName, topic, Kind.KEY, null, SessionValue.el(el), null, timeout, producedAtHeader);
  }

  /** Waits for a record with this header equal to this value (EL). */
  public ConsumeActionBuilder matchHeader(String name, String el) {
    return new ConsumeActionBuilder(requestName, topic, Kind.HEADER, name, SessionValue.el(el), null, timeout, producedAtHeader);
  }

  /** Waits for a record whose value (UTF-8, any size) equals this (EL). */
  public ConsumeActionBuilder matchValue(String el) {
    return new ConsumeActionBuilder(requestName, topic, Kind.VALUE, null, SessionValue.el(el), null, timeout, producedAtHeader);
  }

  /** Waits for the first record, arriving after the user starts waiting, that the predicate accepts. */
  public ConsumeActionBuilder match(BiFunction<io.gatling.javaapi.core.Session, ConsumerRecord<byte[], byte[]>, Boolean> p) {
    return new ConsumeActionBuilder(requestName, topic, Kind.PREDICATE, null, null, p, timeout, producedAtHeader);
  }

  /** How long to wait (default 10 s); past it the request is a KO, recorded at the deadline. */
  public ConsumeActionBuilder timeout(Duration t) {
    return new ConsumeActionBuilder(requestName, topic, kind, headerName, expected, predicate, t, producedAtHeader);
  }

  /** Take the produce time from this header (epoch milliseconds as text) instead of the record timestamp. */
  public ConsumeActionBuilder producedAtHeader(String name) {
    return new ConsumeActionBuilder(requestName, topic, kind, headerName, expected, predicate, timeout, name);
  }

  @Override
  public Action build(KafkaComponents c, ScenarioContext ctx, Action next) {
    if (kind == null) {
      throw new KafkaLoadConfigException("consume(\"" + topic + "\") in '" + requestName
          + "' needs a matcher: matchKey, matchHeader, matchValue or match");
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new KafkaLoadConfigException("consume '" + requestName + "': the timeout must be > 0");
    }
    TopicListener listener = c.listener(topic);
    listener.watch(kind == Kind.KEY, kind == Kind.HEADER ? headerName : null, kind == Kind.VALUE);
    return new ConsumeAction(this, c, listener, next);
  }

  private static final class ConsumeAction extends KafkaAction {
    private final ConsumeActionBuilder spec;
    private final TopicListener listener;
    private final org.HdrHistogram.Recorder e2e;

    ConsumeAction(ConsumeActionBuilder spec, KafkaComponents components, TopicListener listener, Action next) {
      super(spec.requestName, components, next);
      this.e2e = components.stats().e2eLatency(spec.requestName);
      this.spec = spec;
      this.listener = listener;
    }

    @Override
    public void execute(Session session) {
      long start = components.clock().nowMillis();
      String key;
      String describe;
      byte[] value = null;
      try {
        switch (spec.kind) {
          case KEY:
            String k = spec.expected.resolve(session);
            key = TopicListener.keyOf(k.getBytes(StandardCharsets.UTF_8));
            describe = "key '" + k + "'";
            break;
          case HEADER:
            String h = spec.expected.resolve(session);
            key = TopicListener.headerOf(spec.headerName, h.getBytes(StandardCharsets.UTF_8));
            describe = "header " + spec.headerName + "='" + h + "'";
            break;
          case VALUE:
            String v = spec.expected.resolve(session);
            value = v.getBytes(StandardCharsets.UTF_8);
            key = TopicListener.valueOf(value);
            describe = v.length() <= 100 ? "value '" + v + "'"
                : "value '" + v.substring(0, 100) + "...' (" + value.length + " bytes)";
            break;
          default:
            key = null;
            describe = "the predicate";
        }
      } catch (RuntimeException e) {
        crash(session, spec.requestName, e);
        return;
      }
      io.gatling.javaapi.core.Session javaSession = new io.gatling.javaapi.core.Session(session);
      String what = describe;
      // A predicate that throws on a record has not accepted it: other records on the topic may be for this user.
      // The last exception is kept for the timeout's reason, so it is not lost.
      java.util.concurrent.atomic.AtomicReference<String> threw = new java.util.concurrent.atomic.AtomicReference<>();
      java.util.concurrent.atomic.AtomicLong predicateThrows = new java.util.concurrent.atomic.AtomicLong();
      TopicListener.Waiter w = new TopicListener.Waiter(key, value,
          spec.predicate == null ? null : r -> {
            try {
              return Boolean.TRUE.equals(spec.predicate.apply(javaSession, r));
            } catch (Exception e) {
              predicateThrows.incrementAndGet();
              threw.set(KafkaSendAction.reason(e));
              return false;
            }
          },
          (record, received) -> {
            long produced = producedAt(record);
            e2e.recordValue(Math.max(0, received - produced) * 1000);
            logResult(session, spec.requestName, Math.min(produced, received), received, null);
            next.$bang(session);
          },
          () -> {
            logResult(session, spec.requestName, start, components.clock().nowMillis(),
                // The exception first: Gatling's console shortens long messages.
                (threw.get() == null ? "" : "the predicate threw " + threw.get() + " (on " + predicateThrows.get()
                    + " record(s)); ") + "no record with " + what + " on topic " + spec.topic + " within "
                    + spec.timeout.toMillis() + " ms");
            next.$bang(session.markAsFailed());
          },
          reason -> {
            logResult(session, spec.requestName, start, components.clock().nowMillis(), reason);
            next.$bang(session.markAsFailed());
          });
      listener.await(w, spec.timeout.toMillis());
    }

    private long producedAt(ConsumerRecord<byte[], byte[]> r) {
      if (spec.producedAtHeader != null) {
        var h = r.headers().lastHeader(spec.producedAtHeader);
        if (h != null) {
          try {
            return Long.parseLong(new String(h.value(), StandardCharsets.US_ASCII).trim());
          } catch (NumberFormatException ignored) {
            // fall back to the record timestamp
          }
        }
      }
      return r.timestamp();
    }
  }
}
