package kafkaload.action;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reader per topic, shared by every consume action on it: it reads all partitions from their end at start (no
 * consumer group, so it never shows up as lag of a group under test) and hands each record to the virtual user
 * waiting for it. A record that arrives before its user asks is kept for a while, so a fast pipeline is never
 * reported as a timeout. Timeouts fire at their deadline from a timer, not at the next poll.
 */
public final class TopicListener implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TopicListener.class);
  /** Records nobody waited for yet: kept this long, and at most this many. */
  private static final long KEEP_MS = 60_000;
  private static final int KEEP_MAX = 200_000;

  /** A virtual user waiting for a record; completes exactly once, by a record or by its timeout. */
  static final class Waiter {
    final String key;
    final java.util.function.Predicate<ConsumerRecord<byte[], byte[]>> predicate;
    final java.util.function.BiConsumer<ConsumerRecord<byte[], byte[]>, Long> onRecord;
    final Runnable onTimeout;
    final AtomicBoolean done = new AtomicBoolean();

    Waiter(String key, java.util.function.Predicate<ConsumerRecord<byte[], byte[]>> predicate,
        java.util.function.BiConsumer<ConsumerRecord<byte[], byte[]>, Long> onRecord, Runnable onTimeout) {
      this.key = key;
      this.predicate = predicate;
      this.onRecord = onRecord;
      this.onTimeout = onTimeout;
    }
  }

  private record Arrival(ConsumerRecord<byte[], byte[]> record, long receivedMillis) {}

  private final String topic;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final Set<String> headerNames = ConcurrentHashMap.newKeySet();
  private final Map<String, ArrayDeque<Waiter>> waiting = new HashMap<>();
  private final List<Waiter> predicates = new ArrayList<>();
  private final LinkedHashMap<String, Arrival> recent = new LinkedHashMap<>();
  /** Keys whose waiter timed out, so a record arriving for them later is counted as late. */
  private final LinkedHashMap<String, Long> timedOut = new LinkedHashMap<>();
  private final java.util.concurrent.atomic.LongAdder late;
  private final ScheduledExecutorService timer;
  private final Thread poller;
  private volatile boolean running = true;

  public TopicListener(String bootstrap, Map<String, Object> clientProperties, String topic, ScheduledExecutorService timer,
      java.util.concurrent.atomic.LongAdder late) {
    this.late = late;
    this.topic = topic;
    this.timer = timer;
    Properties p = kafkaload.config.ClientConnection.of(bootstrap, clientProperties);
    p.put("client.id", "kafkaload-consume-" + topic);
    p.put("enable.auto.commit", "false");
    p.put("fetch.max.wait.ms", "50");
    consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    List<TopicPartition> partitions = new ArrayList<>();
    consumer.partitionsFor(topic, Duration.ofSeconds(30))
        .forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
    consumer.assign(partitions);
    consumer.seekToEnd(partitions);
    partitions.forEach(consumer::position); // resolve now: records produced from here on are seen
    poller = new Thread(this::poll, "kafkaload-consume-" + topic);
    poller.setDaemon(true);
    poller.start();
  }

  void watchHeader(String name) {
    headerNames.add(name);
  }

  static String keyOf(byte[] key) {
    return key == null ? null : "k:" + new String(key, StandardCharsets.UTF_8);
  }

  static String headerOf(String name, byte[] value) {
    return "h:" + name + ":" + (value == null ? "" : new String(value, StandardCharsets.UTF_8));
  }

  static String valueOf(byte[] value) {
    return value == null ? null : "v:" + new String(value, StandardCharsets.UTF_8);
  }

  /** Registers a waiter; it completes at once if its record already arrived, or at its deadline. */
  void await(Waiter w, long timeoutMs) {
    Arrival early = null;
    synchronized (this) {
      if (w.key != null) {
        early = recent.remove(w.key);
        if (early == null) {
          waiting.computeIfAbsent(w.key, k -> new ArrayDeque<>()).add(w);
        }
      } else {
        predicates.add(w);
      }
    }
    if (early != null) {
      if (w.done.compareAndSet(false, true)) {
        w.onRecord.accept(early.record(), early.receivedMillis());
      }
      return;
    }
    timer.schedule(() -> {
      if (w.done.compareAndSet(false, true)) {
        synchronized (this) {
          if (w.key != null) {
            ArrayDeque<Waiter> q = waiting.get(w.key);
            if (q != null && q.remove(w) && q.isEmpty()) {
              waiting.remove(w.key);
            }
            timedOut.put(w.key, System.currentTimeMillis());
          } else {
            predicates.remove(w);
          }
        }
        w.onTimeout.run();
      }
    }, timeoutMs, TimeUnit.MILLISECONDS);
  }

  private void poll() {
    while (running) {
      try {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          dispatch(r, System.currentTimeMillis());
        }
      } catch (org.apache.kafka.common.errors.WakeupException | org.apache.kafka.common.errors.InterruptException e) {
        return;
      } catch (RuntimeException e) {
        if (running) {
          LOG.warn("Reading topic {} for consume actions: {}", topic, e.toString());
        }
      }
    }
  }

  private void dispatch(ConsumerRecord<byte[], byte[]> r, long received) {
    List<String> keys = new ArrayList<>(2 + headerNames.size());
    String k = keyOf(r.key());
    if (k != null) {
      keys.add(k);
    }
    for (String name : headerNames) {
      for (Header h : r.headers().headers(name)) {
        keys.add(headerOf(name, h.value()));
      }
    }
    String v = valueOf(r.value());
    if (v != null && v.length() <= 1024) {
      keys.add(v);
    }
    // Each matcher kind sees the record: the first waiter on each of its keys, else the first predicate that
    // accepts it. Keys nobody waited for are kept for waiters that come later.
    List<Waiter> found = new ArrayList<>(1);
    synchronized (this) {
      for (String key : keys) {
        ArrayDeque<Waiter> q = waiting.get(key);
        Waiter w = null;
        while (q != null && !q.isEmpty() && w == null) {
          Waiter next = q.poll();
          if (!next.done.get()) {
            w = next;
          }
        }
        if (q != null && q.isEmpty()) {
          waiting.remove(key);
        }
        if (w != null) {
          found.add(w);
        } else if (timedOut.remove(key) != null) {
          late.increment();
        } else {
          recent.put(key, new Arrival(r, received));
        }
      }
      for (Iterator<Waiter> it = predicates.iterator(); it.hasNext(); ) {
        Waiter w = it.next();
        if (w.done.get()) {
          it.remove();
        } else if (w.predicate.test(r)) {
          it.remove();
          found.add(w);
          break;
        }
      }
      evict(received);
    }
    for (Waiter w : found) {
      if (w.done.compareAndSet(false, true)) {
        w.onRecord.accept(r, received);
      }
    }
  }

  private void evict(long now) {
    Iterator<Long> t = timedOut.values().iterator();
    while (t.hasNext() && (timedOut.size() > KEEP_MAX || now - t.next() > 5 * KEEP_MS)) {
      t.remove();
    }
    Iterator<Arrival> it = recent.values().iterator();
    while (it.hasNext()) {
      Arrival a = it.next();
      if (recent.size() > KEEP_MAX || now - a.receivedMillis() > KEEP_MS) {
        it.remove();
      } else {
        break;
      }
    }
  }

  @Override
  public void close() {
    running = false;
    timer.shutdownNow();
    consumer.wakeup();
    try {
      poller.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    consumer.close(Duration.ofSeconds(2));
  }
}
