package kafkaload.internal.semantic.txn;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.client.KafkaConfigCheck;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaProtocol;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The run's transactional producers, one open transaction each: taken exclusively ({@link
 * #take()}), given back ({@link #release}); each with its own {@code transactional.id} (run prefix
 * and counter). A failed one is closed ({@link #discard}) and, unless fenced, its id reused so
 * initTransactions ends its open transaction. Blocks: off the event loop.
 */
public final class TransactionalProducers implements AutoCloseable {
  /** Bounds so that a transaction never hangs the run (the user's own settings win). */
  public static final int MAX_BLOCK_MS = 10_000;

  public static final int TRANSACTION_TIMEOUT_MS = 10_000;

  private final Map<String, Object> config;
  private final String idPrefix;
  private final long bufferMemory;
  private final AtomicLong nextId = new AtomicLong();
  private final ConcurrentLinkedDeque<ProducerHandle> idle = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<String> freeIds = new ConcurrentLinkedDeque<>();
  private final Set<ProducerHandle> open = ConcurrentHashMap.newKeySet();
  private final AtomicLong created = new AtomicLong();
  private volatile boolean closed;

  /** {@code idPrefix}: each producer's transactional.id is the prefix, "-" and a counter. */
  public TransactionalProducers(Connection connection, String idPrefix) {
    this.idPrefix = idPrefix;
    this.config = new HashMap<>(connection.clientProperties());
    config.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, connection.bootstrap());
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, MAX_BLOCK_MS);
    config.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, TRANSACTION_TIMEOUT_MS);
    this.bufferMemory = new ProducerConfig(config).getLong(ProducerConfig.BUFFER_MEMORY_CONFIG);
  }

  /** Where a user's prefix names the injector, replaced with its index in a distributed run. */
  public static final String INJECTOR_TOKEN = "{injector}";

  /**
   * The run's transactional id prefix: the user's ({@code {injector}} replaced), else unique per
   * run and injector. A user's prefix without {@code {injector}} is refused with several injectors:
   * they would fence each other.
   */
  public static String idPrefix(Object userPrefix, InjectorShare injector, String runId) {
    if (userPrefix == null || userPrefix.toString().isBlank()) {
      String run = runId != null ? runId : UUID.randomUUID().toString();
      return "kafkaload-tx-" + run + "-i" + injector.index();
    }
    String prefix = userPrefix.toString().trim();
    if (prefix.contains(INJECTOR_TOKEN)) {
      return prefix.replace(INJECTOR_TOKEN, String.valueOf(injector.index()));
    }
    refuseIf(
        injector.count() > 1,
        String.format(
            "transactional.id prefix '%s' would be shared by the %s injectors of this run, "
                + "whose producers would fence each other: put %s in it (e.g. '%s-%s'), or leave "
                + "transactional.id unset for ids unique per run and injector",
            prefix, injector.count(), INJECTOR_TOKEN, prefix, INJECTOR_TOKEN));
    return prefix;
  }

  /** Refuses idempotence off or acks other than all, then lets Kafka's ProducerConfig judge. */
  public static void checkProperties(String requestName, Map<String, ?> properties) {
    Object idempotence = properties.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
    refuseIf(
        idempotence != null && "false".equalsIgnoreCase(idempotence.toString().trim()),
        ("'%s' is transactional but enable.idempotence=false: transactions need the idempotent"
                + " producer; set kafka().enableIdempotence(true) (-Denable.idempotence=true in"
                + " the shipped simulations)")
            .formatted(requestName));
    // unset: Kafka's default, all
    Object acks = properties.get(ProducerConfig.ACKS_CONFIG);
    refuseIf(
        acks != null && !KafkaProtocol.isAll(acks.toString().trim()),
        String.format(
            "'%s' is transactional but acks=%s: transactions need acks=all; set "
                + "kafka().acks(\"all\") (-Dacks=all in the shipped simulations)",
            requestName, String.valueOf(acks).trim()));
    Map<String, Object> c = new HashMap<>(properties);
    c.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "check");
    KafkaConfigCheck.producerRefusal(c)
        .ifPresent(
            why -> {
              throw KafkaLoadConfigException.refused(
                  "'%s' is transactional, but its producer settings are not: %s", requestName, why);
            });
  }

  /** The prefix of this run's transactional ids. */
  public String idPrefix() {
    return idPrefix;
  }

  /** An idle producer, or a new initialised one (blocks up to max.block.ms); throws if none. */
  public ProducerHandle take() {
    if (closed) {
      throw new IllegalStateException("the run's transactional producers are closed");
    }
    ProducerHandle h = idle.pollFirst();
    if (h == null) {
      String id =
          Objects.requireNonNullElseGet(
              freeIds.pollFirst(), () -> idPrefix + "-" + nextId.getAndIncrement());
      Map<String, Object> c = new HashMap<>(config);
      c.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
      c.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, id);
      KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(c);
      try {
        p.initTransactions();
      } catch (RuntimeException e) {
        p.close(Duration.ZERO);
        freeIds.addFirst(id);
        throw e;
      }
      created.incrementAndGet();
      h = new ProducerHandle(p, bufferMemory, id);
    }
    open.add(h);
    return h;
  }

  /** A producer whose transaction ended cleanly: the next transaction may take it. */
  public void release(ProducerHandle h) {
    open.remove(h);
    if (closed) {
      h.producer().close(Duration.ofSeconds(1));
    } else {
      idle.addFirst(h);
    }
  }

  /**
   * A failed transaction's producer, closed within {@code timeout}; unless {@code fenced}, the next
   * producer takes its id and its initTransactions ends the open transaction.
   */
  public void discard(ProducerHandle h, boolean fenced, Duration timeout) {
    open.remove(h);
    close(h, timeout);
    if (!fenced && !closed) {
      freeIds.addLast(h.transactionalId());
    }
  }

  /** Producers created (their initTransactions succeeded). */
  public long created() {
    return created.get();
  }

  /** Closes every producer, each within a bounded time (an open transaction is left to abort). */
  @Override
  public void close() {
    closed = true;
    for (ProducerHandle h : Stream.concat(idle.stream(), open.stream()).toList()) {
      close(h, Duration.ofSeconds(2));
    }
    idle.clear();
  }

  /** A bounded close; a producer that failed may fail to close too: it is gone either way. */
  private static void close(ProducerHandle h, Duration timeout) {
    try {
      h.producer().close(timeout);
    } catch (RuntimeException e) {
      // nothing more to do: the producer is gone
    }
  }
}
