package kafkaload.internal.semantic.backlog;

import io.gatling.core.session.Session;
import kafkaload.internal.client.PacedSends;
import kafkaload.internal.client.RecordSender;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The backlog's producers: {@code rate} records a second of random bytes ({@link PacedSends})
 * through the protocol's producers (stamped with the run identity, counted in the delivery ledger,
 * so the reconciliation finds them), until stopped. Each ack is a Gatling request named by the
 * phase it was sent in: {@code "<name> send"} while the backlog builds, {@code "<name> send
 * catch-up"} once the group resumed.
 */
final class BacklogLoad {
  /** What an ack or a failure reports: the request name and its times, null for an OK. */
  interface Results {
    void result(String request, long start, long end, String koReason);
  }

  private final BacklogSpec spec;
  private final Session session;
  private final RecordSender buildSender;
  private final RecordSender catchUpSender;
  private final BacklogCounters counters;
  private final Results results;
  private final byte[] value;
  private final PacedSends sends;
  private volatile boolean catchingUp;

  BacklogLoad(
      BacklogSpec spec,
      Session session,
      RecordSender buildSender,
      RecordSender catchUpSender,
      BacklogCounters counters,
      Results results) {
    this.spec = spec;
    this.session = session;
    this.buildSender = buildSender;
    this.catchUpSender = catchUpSender;
    this.counters = counters;
    this.results = results;
    this.value = PacedSends.randomValue(spec.recordSize());
    this.sends = new PacedSends("kafkaload-backlog-producer", spec.ratePerSec(), this::sendOne);
  }

  static String sendName(String request, boolean catchingUp) {
    return request + (catchingUp ? " send catch-up" : " send");
  }

  void start() {
    sends.start();
  }

  /** From now on the sends are the catch-up's. */
  void catchingUp() {
    catchingUp = true;
  }

  /** Stops sending; records in flight still report their acks. */
  void stop() {
    sends.stop();
  }

  private void sendOne() {
    boolean phase = catchingUp;
    String name = sendName(spec.requestName(), phase);
    counters.sent();
    (phase ? catchUpSender : buildSender)
        .send(
            session,
            new ProducerRecord<>(spec.topic(), null, null, value),
            System.nanoTime(),
            (startMs, endMs, error) -> {
              if (error == null) {
                counters.acked(phase, (endMs - startMs) * 1000);
              } else {
                counters.failed();
              }
              results.result(
                  name, startMs, endMs, error == null ? null : BacklogAction.reason(error));
            });
  }
}
