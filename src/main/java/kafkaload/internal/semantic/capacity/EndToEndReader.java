package kafkaload.internal.semantic.capacity;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.Daemons;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.utils.Utils;

/**
 * The search's end-to-end consumer (capacity.e2eP99Ms): reads every partition of the searched topic
 * from its end, with no group (so it is never a group under test), and measures each record from
 * its timestamp (the producer's send time) to its arrival. A rate the producers sustain but a
 * consumer cannot read promptly is not sustained. It runs on one injector (the first): each record
 * is read once.
 */
final class EndToEndReader implements AutoCloseable {
  /**
   * What the reader saw of a plateau.
   *
   * @param latency arrival minus timestamp, µs, of the records read since the plateau began; a
   *     record still unread when judged counts at the time waited for it
   * @param behind records not yet read when the plateau was judged
   */
  record Read(Histogram latency, long behind) {}

  private final Supplier<KafkaConsumer<byte[], byte[]>> connect;
  private final String topic;
  private final Recorder latency = new Recorder(3);
  private final AtomicLong behind = new AtomicLong(-1);
  private volatile long behindAtNanos;
  private volatile String failure;
  private KafkaConsumer<byte[], byte[]> consumer;
  private Thread thread;

  EndToEndReader(Supplier<KafkaConsumer<byte[], byte[]>> connect, String topic) {
    this.connect = connect;
    this.topic = topic;
  }

  /** Positions the reader at the topic's end, then reads on a thread of its own. */
  void start() {
    consumer = connect.get();
    ConsumerFactory.assignAtEnd(consumer, consumer.partitionsFor(topic));
    thread = Daemons.thread("kafkaload-capacity-e2e", this::loop);
    thread.start();
  }

  private void loop() {
    long lagCheck = 0;
    try {
      while (!Thread.currentThread().isInterrupted()) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          latency.recordValue(Math.max(0, System.currentTimeMillis() - r.timestamp()) * 1000);
        }
        if (System.nanoTime() - lagCheck > 200_000_000L) {
          lagCheck = System.nanoTime();
          Set<TopicPartition> assigned = consumer.assignment();
          Map<TopicPartition, Long> ends = consumer.endOffsets(assigned);
          behind.set(
              assigned.stream()
                  .mapToLong(tp -> Math.max(0, ends.get(tp) - consumer.position(tp)))
                  .sum());
          behindAtNanos = System.nanoTime();
        }
      }
    } catch (WakeupException | org.apache.kafka.common.errors.InterruptException e) {
      // closing
    } catch (RuntimeException e) {
      failure = e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  /** A plateau begins: what was read before it is not its figure. */
  void plateauStarts() {
    latency.reset();
  }

  /**
   * Waits until every record sent so far is read, or {@code untilNanos}; the plateau's figures
   * then. An unread record counts at the time waited since {@code windowEndNanos}, the plateau's
   * end.
   */
  Read plateauEnded(long windowEndNanos, long untilNanos) {
    caughtUp(untilNanos, () -> false);
    if (failure != null) {
      throw new IllegalStateException(
          "the end-to-end reader of '" + topic + "' failed: " + failure);
    }
    Histogram h = latency.getIntervalHistogram();
    long left = Math.max(0, behind.get());
    if (left > 0) {
      h.recordValueWithCount(Math.max(1, (System.nanoTime() - windowEndNanos) / 1000), left);
    }
    return new Read(h, left);
  }

  /**
   * Waits until every record sent so far is read, {@code untilNanos}, or {@code stop}. Before a
   * plateau starts: records a failed plateau left unread would be read in the next one, at their
   * latency, and delay its own (a plateau judged on the last one's backlog).
   */
  void caughtUp(long untilNanos, java.util.function.BooleanSupplier stop) {
    long asked = System.nanoTime();
    while ((behindAtNanos < asked || behind.get() > 0)
        && System.nanoTime() < untilNanos
        && !stop.getAsBoolean()
        && failure == null
        && !Thread.currentThread().isInterrupted()) {
      Utils.sleep(20);
    }
  }

  @Override
  public void close() {
    if (consumer == null) {
      return;
    }
    consumer.wakeup();
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    consumer.close(Duration.ofSeconds(2));
  }
}
