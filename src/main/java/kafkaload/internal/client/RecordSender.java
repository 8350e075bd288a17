package kafkaload.internal.client;

import io.gatling.commons.util.Clock;
import io.gatling.core.session.Session;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.OffsetBaselines;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.header.Header;

/**
 * Sends one record for a virtual user without ever blocking Gatling's event loop: a send that could
 * block (unknown topic metadata, a nearly full buffer, a producer still to be created) runs on the
 * protocol's blocking-sender thread instead, and its wait there is part of its latency. The first
 * send to a topic also waits there for the topic's end offsets to be taken, for the reconciliation.
 * Stamps the run identity, then the semantics' own headers (the ledger's taps), and keeps the
 * counters.
 */
public final class RecordSender {
  /**
   * Bytes a record costs in the producer buffer beyond key, value and headers (record and batch
   * framing).
   */
  private static final int RECORD_OVERHEAD = 70;

  /** What happens to a record; callbacks run on the producer's I/O thread or the sending thread. */
  public interface Listener {
    /** send() returned: the record is in the producer's buffer. */
    default void buffered(long startMillis) {}

    /** The broker acknowledged the record (exception null) or it failed. */
    void completed(long startMillis, long endMillis, Exception exception);
  }

  private final ProducerPool producers;
  private final RunLedger ledger;
  private final Clock clock;
  private final DeliveryLedger.RequestAcks acks;

  /**
   * Sends that could block run on the executor of the ledger's {@link OffsetBaselines} (the
   * blocking-sender thread); {@code acks}: where this request's acks are counted and timed, null
   * when the action times them itself.
   */
  public RecordSender(
      ProducerPool producers, RunLedger ledger, Clock clock, DeliveryLedger.RequestAcks acks) {
    this.producers = producers;
    this.ledger = ledger;
    this.clock = clock;
    this.acks = acks;
  }

  /** One record on its way: what the callbacks need to count, time and report it. */
  private record Outgoing(
      ProducerRecord<byte[], byte[]> record,
      long start,
      long intendedNanos,
      long seq,
      Listener listener) {}

  public void send(
      Session session,
      ProducerRecord<byte[], byte[]> record,
      long intendedNanos,
      Listener listener) {
    Outgoing out = stamp(session, record, intendedNanos, listener);
    ProducerHandle handle = producers.forUser(session.userId());
    OffsetBaselines baselines = ledger.baselines();
    if (handle != null
        && handle.canSendWithoutBlocking(record.topic())
        && baselines.ready(record.topic())) {
      doSend(handle, out);
    } else {
      ledger.sendPath().offloaded();
      // Runs once the topic's offset snapshot is taken (at once for a known topic), on the
      // blocking-sender thread.
      baselines.afterBaseline(
          record.topic(),
          error -> {
            if (error != null) {
              failed(out, error instanceof Exception x ? x : new RuntimeException(error), false);
              return;
            }
            ProducerHandle h;
            try {
              h = handle != null ? handle : producers.createForUser(session.userId());
            } catch (RuntimeException e) {
              failed(out, e, false);
              return;
            }
            doSend(h, out);
          });
    }
  }

