package kafkaload.internal.semantic.subscription;

import java.time.Duration;
import java.util.List;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer of a subscription's group, on a thread of its own: subscribes to the topic, reads
 * until stopped, each record of this run counted by its run-wide sequence and timed from its
 * timestamp (the producer's send time) to its receipt; commits as it goes (auto-commit, so the lag
 * monitor sees the group) and once more when stopped.
 */
final class SubscriptionConsumer implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(SubscriptionConsumer.class);

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final SubscriptionCounters.One sub;
  private final byte[] runId;
  private final long timedFromMillis;
  private final Thread thread;
  private final boolean commitEachPoll;
  private final RunLedger ledger;
  private volatile boolean reading = true;
  private volatile String failure;

  SubscriptionConsumer(
      KafkaConsumer<byte[], byte[]> consumer,
      SubscriptionCounters.One sub,
      long timedFromMillis,
      String threadName,
      boolean commitEachPoll,
      RunLedger ledger) {
    this.commitEachPoll = commitEachPoll;
    this.ledger = ledger;
    this.consumer = consumer;
    this.sub = sub;
    this.runId = ledger.identity().runIdBytes();
    this.timedFromMillis = timedFromMillis;
    this.thread = Daemons.thread(threadName, this);
  }

  void start() {
    thread.start();
  }

  /** Stops reading (within a poll), commits and closes the consumer. */
  void stop() {
    reading = false;
    try {
      thread.join(15_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Why it stopped before it was asked to; null when it did not. */
  String failure() {
    return failure;
  }

  @Override
  public void run() {
    try (consumer) {
      consumer.subscribe(List.of(sub.topic()));
      while (reading) {
        var records = consumer.poll(Duration.ofMillis(100));
        for (ConsumerRecord<byte[], byte[]> r : records) {
          read(r, System.currentTimeMillis());
        }
        if (commitEachPoll && !records.isEmpty()) {
          consumer.commitAsync();
        }
      }
      consumer.commitSync(Duration.ofSeconds(10));
    } catch (RuntimeException e) {
      failure = e.getClass().getSimpleName() + ": " + e.getMessage();
      LOG.warn("subscription '{}': a consumer stopped: {}", sub.group(), e.toString());
    }
  }

  private void read(ConsumerRecord<byte[], byte[]> r, long now) {
    long seq = RunIdentity.sequence(r.headers(), runId);
    if (seq < 0) {
      sub.otherRun();
      return;
    }
    long e2e = r.timestamp() >= timedFromMillis ? Math.max(0, now - r.timestamp()) * 1000 : -1;
    sub.read(seq, e2e, now);
    ledger.consumed(e2e);
  }
}
