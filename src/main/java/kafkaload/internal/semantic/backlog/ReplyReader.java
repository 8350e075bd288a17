package kafkaload.internal.semantic.backlog;

import java.time.Duration;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.Daemons;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Reads the reply topic from its end during the catch-up: each reply to a request written since the
 * backlog started ({@code sinceMillis}) is one end-to-end latency, from the request's timestamp
 * (which the system under test keeps, as the echo service does) to the reply's arrival here.
 */
final class ReplyReader implements Runnable {
  /** One reply's end-to-end latency: the request's timestamp and the arrival, epoch ms. */
  interface Latency {
    void reply(long requestMillis, long arrivalMillis);
  }

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final long sinceMillis;
  private final Latency latency;
  private final Thread thread;
  private volatile boolean counting;

  /** Assigns every partition of {@code topic} at its end, now. */
  ReplyReader(ConsumerFactory factory, String topic, long sinceMillis, Latency latency) {
    this.consumer = factory.create();
    // the end, taken now, before any reply of the backlog
    ConsumerFactory.assignAtEnd(consumer, consumer.partitionsFor(topic, Duration.ofSeconds(30)));
    this.sinceMillis = sinceMillis;
    this.latency = latency;
    this.thread = Daemons.thread("kafkaload-backlog-replies", this);
  }

  void start() {
    counting = true;
    thread.start();
  }

  /** Stops reading and closes the consumer. */
  void stop() {
    counting = false;
    consumer.wakeup();
    try {
      thread.join(5_000); // an interrupt is kept for the caller
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void run() {
    try (consumer) {
      while (counting) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          long now = System.currentTimeMillis();
          if (counting && r.timestamp() >= sinceMillis) {
            latency.reply(r.timestamp(), now);
          }
        }
      }
    } catch (WakeupException e) {
      // stopped
    } catch (RuntimeException e) {
      BacklogAction.LOG.warn("backlog: the reply reader stopped: {}", e.toString());
    }
  }
}
