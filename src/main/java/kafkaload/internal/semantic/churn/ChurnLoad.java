package kafkaload.internal.semantic.churn;

import io.gatling.core.session.Session;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.client.PacedSends;
import kafkaload.internal.client.RecordSender;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A round's producers: {@code rate} records a second of random bytes ({@link PacedSends}) through
 * the protocol's producers (stamped and counted in the delivery ledger like every send of the run),
 * until stopped. Each ack is a Gatling request, {@code "<name> send"}.
 */
final class ChurnLoad {
  /** What an ack or a failure reports: its times, null for an OK. */
  interface Results {
    void result(long start, long end, String koReason);
  }

  private final String topic;
  private final Session session;
  private final RecordSender sender;
  private final Results results;
  private final byte[] value;
  private final PacedSends sends;
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong answered = new AtomicLong();

  /** Each acknowledged record's ack time (epoch ms), in the order answered: the lag's input. */
  private long[] acked = new long[1024];

  private int ackedCount;

  ChurnLoad(
      String topic,
      int ratePerSec,
      int recordSize,
      Session session,
      RecordSender sender,
      Results results) {
    this.topic = topic;
    this.session = session;
    this.sender = sender;
    this.results = results;
    this.value = PacedSends.randomValue(recordSize);
    this.sends = new PacedSends("kafkaload-churn-producer", ratePerSec, this::sendOne);
  }

  void start() {
    sends.start();
  }

  /** Stops sending and waits up to {@code waitMs} for the records in flight to be answered. */
  void stop(long waitMs) throws InterruptedException {
    sends.stop();
    long deadline = System.currentTimeMillis() + waitMs;
    while (answered.get() < sent.get() && System.currentTimeMillis() < deadline) {
      Thread.sleep(20);
    }
  }

  long sent() {
    return sent.get();
  }

  private synchronized void ack(long atMillis) {
    if (ackedCount == acked.length) {
      acked = java.util.Arrays.copyOf(acked, acked.length * 2);
    }
    acked[ackedCount++] = atMillis;
  }

  /** The ack times so far (epoch ms). */
  synchronized long[] acked() {
    return java.util.Arrays.copyOf(acked, ackedCount);
  }

  private void sendOne() {
    sent.incrementAndGet();
    sender.send(
        session,
        new ProducerRecord<>(topic, null, null, value),
        System.nanoTime(),
        (startMs, endMs, error) -> {
          if (error == null) {
            ack(endMs);
          }
          answered.incrementAndGet();
          results.result(startMs, endMs, error == null ? null : String.valueOf(error));
        });
  }
}
