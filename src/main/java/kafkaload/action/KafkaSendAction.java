package kafkaload.action;

import com.typesafe.scalalogging.Logger;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.core.action.Action;
import io.gatling.core.controller.throttle.Throttler$Command$ThrottledRequest;
import io.gatling.core.session.Session;
import java.util.List;
import kafkaload.protocol.KafkaComponents;
import kafkaload.protocol.ProducerHandle;
import kafkaload.protocol.SendStats;
import kafkaload.verification.RunIdentity;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.slf4j.LoggerFactory;
import scala.Option;
import scala.runtime.BoxedUnit;

/**
 * Sends one record and, unless fire-and-forget, records its response time from the call to producer.send to the
 * broker's acknowledgement callback, then passes the user on. The user never blocks Gatling's event loop: a send
 * that could block (unknown topic metadata, a nearly full buffer, a producer still to be created) runs on the
 * protocol's blocking-sender thread instead, and its time there is part of the measured latency.
 */
public final class KafkaSendAction implements Action {
  private static final Logger LOGGER = Logger.apply(LoggerFactory.getLogger(KafkaSendAction.class));
  /** Bytes a record costs in the producer buffer beyond key, value and headers (record and batch framing). */
  private static final int RECORD_OVERHEAD = 70;

  private final SendSpec spec;
  private final KafkaComponents components;
  private final Action next;
  private final SendStats stats;
  private final boolean throttled;
  private final Recorder ackLatency;

  KafkaSendAction(SendSpec spec, KafkaComponents components, Action next, boolean throttled) {
    this.spec = spec;
    this.components = components;
    this.next = next;
    this.stats = components.stats();
    this.throttled = throttled && components.throttler() != null;
    this.ackLatency = stats.ackLatency(spec.requestName());
  }

  @Override
  public String name() {
    return spec.requestName();
  }

  @Override
  public Logger logger() {
    return LOGGER;
  }

  @Override
  public void com$typesafe$scalalogging$StrictLogging$_setter_$logger_$eq(Logger logger) {
    // the logger is fixed above
  }

  @Override
  public void execute(Session session) {
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
      // Nothing was sent: Gatling's convention for a request that could not be built.
      String reason = e instanceof SessionValue.Unresolved ? e.getMessage() : reason(e);
      components.statsEngine().logRequestCrash(session.scenario(), session.groups(), spec.requestName(), reason);
      next.$bang(session.markAsFailed());
      return;
    }
    RunIdentity identity = components.identity();
    if (identity != null) {
      record.headers().add(RunIdentity.RUN_HEADER, identity.runIdBytes());
      long user = session.userId();
      record.headers().add(RunIdentity.SEQ_HEADER, RunIdentity.userSequence(user, components.nextSequence(user)));
    }
    long size = sizeOf(record);
    long start = components.clock().nowMillis();
    ProducerHandle handle = components.producers().forUser(session.userId());
    if (handle != null && handle.canSendWithoutBlocking(record.topic())) {
      doSend(handle, record, size, session, start, intendedNanos);
    } else {
      stats.offloaded.increment();
      components.blockingSender().execute(() -> {
        ProducerHandle h = handle;
        try {
          if (h == null) {
            h = components.producers().createForUser(session.userId());
          }
        } catch (RuntimeException e) {
          complete(session, start, components.clock().nowMillis(), e);
          return;
        }
        doSend(h, record, size, session, start, intendedNanos);
      });
    }
  }

  private void doSend(ProducerHandle handle, ProducerRecord<byte[], byte[]> record, long size, Session session,
      long start, long intendedNanos) {
    stats.inFlight.incrementAndGet();
    handle.buffered(size);
    long t0 = System.nanoTime();
    stats.publishDelayMicros.recordValue(Math.max(0, (t0 - intendedNanos) / 1000));
    try {
      handle.producer().send(record, (metadata, exception) -> {
        // This runs on the producer's single I/O thread: take the time, then leave the rest to the user's event loop.
        long end = components.clock().nowMillis();
        long ackedNanos = System.nanoTime();
        handle.buffered(-size);
        stats.inFlight.decrementAndGet();
        if (exception == null) {
          handle.topicKnown(record.topic());
          long bytes = Math.max(0, metadata.serializedKeySize()) + Math.max(0, metadata.serializedValueSize());
          stats.partitions.acked(record.topic(), metadata.partition(), bytes);
          stats.ackedBytes.add(bytes);
          if (!spec.fireAndForget()) {
            ackLatency.recordValue((ackedNanos - t0) / 1000);
          }
        }
        if (spec.fireAndForget()) {
          if (exception != null) {
            stats.failed.increment();
            log(session, spec.requestName() + " ack failure", start, end, exception);
          } else {
            stats.acked.increment();
          }
        } else {
          session.eventLoop().execute(() -> complete(session, start, end, exception));
        }
      });
    } catch (RuntimeException e) {
      // send() itself threw (closed producer, interrupted wait); the callback will not run.
      handle.buffered(-size);
      stats.inFlight.decrementAndGet();
      complete(session, start, components.clock().nowMillis(), e);
      return;
    } finally {
      stats.blocked(System.nanoTime() - t0);
    }
    if (spec.fireAndForget()) {
      long end = components.clock().nowMillis();
      components.statsEngine().logResponse(session.scenario(), session.groups(), spec.requestName(), start, end,
          OK$.MODULE$, Option.empty(), Option.empty());
      next.$bang(session);
    }
  }

  private void complete(Session session, long start, long end, Exception exception) {
    if (exception == null) {
      stats.acked.increment();
    } else {
      stats.failed.increment();
    }
    log(session, spec.requestName(), start, end, exception);
    next.$bang(exception == null ? session : session.markAsFailed());
  }

  private void log(Session session, String requestName, long start, long end, Exception exception) {
    Status status = exception == null ? OK$.MODULE$ : KO$.MODULE$;
    Option<String> message = exception == null ? Option.empty() : Option.apply(reason(exception));
    components.statsEngine().logResponse(session.scenario(), session.groups(), requestName, start, end, status,
        Option.empty(), message);
  }

  /** The KO reason: the exception's class and message, for example "RecordTooLargeException: The message is ...". */
  static String reason(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && (t.getMessage() == null || t instanceof java.util.concurrent.ExecutionException)) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }

  private static long sizeOf(ProducerRecord<byte[], byte[]> r) {
    long size = RECORD_OVERHEAD;
    if (r.key() != null) {
      size += r.key().length;
    }
    if (r.value() != null) {
      size += r.value().length;
    }
    for (Header h : r.headers()) {
      size += h.key().length() + (h.value() == null ? 0 : h.value().length);
    }
    return size;
  }

  static List<Header> headers(List<SendSpec.HeaderSpec> specs, Session session) {
    List<Header> out = new java.util.ArrayList<>(specs.size());
    for (SendSpec.HeaderSpec h : specs) {
      out.add(new RecordHeader(h.name(), h.value().resolve(session)));
    }
    return out;
  }
}
