package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.controller.throttle.Throttler$Command$ThrottledRequest;
import io.gatling.core.session.Session;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import kafkaload.internal.client.RecordSender;
import kafkaload.internal.protocol.KafkaComponents;
import org.apache.kafka.clients.producer.ProducerRecord;
import scala.runtime.BoxedUnit;

/**
 * Sends one record (or a burst of them, {@code burst(n)}) and, unless fire-and-forget, records each
 * one's response time from the call to producer.send to the broker's acknowledgement callback, then
 * passes the user on once all are acked or failed. The user never blocks Gatling's event loop: a
 * send that could block (unknown topic metadata, a nearly full buffer, a producer still to be
 * created) runs on the protocol's blocking-sender thread instead, and its time there is part of the
 * measured latency.
 */
final class KafkaSendAction extends KafkaAction {

  private final SendSpec spec;
  private final boolean throttled;
  private final RecordSender sender;

  KafkaSendAction(SendSpec spec, KafkaComponents components, Action next, boolean throttled) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.throttled = throttled && components.throttler() != null;
    // Fire-and-forget sends are not ack-timed: their acks are counted, but stay out of the
    // ack-latency figures.
    this.sender =
        components.sender(
            components.ledger().delivery().requestAcks(spec.requestName(), !spec.fireAndForget()));
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    // Publish delay runs from here to producer.send: the throttler's queue, building the record,
    // the wait for the
    // blocking-sender thread. How late the event loop ran this very call is the event-loop delay
    // (InjectorHealth).
    long intended = System.nanoTime();
    if (throttled) {
      components
          .throttler()
          .$bang(
              new Throttler$Command$ThrottledRequest(
                  session.scenario(),
                  () -> {
                    send(session, intended);
                    return BoxedUnit.UNIT;
                  }));
    } else {
      send(session, intended);
    }
  }

  private void send(Session session, long intendedNanos) {
    int n = spec.burst();
    Burst burst = new Burst(session, n);
    for (int i = 0; i < n; i++) {
      ProducerRecord<byte[], byte[]> record;
      try {
        record = spec.record(session);
      } catch (RuntimeException e) {
        // Nothing more of this burst is sent: the records not built count as done, and the user
        // goes on failed.
        if (!logSchemaFailure(session, spec.requestName(), e)) {
          logCrash(session, spec.requestName(), e);
        }
        burst.done(n - i, false);
        return;
      }
      sender.send(
          session,
          record,
          intendedNanos,
          spec.fireAndForget()
              ? fireAndForget(session, burst)
              : (start, end, exception) -> {
                // The producer's I/O thread: the result is logged here (Gatling's stats engine only
                // enqueues it); only the burst's last record hands the user back to its event loop.
                burst.log(spec.requestName(), start, end, exception);
                burst.done(1, exception == null);
              });
    }
  }

  /**
   * The records a user sent in one execution: when the last is acked or failed (buffered, for
   * fire-and-forget), the user goes on, marked failed if any of them failed. Its scenario and
   * groups are read once for all its records' results.
   */
  private final class Burst {
    private final Session session;
    private final String scenario;
    private final scala.collection.immutable.List<String> groups;
    private final AtomicInteger pending;
    private volatile boolean failed;

    Burst(Session session, int records) {
      this.session = session;
      this.scenario = session.scenario();
      this.groups = session.groups();
      this.pending = new AtomicInteger(records);
    }

    void log(String requestName, long start, long end, Exception exception) {
      logResult(
          scenario, groups, requestName, start, end, exception == null ? null : reason(exception));
    }

    void done(int records, boolean ok) {
      if (!ok) {
        failed = true;
      }
      if (pending.addAndGet(-records) == 0) {
        next.$bang(failed ? session.markAsFailed() : session);
      }
    }
  }

  /**
   * Whichever comes first decides for each record: buffered (OK) or a failure before the record was
   * buffered (send() threw, or failed at once, e.g. a record too large): a KO. A later ack failure
   * is a KO of "name ack failure".
   */
  private RecordSender.Listener fireAndForget(Session session, Burst burst) {
    return new RecordSender.Listener() {
      private final AtomicBoolean decided = new AtomicBoolean();

      @Override
      public void buffered(long start) {
        if (decided.compareAndSet(false, true)) {
          burst.log(spec.requestName(), start, components.clock().nowMillis(), null);
          burst.done(1, true);
        }
      }

      @Override
      public void completed(long start, long end, Exception exception) {
        if (exception == null) {
          return;
        }
        if (decided.compareAndSet(false, true)) {
          burst.log(spec.requestName(), start, end, exception);
          burst.done(1, false);
        } else {
          burst.log(spec.requestName() + " ack failure", start, end, exception);
        }
      }
    };
  }
}
