package kafkaload.internal.admin;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Payloads;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Fills a topic before a consumer test, outside the measurement, returning the range written. */
public final class Prefill {
  /** Per partition: the end offset before the fill and after it. */
  public record Range(Map<Integer, Long> from, Map<Integer, Long> to) {
    public long records() {
      return to.entrySet().stream()
          .mapToLong(e -> e.getValue() - from.getOrDefault(e.getKey(), 0L))
          .sum();
    }
  }

  private static final int BATCH_BYTES = 262_144;

  private Prefill() {}

  /** The records now in the topic, each partition start to end: to drain a topic as it is. */
  public static Range existing(Connection connection, String topic, int consumers) {
    long timeoutMs = connection.timeoutMs();
    try (Admin admin = connection.admin()) {
      Preflight.checkBootstrap(admin, connection);
      Map<Integer, Long> to = OffsetQueries.endOffsets(admin, topic, timeoutMs);
      checkConsumers(topic, to.size(), consumers);
      Map<TopicPartition, OffsetSpec> request = new HashMap<>();
      to.keySet().forEach(p -> request.put(new TopicPartition(topic, p), OffsetSpec.earliest()));
      Map<Integer, Long> from = new TreeMap<>();
      Preflight.await(
              admin.listOffsets(request).all(),
              timeoutMs,
              "Cannot read the offsets of topic '" + topic + "'",
              "Interrupted while reading the offsets of topic '" + topic + "'")
          .forEach((tp, info) -> from.put(tp.partition(), info.offset()));
      return new Range(from, to);
    }
  }

  /**
   * Pre-fills {@code topic} for {@code consumers} consumers, no more than its partitions (checked
   * first), with random letters from {@link Payloads#randomPool} compressed by the run's
   * compression.type; no value twice in a batch, so MB/s is that of real-looking data.
   */
  public static Range fill(
      Connection connection,
      String topic,
      TopicPlan plan,
      long records,
      int recordSize,
      int consumers) {
    long timeout = connection.timeoutMs();
    try (Admin admin = connection.admin()) {
      Preflight.checkBootstrap(admin, connection);
      // Every check before the topic is created: the consumers against the partitions it has or
      // will have.
      checkConsumers(topic, Preflight.checkPlan(admin, topic, plan, timeout, false), consumers);
      Preflight.checkTopic(admin, topic, plan, timeout);
      Map<Integer, Long> from = OffsetQueries.endOffsets(admin, topic, timeout);
      checkConsumers(topic, from.size(), consumers);
      Map<String, Object> c = producerConfig(connection);
      // More distinct values than fit in a batch (about 256 KiB of them, whatever the record size).
      int distinct =
          (int) Math.max(1, Math.min(records, BATCH_BYTES / Math.max(1, recordSize) + 1));
      byte[][] values = Payloads.randomPool(recordSize, distinct);
      AtomicReference<Exception> failure = new AtomicReference<>();
      try (KafkaProducer<byte[], byte[]> p =
          new KafkaProducer<>(c, new ByteArraySerializer(), new ByteArraySerializer())) {
        for (long i = 0; i < records && failure.get() == null; i++) {
          p.send(
              new ProducerRecord<>(topic, values[(int) (i % values.length)]),
              (m, e) -> failure.compareAndSet(null, e)); // a success (e null) leaves it null
        }
        p.flush();
      }
      if (failure.get() != null) {
        throw new KafkaLoadConfigException(
            "Pre-filling topic '" + topic + "' failed: " + failure.get());
      }
      return new Range(from, OffsetQueries.endOffsets(admin, topic, timeout));
    }
  }

  /**
   * The fill's producer: the run's (its security settings, its compression), but neither
   * transactional nor idempotent: the fill is outside the measurement, with acks=1, and a
   * transactional.id or enable.idempotence=true of the run's would refuse acks=1 or every send.
   */
  static Map<String, Object> producerConfig(Connection connection) {
    Map<String, Object> c = new HashMap<>(connection.clientProperties());
    c.remove("transactional.id");
    c.put("bootstrap.servers", connection.bootstrap());
    c.put("enable.idempotence", "false");
    c.put("acks", "1");
    c.put("linger.ms", "20");
    c.put("batch.size", String.valueOf(BATCH_BYTES));
    c.put("client.id", "kafkaload-prefill");
    return c;
  }

  /** More consumers than partitions: the extra ones would idle, the figures describe fewer. */
  public static void checkConsumers(String topic, int partitions, int consumers) {
    if (consumers > partitions) {
      throw refused(
          "-Dconsumer.threads=%s is more than the %s partitions of topic '%s': the extra "
              + "consumers would sit idle",
          consumers, partitions, topic);
    }
  }
}