  /**
   * Sends one record of a transaction through {@code handle}, the producer the transaction holds;
   * blocks (for the topic's offset baseline, for metadata): call off the event loop only, as
   * transactions run. Returns the record's run-wide sequence (-1 without run identity).
   */
  public long sendInTransaction(
      ProducerHandle handle,
      Session session,
      ProducerRecord<byte[], byte[]> record,
      long intendedNanos,
      long baselineTimeoutMs,
      Listener listener) {
    Outgoing out = stamp(session, record, intendedNanos, listener);
    try {
      ledger.baselines().of(record.topic()).get(baselineTimeoutMs, TimeUnit.MILLISECONDS);
      doSend(handle, out);
    } catch (ExecutionException e) {
      failed(
          out, e.getCause() instanceof Exception x ? x : new RuntimeException(e.getCause()), false);
    } catch (TimeoutException e) {
      failed(out, e, false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failed(out, e, false);
    }
    return out.seq();
  }

  /** The record stamped with the run identity and the taps' headers, ready to send. */
  private Outgoing stamp(
      Session session,
      ProducerRecord<byte[], byte[]> record,
      long intendedNanos,
      Listener listener) {
    RunIdentity identity = ledger.identity();
    long user = session.userId();
    long seq = -1;
    if (identity != null) {
      seq = ledger.nextSequence();
      record.headers().add(RunIdentity.RUN_HEADER, identity.runIdBytes());
      record
          .headers()
          .add(RunIdentity.SEQ_HEADER, RunIdentity.userSequence(ledger.identityUser(user), seq));
    }
    ledger.stamp(record.headers());
    return new Outgoing(record, clock.nowMillis(), intendedNanos, seq, listener);
  }

  /**
   * A send that is KO: counted, its identity noted for the reconciliation, and reported to the
   * listener; {@code wasSent}: it had been handed to the producer.
   */
  private void failed(Outgoing out, Exception e, boolean wasSent) {
    ledger.delivery().failed(out.seq(), wasSent);
    out.listener().completed(out.start(), clock.nowMillis(), e);
  }

  private void doSend(ProducerHandle handle, Outgoing out) {
    ProducerRecord<byte[], byte[]> record = out.record();
    Exception outOfRange = partitionOutOfRange(handle, record);
    if (outOfRange != null) {
      failed(out, outOfRange, false);
      return;
    }
    long size = sizeOf(record);
    ledger.delivery().sent();
    ledger.sent(record.key(), record.value());
    handle.buffered(size);
    long t0 = System.nanoTime();
    long delayMicros = (t0 - out.intendedNanos()) / 1000;
    ledger.sendPath().publishDelayed(delayMicros);
    ledger.publishDelayed(delayMicros);
    try {
      handle
          .producer()
          .send(
              record,
              (metadata, exception) -> {
                // The producer's single I/O thread: count and time, and leave the rest to the
                // listener.
                long end = clock.nowMillis();
                long ackedNanos = System.nanoTime();
                handle.buffered(-size);
                if (exception == null) {
                  handle.topicKnown(record.topic());
                  long bytes =
                      Math.max(0, metadata.serializedKeySize())
                          + Math.max(0, metadata.serializedValueSize());
                  long latencyMicros = (ackedNanos - t0) / 1000;
                  ledger
                      .delivery()
                      .acked(acks, record.topic(), metadata.partition(), bytes, end, latencyMicros);
                  ledger.ackedAfter(latencyMicros);
                  out.listener().completed(out.start(), end, null);
                } else {
                  if (exception instanceof RetriableException) {
                    handle.topicInDoubt(record.topic());
                  }
                  failed(out, exception, true);
                }
                ledger.answered(
                    record.topic(),
                    metadata == null ? -1 : metadata.partition(),
                    out.start(),
                    end,
                    exception);
              });
    } catch (RuntimeException e) {
      // send() itself threw (closed producer, interrupted wait); the callback will not run.
      handle.buffered(-size);
      failed(out, e, true);
      return;
    } finally {
      ledger.sendPath().blocked(System.nanoTime() - t0);
    }
    out.listener().buffered(out.start());
  }

  /**
   * An explicit partition the topic does not have: send() would wait max.block.ms for it to appear
   * (on the event loop, for a known topic), so it fails at once. The topic's metadata is cached by
   * then on the event loop's path.
   */
  private static Exception partitionOutOfRange(
      ProducerHandle handle, ProducerRecord<byte[], byte[]> record) {
    Integer partition = record.partition();
    if (partition == null) {
      return null;
    }
    int count;
    try {
      count = handle.producer().partitionsFor(record.topic()).size();
    } catch (RuntimeException e) {
      return e; // the send would fail the same way: no metadata within max.block.ms, not
      // authorized, ...
    }
    return partition >= 0 && partition < count
        ? null
        : new IllegalArgumentException(
            "partition %s does not exist: topic '%s' has %s partitions (0 to %s)"
                .formatted(partition, record.topic(), count, (count - 1)));
  }

  private static long sizeOf(ProducerRecord<byte[], byte[]> r) {
    long size = RECORD_OVERHEAD + length(r.key()) + length(r.value());
    for (Header h : r.headers()) {
      size += h.key().length() + length(h.value());
    }
    return size;
  }

  private static int length(byte[] bytes) {
    return bytes == null ? 0 : bytes.length;
  }
}
