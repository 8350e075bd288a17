package kafkaload.action;

import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.OK$;
import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import io.gatling.core.structure.ScenarioContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.admin.Prefill;
import kafkaload.config.KafkaLoadConfigException;
import kafkaload.protocol.KafkaComponents;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The consumer-throughput test, kafka-consumer-perf-test's analogue: each virtual user is one consumer thread of a
 * group draining a pre-filled offset range. Consumers run on their own threads (never on Gatling's event loop);
 * each poll that returned records is a request ("name poll", its fetch time), and when the range is drained the
 * last consumer records "name drained", OK only if exactly the pre-filled records were read, and prints records/s,
 * MB/s, fetch time, and rebalance count and time.
 */
public final class DrainActionBuilder implements KafkaActionBuilder {
  private final String requestName;
  private final String topic;
  private final Prefill.Range range;
  private final int threads;
  private final boolean assign;
  private final Map<String, String> consumerProperties;
  private final Duration timeout;

  DrainActionBuilder(String requestName, String topic, Prefill.Range range, int threads, boolean assign,
      Map<String, String> consumerProperties, Duration timeout) {
    this.requestName = requestName;
    this.topic = topic;
    this.range = range;
    this.threads = threads;
    this.assign = assign;
    this.consumerProperties = Map.copyOf(consumerProperties);
    this.timeout = timeout;
  }

  @Override
  public Action build(KafkaComponents components, ScenarioContext ctx, Action next) {
    int partitions = range.to().size();
    if (threads > partitions) {
      throw new KafkaLoadConfigException("-Dconsumer.threads=" + threads + " is more than the " + partitions
          + " partitions of topic '" + topic + "': the extra consumers would sit idle");
    }
    return new DrainAction(this, components, next);
  }

  private static final class DrainAction extends KafkaAction {
    private final DrainActionBuilder spec;
    private final long target;
    private final AtomicInteger started = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();
    private final LongAdder records = new LongAdder();
    // Per partition, the offset after the highest one counted: a rebalance hands a partition over at its last
    // commit, so its new owner reads some records again; those are re-reads, not progress.
    private final java.util.concurrent.ConcurrentHashMap<Integer, AtomicLong> counted = new java.util.concurrent.ConcurrentHashMap<>();
    private final LongAdder reread = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder fetchNanos = new LongAdder();
    private final LongAdder rebalances = new LongAdder();
    private final LongAdder rebalanceNanos = new LongAdder();
    private final AtomicLong firstNanos = new AtomicLong();
    private final AtomicLong lastNanos = new AtomicLong();

    DrainAction(DrainActionBuilder spec, KafkaComponents components, Action next) {
      super(spec.requestName, components, next);
      this.spec = spec;
      this.target = spec.range.records();
    }

    @Override
    public void execute(Session session) {
      int index = started.getAndIncrement();
      Thread t = new Thread(() -> run(session, index), "kafkaload-drain-" + index);
      t.setDaemon(true);
      t.start();
    }

    private void run(Session session, int index) {
      Properties p = kafkaload.config.ClientConnection.of(components.bootstrap(), components.protocol().producerProperties());
      p.put("enable.auto.commit", "false");
      p.put("auto.offset.reset", "earliest");
      p.put("client.id", spec.requestName.replace(' ', '-') + "-" + index);
      p.putAll(spec.consumerProperties);
      if ("true".equals(spec.consumerProperties.get("kafkaload.staticMembership"))) {
        p.put("group.instance.id", p.getProperty("group.id") + "-" + index);
      }
      p.remove("kafkaload.staticMembership");
      long deadline = System.nanoTime() + spec.timeout.toNanos();
      try (KafkaConsumer<byte[], byte[]> consumer =
          new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
        if (spec.assign) {
          List<TopicPartition> mine = new ArrayList<>();
          for (int partition : spec.range.to().keySet()) {
            if (partition % spec.threads == index) {
              mine.add(new TopicPartition(spec.topic, partition));
            }
          }
          consumer.assign(mine);
          mine.forEach(tp -> consumer.seek(tp, spec.range.from().getOrDefault(tp.partition(), 0L)));
        } else {
          consumer.subscribe(List.of(spec.topic), new ConsumerRebalanceListener() {
            long revokedAt;

            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
              revokedAt = System.nanoTime();
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
              rebalances.increment();
              if (revokedAt > 0) {
                rebalanceNanos.add(System.nanoTime() - revokedAt);
              }
              // Start each partition where the pre-fill began, or where this group got to.
              for (TopicPartition tp : partitions) {
                long from = spec.range.from().getOrDefault(tp.partition(), 0L);
                if (consumer.position(tp) < from) {
                  consumer.seek(tp, from);
                }
              }
            }
          });
        }
        long lastCommit = System.nanoTime();
        while (records.sum() < target && System.nanoTime() < deadline) {
          long t0 = System.nanoTime();
          long start = components.clock().nowMillis();
          ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(200));
          long took = System.nanoTime() - t0;
          int counted = 0;
          for (ConsumerRecord<byte[], byte[]> r : batch) {
            Long end = spec.range.to().get(r.partition());
            if (end != null && r.offset() < end && r.offset() >= spec.range.from().getOrDefault(r.partition(), 0L)) {
              AtomicLong next = this.counted.computeIfAbsent(r.partition(), k -> new AtomicLong());
              if (next.getAndAccumulate(r.offset() + 1, Math::max) > r.offset()) {
                reread.increment();
                continue;
              }
              counted++;
              bytes.add(r.serializedValueSize() + Math.max(0, r.serializedKeySize()));
            }
          }
          if (counted > 0) {
            firstNanos.compareAndSet(0, t0);
            records.add(counted);
            lastNanos.accumulateAndGet(System.nanoTime(), Math::max);
            fetchNanos.add(took);
            logResult(session, spec.requestName + " poll", start, components.clock().nowMillis(), null);
            // Commit about once a second, as auto-commit would: often enough for lag monitors, cheap enough to drain.
            if (!spec.assign && System.nanoTime() - lastCommit > 1_000_000_000L) {
              consumer.commitAsync();
              lastCommit = System.nanoTime();
            }
          }
        }
      } catch (RuntimeException e) {
        long now = components.clock().nowMillis();
        logResult(session, spec.requestName + " poll", now, now, KafkaSendAction.reason(e));
      }
      if (finished.incrementAndGet() == spec.threads) {
        report(session);
      }
      next.$bang(session);
    }

    private void report(Session session) {
      long n = records.sum();
      double seconds = Math.max(1e-9, (lastNanos.get() - firstNanos.get()) / 1e9);
      double mb = bytes.sum() / 1_048_576.0;
      System.out.printf("%n[kafkaload] ---- Consumer throughput on '%s' (%s, %d consumers) ----%n"
              + "  records %d of %d | %.2f s | %.0f records/s | %.2f MB/s | fetch time %.1f s | rebalances %d taking %.1f s"
              + " | %d read again after a rebalance (not counted)%n",
          spec.topic, spec.assign ? "static assign" : "subscribe", spec.threads, n, target, seconds, n / seconds,
          mb / seconds, fetchNanos.sum() / 1e9, rebalances.sum(), rebalanceNanos.sum() / 1e9, reread.sum());
      long now = components.clock().nowMillis();
      logResult(session, spec.requestName + " drained", now - (long) (seconds * 1000), now,
          n == target ? null : "consumed " + n + " of the " + target + " pre-filled records");
    }
  }
}
