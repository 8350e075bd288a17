package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.controller.throttle.Throttler$Command$ThrottledRequest;
import io.gatling.core.session.Session;
import io.netty.channel.EventLoop;
import java.util.concurrent.RejectedExecutionException;
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
        logBuildFailure(session, spec.requestName(), e);
        burst.finish(n - i, false);
        return;
      }
      sender.send(
          session,
          record,
          intendedNanos,
          spec.fireAndForget() ? fireAndForget(session, burst) : burst::result);
    }
  }

  /**
   * The records a user sent in one execution. Each result is kept as it comes in (on the producer's
   * I/O thread); once the last is in, the user's event loop hands them all to Gatling's stats and
   * passes the user on, marked failed if any failed. Handed over together, right before the user's
   * next action (its exit, in an open model), they wake Gatling's stats actors with that action
   * rather than once per ack, and the I/O thread only keeps them. Their times are the acks'.
   */
  private final class Burst implements Runnable {
    private final Session session;

    /** Start and end (epoch ms) of the i-th result in at 2i and 2i+1. */
    private final long[] times;

    private final Exception[] errors;
    private final AtomicInteger filled = new AtomicInteger();
    private final AtomicInteger pending;
    private volatile boolean failed;

    Burst(Session session, int records) {
      this.session = session;
      this.times = new long[2 * records];
      this.errors = new Exception[records];
      this.pending = new AtomicInteger(records);
    }

    /** One record's result: acked (exception null) or failed. */
    void result(long start, long end, Exception exception) {
      int i = filled.getAndIncrement();
      times[2 * i] = start;
      times[2 * i + 1] = end;
      errors[i] = exception;
      finish(1, exception == null);
    }

    /**
     * {@code records} more of the burst are done: with their result kept, or never built. The
     * decrement publishes what was kept before it to whichever thread sees the count reach zero.
     */
    void finish(int records, boolean ok) {
      if (!ok) {
        failed = true;
      }
      if (pending.addAndGet(-records) == 0) {
        EventLoop loop = session.eventLoop();
        if (loop.inEventLoop() || loop.isShutdown()) {
          run(); // a loop shut down: the run is over, and Gatling drops the user anyway
        } else {
          try {
            loop.execute(this);
          } catch (RejectedExecutionException e) {
            run(); // shut down since the check above
          }
        }
      }
    }

    /** On the user's event loop: the results to Gatling's stats, then the user on. */
    @Override
    public void run() {
      int n = filled.get();
      for (int i = 0; i < n; i++) {
        Exception e = errors[i];
        logResult(
            session,
            spec.requestName(),
            times[2 * i],
            times[2 * i + 1],
            e == null ? null : reason(e),
            spec.silent());
      }
      next.$bang(failed ? session.markAsFailed() : session);
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
          burst.result(start, components.clock().nowMillis(), null);
        }
      }

      @Override
      public void completed(long start, long end, Exception exception) {
        if (exception != null && decided.compareAndSet(false, true)) {
          burst.result(start, end, exception);
        } else if (exception != null) {
          logResult(
              burst.session, spec.requestName() + " ack failure", start, end, reason(exception));
        }
      }
    };
  }
}
