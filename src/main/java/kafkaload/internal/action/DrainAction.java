package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.results.DrainThroughput;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The consumer-throughput test (kafka-consumer-perf-test's analogue): each user is one consumer
 * thread of a group draining a pre-filled range, off the event loop; each poll with records is a
 * request ("name poll"), and the last consumer records "name drained", OK only if exactly the
 * pre-filled records were read.
 */
final class DrainAction extends KafkaAction {
  private final DrainSpec spec;
  private final long target;
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final LongAdder records = new LongAdder();
  // Per partition, the offset after the highest one counted: a rebalance hands a partition over at
  // its last commit, so its new owner reads some records again; those are re-reads, not progress.
  private final ConcurrentHashMap<Integer, AtomicLong> counted = new ConcurrentHashMap<>();
  private final LongAdder reread = new LongAdder();
  private final LongAdder bytes = new LongAdder();
  private final LongAdder fetchNanos = new LongAdder();
  // The first assignment of each consumer is its join, timed from subscribe(); later ones are
  // rebalances.
  private final AtomicLong joinNanos = new AtomicLong();
  private final LongAdder rebalances = new LongAdder();
  private final LongAdder rebalanceNanos = new LongAdder();
  private final AtomicLong firstNanos = new AtomicLong();
  private final AtomicLong lastNanos = new AtomicLong();

  DrainAction(DrainSpec spec, KafkaComponents components, Action next) {
    super(spec.requestName(), components, next);
    this.spec = spec;
    this.target = spec.range().records();
  }

  @Override
  public void execute(Session session) {
    loadRequest();
    int index = started.getAndIncrement();
    Daemons.start("kafkaload-drain-" + index, () -> run(session, index));
  }

  private void run(Session session, int index) {
    Map<String, Object> props = new LinkedHashMap<>(spec.consumerProperties());
    if ("true".equals(props.remove("kafkaload.staticMembership"))) {
      props.put("group.instance.id", props.get("group.id") + "-" + index);
    }
    ConsumerFactory consumers =
        ConsumerFactory.of(
                components.connection(), spec.requestName().replace(' ', '-') + "-" + index)
            .offsetReset("earliest")
            .isolation(spec.isolationLevel())
            .properties(props);
    long deadline = System.nanoTime() + spec.timeout().toNanos();
    try (KafkaConsumer<byte[], byte[]> consumer = consumers.create()) {
      if (spec.assign()) {
        List<TopicPartition> mine =
            spec.range().to().keySet().stream()
                .filter(partition -> partition % spec.threads() == index)
                .map(partition -> new TopicPartition(spec.topic(), partition))
                .toList();
        consumer.assign(mine);
        mine.forEach(tp -> consumer.seek(tp, spec.range().from().getOrDefault(tp.partition(), 0L)));
      } else {
        long subscribedAt = System.nanoTime();
        consumer.subscribe(
            List.of(spec.topic()),
            new ConsumerRebalanceListener() {
              long revokedAt;
              long assignedAt;

              @Override
              public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                revokedAt = System.nanoTime();
              }

              @Override
              public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                long now = System.nanoTime();
                if (assignedAt == 0) {
                  joinNanos.accumulateAndGet(now - subscribedAt, Math::max);
                } else {
                  rebalances.increment();
                  // Timed from the revocation that began it (a cooperative rebalance may revoke
                  // nothing: untimed).
                  if (revokedAt > assignedAt) {
                    rebalanceNanos.add(now - revokedAt);
                  }
                }
                assignedAt = now;
                // Start each partition where the pre-fill began, or where this group got to.
                for (TopicPartition tp : partitions) {
                  long from = spec.range().from().getOrDefault(tp.partition(), 0L);
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
        for (TopicPartition tp : batch.partitions()) {
          counted += count(tp.partition(), batch.records(tp));
        }
        if (counted > 0) {
          firstNanos.compareAndSet(0, t0);
          records.add(counted);
          lastNanos.accumulateAndGet(System.nanoTime(), Math::max);
          fetchNanos.add(took);
          logResult(
              session, spec.requestName() + " poll", start, components.clock().nowMillis(), null);
          // Commit about once a second, as auto-commit would: often enough for lag monitors, cheap
          // enough to drain.
          if (!spec.assign() && System.nanoTime() - lastCommit > 1_000_000_000L) {
            consumer.commitAsync();
            lastCommit = System.nanoTime();
          }
        }
      }
    } catch (RuntimeException e) {
      long now = components.clock().nowMillis();
      logResult(session, spec.requestName() + " poll", now, now, reason(e));
    }
    if (finished.incrementAndGet() == spec.threads()) {
      report(session);
    }
    next.$bang(session);
  }

  /** A poll's new records of one partition in the range: one atomic step per partition and poll. */
  private int count(int partition, List<ConsumerRecord<byte[], byte[]>> records) {
    Long end = spec.range().to().get(partition);
    if (end == null || records.isEmpty()) {
      return 0;
    }
    long from = spec.range().from().getOrDefault(partition, 0L);
    long last = Math.min(end, records.get(records.size() - 1).offset() + 1);
    // Records below the partition's counted mark were read before (a rebalance hands a partition
    // over at its last commit): the consumer that moved the mark past them counted them.
    long mark =
        last <= from
            ? from
            : counted
                .computeIfAbsent(partition, k -> new AtomicLong())
                .getAndAccumulate(last, Math::max);
    long newFrom = Math.max(from, mark);
    int n = 0;
    long size = 0;
    for (ConsumerRecord<byte[], byte[]> r : records) {
      long offset = r.offset();
      if (offset >= newFrom && offset < end) {
        n++;
        size += r.serializedValueSize() + Math.max(0, r.serializedKeySize());
      } else if (offset >= from && offset < newFrom) {
        reread.increment();
      }
    }
    bytes.add(size);
    return n;
  }

  private void report(Session session) {
    long n = records.sum();
    double seconds = Math.max(1e-9, (lastNanos.get() - firstNanos.get()) / 1e9);
    // null with static assignment: no group to join, no rebalance.
    DrainThroughput t =
        new DrainThroughput(
            spec.topic(),
            spec.assign() ? "assign" : "subscribe",
            spec.threads(),
            n,
            target,
            seconds,
            n / seconds,
            bytes.sum() / 1_048_576.0 / seconds,
            fetchNanos.sum() / 1e9,
            new DrainThroughput.Rebalancing(
                spec.assign() ? null : joinNanos.get() / 1e9,
                spec.assign() ? null : rebalances.sum(),
                spec.assign() ? null : rebalanceNanos.sum() / 1e9,
                reread.sum()));
    components.ledger().consumerThroughput(t);
    Console.outf(
        "%n[kafkaload] ---- Consumer throughput on '%s' (%s, %d consumers) ----%n"
            + "  records %d of %d | %.2f s | %.0f records/s | %.2f MB/s | fetch time %.1f s%n"
            + "  %s | %d read again after a rebalance (not counted)%n",
        t.topic(),
        spec.assign() ? "static assign" : "subscribe",
        t.consumers(),
        t.records(),
        t.expected(),
        t.seconds(),
        t.recordsPerSec(),
        t.mbPerSec(),
        t.fetchSeconds(),
        spec.assign()
            ? "static assignment: no group join, no rebalance"
            : String.format(
                "group join took %.2f s | rebalances after the first: %d taking %.2f s",
                t.rebalancing().groupJoinSeconds(),
                t.rebalancing().rebalancesAfterJoin(),
                t.rebalancing().rebalanceSeconds()),
        t.rebalancing().readAgainAfterRebalance());
    long now = components.clock().nowMillis();
    logResult(
        session,
        spec.requestName() + " drained",
        now - (long) (seconds * 1000),
        now,
        n == target ? null : "consumed " + n + " of the " + target + " pre-filled records");
  }
}
