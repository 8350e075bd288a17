package kafkaload.internal.semantic.capacity;

import io.gatling.core.session.Session;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.action.SendSpec;
import kafkaload.internal.client.RecordSender;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends a plateau's records at its rate, open-model: record i is due at {@code start + i / rate}
 * whether or not earlier ones were acked; a pacer that falls behind sends what is due at once and
 * records how late (publish delay). What is not sent by the plateau's end is not sent: the
 * shortfall shows in the achieved rate.
 *
 * @param maxBytesInFlight at most this many bytes of a plateau's records in flight: the producer's
 *     buffer.memory. Beyond it a send would wait for buffer space on the blocking-sender thread,
 *     whose queue has no bound: an overshooting plateau would pile up records in the injector's
 *     heap (a saturated injector's GC stalls then spoil the plateaus after it). A send not made
 *     counts against the achieved rate.
 */
record Pacer(SendSpec send, Session session, Results results, long maxBytesInFlight) {
  /** Checked every this many sends of a catch-up burst, so a late pacer still stops on time. */
  private static final int CLOCK_EVERY = 64;

  interface Results {
    /** One record's outcome; {@code koReason} null when acked. */
    void result(PlateauRun run, long startMs, long endMs, String koReason);
  }

  /** Runs the plateau's window on the calling thread, through {@code sender}, unless stopped. */
  void run(PlateauRun run, RecordSender sender, BooleanSupplier stopped) {
    double perNano = run.rate / 1e9;
    long start = System.nanoTime();
    run.started(start);
    long end = run.windowEndNanos();
    long i = 0;
    while (!stopped.getAsBoolean()) {
      long now = System.nanoTime();
      if (now >= end) {
        return;
      }
      long due = (long) ((now - start) * perNano) + 1;
      while (i < due) {
        long intended = start + (long) (i / perNano);
        if (intended >= end || (i % CLOCK_EVERY == 0 && System.nanoTime() >= end)) {
          return;
        }
        sendOne(run, sender, intended);
        i++;
      }
      long wait = Math.min(start + (long) Math.ceil(i / perNano), end) - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(Math.min(wait, 1_000_000));
      }
    }
  }

  private void sendOne(PlateauRun run, RecordSender sender, long intendedNanos) {
    ProducerRecord<byte[], byte[]> record;
    try {
      record = send.record(session);
    } catch (RuntimeException e) {
      run.sent(0);
      run.completed(0, 0, KafkaAction.reason(e));
      return;
    }
    long size =
        (record.key() == null ? 0 : record.key().length)
            + (record.value() == null ? 0 : record.value().length);
    if (run.outstanding() * Math.max(1, size) >= maxBytesInFlight) {
      run.skipped.increment();
      return;
    }
    long startNanos = System.nanoTime();
    run.publishDelay.recordValue(Math.max(0, (startNanos - intendedNanos) / 1000));
    run.sent(size);
    sender.send(
        session,
        record,
        intendedNanos,
        (startMs, endMs, exception) -> {
          String ko = exception == null ? null : KafkaAction.reason(exception);
          run.completed(startNanos, System.nanoTime(), ko);
          results.result(run, startMs, endMs, ko);
        });
  }
}
