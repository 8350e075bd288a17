package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import kafkaload.internal.check.RecordChecks;
import kafkaload.internal.client.TopicListener;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Waits for the matching record: response time is produced to received; timeout: KO. */
final class ConsumeAction extends KafkaAction {
  private final ConsumeSpec spec;
  private final TopicListener listener;

  /** Decodes a record before the predicate sees it (the identity for the raw record). */
  private final UnaryOperator<ConsumerRecord<byte[], byte[]>> decoder;

  /** Its decoder, then its reader of the topic (which starts the protocol), watching its match. */
  ConsumeAction(ConsumeSpec spec, KafkaComponents c, Action next) {
    super(spec.requestName(), c, next);
    this.spec = spec;
    this.decoder = Actions.decoder(c, spec.decode(), spec.topic());
    this.listener = Actions.listener(c, spec.requestName(), spec.topic(), spec.isolationLevel());
    Actions.watch(listener, spec.match().kind(), spec.match().headerName());
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    long start = components.clock().nowMillis();
    MatchKind kind = spec.match().kind();
    String header = spec.match().headerName();
    String expected = null;
    byte[] bytes = null;
    try {
      if (kind != MatchKind.PREDICATE) {
        expected = spec.match().expected().resolve(session);
        bytes = expected.getBytes(StandardCharsets.UTF_8);
      }
    } catch (RuntimeException e) {
      crash(session, spec.requestName(), e);
      return;
    }
    String key =
        switch (kind) {
          case KEY -> TopicListener.keyOf(bytes);
          case HEADER -> TopicListener.headerOf(header, bytes);
          case VALUE -> TopicListener.valueOf(bytes);
          case PREDICATE -> null;
        };
    String what =
        switch (kind) {
          case KEY -> "key '" + expected + "'";
          case HEADER -> "header " + header + "='" + expected + "'";
          case VALUE ->
              expected.length() <= 100
                  ? "value '" + expected + "'"
                  : "value '" + expected.substring(0, 100) + "...' (" + bytes.length + " bytes)";
          case PREDICATE -> "the predicate";
        };
    io.gatling.javaapi.core.Session javaSession = new io.gatling.javaapi.core.Session(session);
    // A predicate that throws on a record has not accepted it: other records on the topic may be
    // for this user. The last exception is kept for the timeout's reason, so it is not lost.
    AtomicReference<String> threw = new AtomicReference<>();
    AtomicLong predicateThrows = new AtomicLong();
    TopicListener.Waiter w =
        new TopicListener.Waiter(
            key,
            kind == MatchKind.VALUE ? bytes : null,
            spec.match().predicate() == null
                ? null
                : r -> {
                  try {
                    return Boolean.TRUE.equals(
                        spec.match().predicate().apply(javaSession, decoder.apply(r)));
                  } catch (Exception e) {
                    predicateThrows.incrementAndGet();
                    threw.set(reason(e));
                    return false;
                  }
                },
            (record, received) -> received(session, record, received),
            () ->
                ko(
                    session,
                    start,
                    // The exception first: Gatling's console shortens long messages.
                    (threw.get() == null
                            ? ""
                            : "the predicate threw %s (on %d record(s)); "
                                .formatted(threw.get(), predicateThrows.get()))
                        + "no record with %s on topic %s within %d ms"
                            .formatted(what, spec.topic(), spec.timeout().toMillis())),
            reason -> ko(session, start, reason));
    listener.await(w, spec.timeout().toMillis());
  }

  /** The matching record came: its end-to-end latency, Gatling's checks, then the user goes on. */
  private void received(Session session, ConsumerRecord<byte[], byte[]> record, long received) {
    long produced = producedAt(record);
    long start = Math.min(produced, received);
    components.ledger().consumes().endToEnd(spec.requestName(), (received - produced) * 1000);
    RecordChecks.Outcome checked = checked(record, session);
    String failure = checked.failure();
    logResult(session, spec.requestName(), start, received, failure);
    components
        .ledger()
        .read(spec.requestName(), record.headers(), start, received, failure == null);
    next.$bang(failure == null ? checked.session() : checked.session().markAsFailed());
  }

  /** No matching record: the user's KO, with why. */
  private void ko(Session session, long start, String reason) {
    logResult(session, spec.requestName(), start, components.clock().nowMillis(), reason);
    next.$bang(session.markAsFailed());
  }

  /** Gatling's checks on the record received, decoded as the predicates see it. */
  private RecordChecks.Outcome checked(ConsumerRecord<byte[], byte[]> record, Session session) {
    if (spec.checks().isEmpty()) {
      return new RecordChecks.Outcome(session, null);
    }
    try {
      return spec.checks().apply(decoder.apply(record), session);
    } catch (Exception e) { // the decoder's failure
      return new RecordChecks.Outcome(session, "a check threw " + TopicListener.describe(e));
    }
  }

  private long producedAt(ConsumerRecord<byte[], byte[]> r) {
    if (spec.producedAtHeader() != null) {
      var h = r.headers().lastHeader(spec.producedAtHeader());
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
