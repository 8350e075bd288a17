package kafkaload.internal.client;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.KafkaProducer;

/** A KafkaProducer and what tells whether {@code send()} could block: metadata, buffered bytes. */
public final class ProducerHandle {
  private final KafkaProducer<byte[], byte[]> producer;

  /** Added by the event loops, taken off by the I/O thread: an adder, so they do not contend. */
  private final LongAdder bufferedBytes = new LongAdder();

  private final long nonBlockingLimit;
  private final Set<String> knownTopics = ConcurrentHashMap.newKeySet();
  private final String transactionalId;

  ProducerHandle(KafkaProducer<byte[], byte[]> producer, long bufferMemory) {
    this(producer, bufferMemory, null);
  }

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
