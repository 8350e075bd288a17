package kafkaload.internal.client;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.run.ConsumeCounters;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reader per topic and isolation level, shared by its consume actions: reads all partitions
 * from their end (no group, so never lag of a group under test) and hands each record to its
 * waiting user. Early records are kept a while, timeouts fire at their deadline, and a waiter's
 * exception fails that waiter alone.
 */
public final class TopicListener implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TopicListener.class);

  /** Records nobody waited for yet: kept this long, and at most this many. */
  private static final long KEEP_MS = 60_000;

  private static final int KEEP_MAX = 200_000;

  /**
   * A virtual user waiting for a record; completes once: by a record, its timeout, or an error (its
   * predicate threw, or {@code onRecord} threw before passing the user on). Equal only to itself:
   * its {@code done} flag is its own.
   *
   * @param value for a value match: the key is only a digest of the value, so the bytes are
   *     compared too
   */
  public record Waiter(
      String key,
      byte[] value,
      Predicate<ConsumerRecord<byte[], byte[]>> predicate,
      BiConsumer<ConsumerRecord<byte[], byte[]>, Long> onRecord,
      Runnable onTimeout,
      Consumer<String> onError,
      AtomicBoolean done) {
    public Waiter(
        String key,
        byte[] value,
        Predicate<ConsumerRecord<byte[], byte[]>> predicate,
        BiConsumer<ConsumerRecord<byte[], byte[]>, Long> onRecord,
        Runnable onTimeout,
        Consumer<String> onError) {
      this(key, value, predicate, onRecord, onTimeout, onError, new AtomicBoolean());
    }

    /** Its predicate's answer (which may throw), or for a key the value's bytes, if any. */
    boolean accepts(ConsumerRecord<byte[], byte[]> r) {
      return key == null ? predicate.test(r) : value == null || Arrays.equals(value, r.value());
    }
  }

  private record Arrival(ConsumerRecord<byte[], byte[]> record, long receivedMillis) {}

  private final String topic;
  private final KafkaConsumer<byte[], byte[]> consumer;
  // What dispatch indexes: only what some action on this topic matches by (registered at build
  // time, before load), so a topic read by predicates alone keeps no records in `recent`.
  private final Set<String> headerNames = ConcurrentHashMap.newKeySet();
  private volatile boolean indexKeys;
  private volatile boolean indexValues;
  // Waiters by the key they match, in arrival order; those matching by predicate under null.
  private final Map<String, ArrayDeque<Waiter>> waiting = new HashMap<>();
  private final LinkedHashMap<String, Arrival> recent = new LinkedHashMap<>();

  /** Keys whose waiter timed out, so a record arriving for them later is counted as late. */
  private final LinkedHashMap<String, Long> timedOut = new LinkedHashMap<>();

  /** Waiters whose predicate threw on the record in dispatch: the poller thread's alone. */
  private final List<Map.Entry<Waiter, String>> threw = new ArrayList<>(1);

  private final ConsumeCounters counters;
  private final ScheduledExecutorService timer;
  private final Thread poller;
  private volatile boolean running = true;

  /** A reader of {@code topic}; read_committed hands over committed records only, once visible. */
  public TopicListener(
      Connection connection,
      String topic,
      IsolationLevel isolation,
      ScheduledExecutorService timer,
      ConsumeCounters counters) {
    this.counters = counters;
    this.topic = topic;
    this.timer = timer;
    consumer =
        ConsumerFactory.of(connection, clientId(topic, isolation))
            .isolation(isolation)
            .property("fetch.max.wait.ms", "50")
            .create();
    ConsumerFactory.assignAtEnd(consumer, consumer.partitionsFor(topic, Duration.ofSeconds(30)));
    poller = Daemons.thread(clientId(topic, isolation), this::poll);
    poller.start();
  }

  /** The reader's client.id: the topic, and "committed" for a read_committed reader. */
  static String clientId(String topic, IsolationLevel isolation) {
    return "kafkaload-consume-"
        + topic
        + (isolation == IsolationLevel.READ_COMMITTED ? "-committed" : "");
  }

  /**
   * Registers, at build time, what an action matches by: keys, a header (null for none), values.
   */
  public void watch(boolean keys, String header, boolean values) {
    indexKeys |= keys;
    indexValues |= values;
    if (header != null) {
      headerNames.add(header);
    }
  }

  public static String keyOf(byte[] key) {
    return key == null ? null : "k:" + new String(key, StandardCharsets.UTF_8);
  }

  public static String headerOf(String name, byte[] value) {
    return "h:" + name + ":" + (value == null ? "" : new String(value, StandardCharsets.UTF_8));
  }

  /** A value's index key: length and SHA-256; waiters compare the bytes too. */
  public static String valueOf(byte[] value) {
    if (value == null) {
      return null;
    }
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(value);
      return "v:" + value.length + ":" + Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** Registers a waiter; it completes at once if its record already arrived, or at its deadline. */
  public void await(Waiter w, long timeoutMs) {
    Arrival early;
    synchronized (this) {
      early = w.key == null ? null : recent.get(w.key);
      early = early != null && w.accepts(early.record()) ? recent.remove(w.key) : null;
      if (early == null) {
        waiting.computeIfAbsent(w.key, k -> new ArrayDeque<>()).add(w);
      }
    }
    if (early != null) {
      deliver(w, early.record(), early.receivedMillis());
      return;
    }
    timer.schedule(
        () -> {
          if (w.done.compareAndSet(false, true)) {
            synchronized (this) {
              waiting.computeIfPresent(w.key, (k, q) -> q.remove(w) && q.isEmpty() ? null : q);
              if (w.key != null) {
                timedOut.put(w.key, System.currentTimeMillis());
              }
            }
            try {
              w.onTimeout.run();
            } catch (Throwable e) {
              LOG.warn("Timing out a consume on topic {}: {}", topic, e.toString());
            }
          }
        },
        timeoutMs,
        TimeUnit.MILLISECONDS);
  }

  private void poll() {
    while (running) {
      try {
        consumer.poll(Duration.ofMillis(100)).forEach(r -> dispatch(r, System.currentTimeMillis()));
      } catch (WakeupException | InterruptException e) {
        return;
      } catch (Exception e) {
        // Scala code may throw checked exceptions too: this thread must live on.
        if (running) {
          LOG.warn("Reading topic {} for consume actions: {}", topic, e.toString());
        }
      }
    }
  }

  private void dispatch(ConsumerRecord<byte[], byte[]> r, long received) {
    List<String> keys = new ArrayList<>(2 + headerNames.size());
    if (indexKeys && r.key() != null) {
      keys.add(keyOf(r.key()));
    }
    for (String name : headerNames) {
      for (Header h : r.headers().headers(name)) {
        keys.add(headerOf(name, h.value()));
      }
    }
    if (indexValues && r.value() != null) {
      keys.add(valueOf(r.value()));
    }
    // Each matcher kind sees the record: the first waiter on each of its keys, else the first
    // predicate that accepts it. Keys nobody waited for are kept for waiters that come later. A
    // predicate that throws fails its own user only: the others on this record, and the records
    // after it, are still served.
    List<Waiter> found = new ArrayList<>(1);
    synchronized (this) {
      for (String key : keys) {
        Waiter w = take(key, r);
        if (w != null) {
          found.add(w);
        } else if (timedOut.remove(key) != null) {
          counters.lateReply();
        } else {
          recent.put(key, new Arrival(r, received));
        }
      }
      Waiter p = take(null, r);
      if (p != null) {
        found.add(p);
      }
      evictOldest(timedOut, at -> at, received, 5 * KEEP_MS, KEEP_MAX);
      evictOldest(recent, Arrival::receivedMillis, received, KEEP_MS, KEEP_MAX);
    }
    found.forEach(w -> deliver(w, r, received));
    if (!threw.isEmpty()) {
      for (Map.Entry<Waiter, String> f : threw) {
        if (f.getKey().done.compareAndSet(false, true)) {
          fail(f.getKey(), f.getValue());
        }
      }
      threw.clear();
    }
  }

  /**
   * The first live waiter on this key (null: the predicates) the record satisfies; dead ones met
   * are dropped, and so is one whose predicate throws, kept in {@code threw} to be failed.
   */
  private Waiter take(String key, ConsumerRecord<byte[], byte[]> r) {
    ArrayDeque<Waiter> q = waiting.get(key);
    if (q == null) {
      return null;
    }
    Waiter found = null;
    for (Iterator<Waiter> it = q.iterator(); it.hasNext() && found == null; ) {
      Waiter w = it.next();
      try {
        if (w.done.get()) {
          it.remove();
        } else if (w.accepts(r)) {
          it.remove();
          found = w;
        }
      } catch (Throwable e) {
        it.remove();
        threw.add(Map.entry(w, "the match function threw " + describe(e)));
      }
    }
    if (q.isEmpty()) {
      waiting.remove(key);
    }
    return found;
  }

  /** Completes the waiter with its record; if handling throws, the user gets a KO with why. */
  private void deliver(Waiter w, ConsumerRecord<byte[], byte[]> r, long received) {
    if (w.done.compareAndSet(false, true)) {
      try {
        w.onRecord.accept(r, received);
      } catch (Throwable e) {
        fail(w, "handling the matched record threw " + describe(e));
      }
    }
  }

  private void fail(Waiter w, String reason) {
    try {
      w.onError.accept(reason);
    } catch (Throwable e) {
      LOG.warn("Failing a consume on topic {} ({}): {}", topic, reason, e.toString());
    }
  }

  public static String describe(Throwable e) {
    return e.getClass().getSimpleName() + ": " + e.getMessage();
  }

  /**
   * Drops the oldest entries of {@code byAge} (insertion order) while it holds more than {@code
   * max} or its oldest is older than {@code keepMs}.
   */
  static <V> void evictOldest(
      LinkedHashMap<?, V> byAge, ToLongFunction<V> at, long now, long keepMs, int max) {
    for (Iterator<V> it = byAge.values().iterator(); it.hasNext(); ) {
      V oldest = it.next();
      if (byAge.size() <= max && now - at.applyAsLong(oldest) <= keepMs) {
        return;
      }
      it.remove();
    }
  }

  @Override
  public void close() {
    running = false;
    timer.shutdownNow();
    consumer.wakeup();
    Daemons.join(poller, 5000);
    consumer.close(Duration.ofSeconds(2));
  }
}
