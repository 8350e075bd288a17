package kafkaload.action;

import io.gatling.core.action.Action;
import io.gatling.core.controller.throttle.Throttler$Command$ThrottledRequest;
import io.gatling.core.session.Session;
import kafkaload.client.RecordSender;
import kafkaload.protocol.KafkaComponents;
import org.apache.kafka.clients.producer.ProducerRecord;
import scala.runtime.BoxedUnit;

/**
 * Sends one record and, unless fire-and-forget, records its response time from the call to producer.send to the
 * broker's acknowledgement callback, then passes the user on. The user never blocks Gatling's event loop: a send
 * that could block (unknown topic metadata, a nearly full buffer, a producer still to be created) runs on the
 * protocol's blocking-sender thread instead, and its time there is part of the measured latency.
 */
final class KafkaSendAction extends KafkaAction {

  private final SendSpec spec;
  private final boolean throttled;
  private final RecordSender sender;

  KafkaSendAction(SendSpec spec, KafkaComponents components, Action next, boolean throttled) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.throttled = throttled && components.throttler() != null;
    // Fire-and-forget sends are not ack-timed: their acks are counted, but stay out of the ack-latency figures.
    this.sender = components.sender(components.stats().requestAcks(spec.requestName(), !spec.fireAndForget()));
  }

  @Override
  public void execute(Session session) {
    // Publish delay runs from here to producer.send: the throttler's queue, building the record, the wait for the
    // blocking-sender thread. How late the event loop ran this very call is the event-loop delay (InjectorHealth).
    long intended = System.nanoTime();
    if (throttled) {
      components.throttler().$bang(new Throttler$Command$ThrottledRequest(session.scenario(), () -> {
        send(session, intended);
        return BoxedUnit.UNIT;
      }));
    } else {
      send(session, intended);
    }
  }

  private void send(Session session, long intendedNanos) {
    ProducerRecord<byte[], byte[]> record;
    try {
      record = spec.record(session);
    } catch (RuntimeException e) {
      if (!koIfSchemaFailure(session, spec.requestName(), e)) {
        crash(session, spec.requestName(), e); // nothing was sent
      }
      return;
    }
    sender.send(session, record, intendedNanos, spec.fireAndForget() ? new RecordSender.Listener() {
      // Whichever comes first decides: buffered (the user goes on, OK) or a failure before the record was buffered
      // (send() threw, or failed at once, e.g. a record too large): then the user goes on marked failed.
      private final java.util.concurrent.atomic.AtomicBoolean decided = new java.util.concurrent.atomic.AtomicBoolean();

      @Override
      public void buffered(long start) {
        if (decided.compareAndSet(false, true)) {
          log(session, spec.requestName(), start, components.clock().nowMillis(), null);
          next.$bang(session);
        }
      }

      @Override
      public void completed(long start, long end, Exception exception) {
        if (exception == null) {
          return;
        }
        if (decided.compareAndSet(false, true)) {
          session.eventLoop().execute(() -> {
            log(session, spec.requestName(), start, end, exception);
            next.$bang(session.markAsFailed());
          });
        } else {
          log(session, spec.requestName() + " ack failure", start, end, exception);
        }
      }
    } : (start, end, exception) -> session.eventLoop().execute(() -> {
      log(session, spec.requestName(), start, end, exception);
      next.$bang(exception == null ? session : session.markAsFailed());
    }));
  }

  private void log(Session session, String requestName, long start, long end, Exception exception) {
    logResult(session, requestName, start, end, exception == null ? null : reason(exception));
  }
}
