package kafkaload.internal.client;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/** A KafkaProducer and what tells whether {@code send()} could block: metadata, buffered bytes. */
public final class ProducerHandle {
  private final KafkaProducer<byte[], byte[]> producer;

  /** Added by the event loops, taken off by the I/O thread: an adder, so they do not contend. */
  private final LongAdder bufferedBytes = new LongAdder();

  private final long nonBlockingLimit;
  private final Set<String> knownTopics = ConcurrentHashMap.newKeySet();
  private final String transactionalId;

  /** {@code transactionalId}: the producer's transactional.id, null for a plain producer. */
  public ProducerHandle(
      KafkaProducer<byte[], byte[]> producer, long bufferMemory, String transactionalId) {
    this.transactionalId = transactionalId;
    this.producer = producer;
    // Half the buffer leaves room for per-partition batch allocation (batch.size each), so send()
    // will not wait.
    this.nonBlockingLimit = bufferMemory / 2;
  }

  public KafkaProducer<byte[], byte[]> producer() {
    return producer;
  }

  /** A producer's readings of Kafka's producer-metrics group, under its client id. */
  public record Readings(String clientId, Map<String, Double> values) {}

  /**
   * Its finite numeric metrics of the producer-metrics group among {@code names}, by name; none
   * once it is closed.
   */
  public Readings producerMetrics(Collection<String> names) {
    Map<String, Double> values = new LinkedHashMap<>();
    String clientId = "";
    Map<MetricName, ? extends Metric> metrics;
    try {
      metrics = producer.metrics();
    } catch (RuntimeException closed) {
      return new Readings(clientId, values);
    }
    for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
      MetricName name = e.getKey();
      if (name.group().equals("producer-metrics")
          && names.contains(name.name())
          && e.getValue().metricValue() instanceof Number n
          && Double.isFinite(n.doubleValue())) {
        values.put(name.name(), n.doubleValue());
        clientId = name.tags().getOrDefault("client-id", clientId);
      }
    }
    return new Readings(clientId, values);
  }

  /** The producer's transactional.id, or null for a plain producer. */
  public String transactionalId() {
    return transactionalId;
  }

  /** True when send() returns without waiting for metadata or buffer space. */
  public boolean canSendWithoutBlocking(String topic) {
    return bufferedBytes.sum() < nonBlockingLimit && knownTopics.contains(topic);
  }

  public void topicKnown(String topic) {
    if (!knownTopics.contains(topic)) { // called on every ack: a read is cheaper than a write
      knownTopics.add(topic);
    }
  }

  /** A send failed maybe for lost metadata: this topic's sends leave the event loop till an ack. */
  public void topicInDoubt(String topic) {
    knownTopics.remove(topic);
  }

  public void buffered(long bytes) {
    bufferedBytes.add(bytes);
  }
}
