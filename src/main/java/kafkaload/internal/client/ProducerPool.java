package kafkaload.internal.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import kafkaload.internal.admin.Connection;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Hands each virtual user its producer, according to the protocol's {@link ProducerMode}. */
public final class ProducerPool implements AutoCloseable {
  private final Map<String, Object> config;
  private final long bufferMemory;
  private final ProducerMode mode;
  private final List<ProducerHandle> fixed = new ArrayList<>();
  private final Map<Long, ProducerHandle> perUser = new ConcurrentHashMap<>();
  private final List<String> warmTopics;
  private final String clientIdPrefix;

  /**
   * {@code poolSize}: SHARED (1) and POOL's producers; {@code clientIdPrefix}: of each client.id.
   */
  public ProducerPool(
      ProducerMode mode,
      int poolSize,
      Connection connection,
      List<String> warmTopics,
      String clientIdPrefix) {
    this.clientIdPrefix = clientIdPrefix;
    this.mode = mode;
    this.warmTopics = warmTopics;
    this.config = new HashMap<>(connection.clientProperties());
    // With transactions, transactional.id is the prefix of the transactions semantic's own
    // producers' ids; the plain producers must not be transactional.
    config.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, connection.bootstrap());
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    this.bufferMemory = new ProducerConfig(config).getLong(ProducerConfig.BUFFER_MEMORY_CONFIG);
    int n = mode == ProducerMode.PER_USER ? 0 : poolSize;
    for (int i = 0; i < n; i++) {
      fixed.add(newHandle(clientIdPrefix + "-" + i));
    }
  }

  /** A producer with the warm topics' metadata fetched, so the first sends do not wait for it. */
  private ProducerHandle newHandle(String clientId) {
    Map<String, Object> c = new HashMap<>(config);
    c.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, clientId);
    ProducerHandle h = new ProducerHandle(new KafkaProducer<>(c), bufferMemory, null);
    for (String topic : warmTopics) {
      h.producer().partitionsFor(topic);
      h.topicKnown(topic);
    }
    return h;
  }

  /**
   * The user's producer, or null when a per-user producer must first be created (which may block).
   */
  public ProducerHandle forUser(long userId) {
    return switch (mode) {
      case SHARED -> fixed.get(0);
      case POOL -> fixed.get((int) (userId % fixed.size()));
      case PER_USER -> perUser.get(userId);
    };
  }

  /** Creates the per-user producer; call off the event loop. */
  public ProducerHandle createForUser(long userId) {
    return perUser.computeIfAbsent(userId, id -> newHandle(clientIdPrefix + "-user-" + id));
  }

  /** Closes a per-user producer after letting its in-flight records complete. */
  public void closeUser(long userId) {
    ProducerHandle h = perUser.remove(userId);
    if (h != null) {
      h.producer().close(Duration.ofSeconds(5));
    }
  }

  public List<ProducerHandle> all() {
    List<ProducerHandle> all = new ArrayList<>(fixed);
    all.addAll(perUser.values());
    return all;
  }

  /** Waits up to the timeout for buffered records, then closes every producer. */
  @Override
  public void close() {
    all().forEach(h -> h.producer().close(Duration.ofSeconds(5)));
    perUser.clear();
  }
}
