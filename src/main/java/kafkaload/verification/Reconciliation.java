package kafkaload.verification;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import kafkaload.admin.Preflight;
import kafkaload.protocol.KafkaComponents;
import kafkaload.protocol.PartitionCounters;
import kafkaload.protocol.ProducerHandle;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Compares what the run says it wrote with what the broker holds: records acked OK against the end-offset delta
 * of every partition, and, when read-back is on, the run's own records read back by run id, counting per partition
 * the duplicates, the reordering within a user's sequence, and the acked records that are missing (lost).
 */
public final class Reconciliation {
  private Reconciliation() {}

  public record PartitionResult(int partition, long offsetBefore, long offsetAfter, long ackedRecords,
      long ackedBytes, long readBack, long duplicates, long reordered) {
    public long offsetDelta() {
      return offsetAfter - offsetBefore;
    }
  }

  /** The read-back of the run's records; {@code complete} is false when it ran out of time. */
  public record ReadBack(boolean complete, long scanned, long matched, long distinct, long duplicates, long gaps,
      long reordered, double seconds) {}

  public record Result(String topic, String runId, long ackedOk, long offsetDelta, long inFlightAtEnd,
      ReadBack readBack, List<PartitionResult> partitions) {

    /** Acked records not in the topic: exact with a complete read-back, else a lower bound from offsets. */
    public long lost() {
      return readBack != null && readBack.complete()
          ? Math.max(0, ackedOk - readBack.distinct())
          : Math.max(0, ackedOk - offsetDelta);
    }

    /** Extra copies of records: exact with read-back, else an upper bound from offsets (other writers count too). */
    public long duplicates() {
      return readBack != null ? readBack.duplicates() : Math.max(0, offsetDelta - ackedOk);
    }

    public double duplicatePct() {
      return ackedOk == 0 ? 0 : 100.0 * duplicates() / ackedOk;
    }
  }

  /** Flushes the producers, snapshots end offsets and, if asked, reads the run's records back within the timeout. */
  public static Result run(KafkaComponents c, boolean readBack, Duration timeout) {
    String topic = c.protocol().topic();
    long inFlight = c.stats().inFlight.get();
    for (ProducerHandle h : c.producers().all()) {
      h.producer().flush();
    }
    Map<Integer, Long> before = c.offsetsBefore();
    Map<Integer, Long> after;
    long timeoutMs = c.protocol().topicPlan().bootstrapTimeoutMs();
    try (Admin admin = Preflight.admin(c.bootstrap(), c.protocol().producerProperties(), timeoutMs)) {
      after = Preflight.endOffsets(admin, topic, timeoutMs);
    }
    Map<Integer, PartitionCounters.Count> acked = c.stats().partitions.snapshot(topic);
    ReadState state = readBack && c.identity() != null ? read(c, topic, before, after, timeout) : null;

    List<PartitionResult> partitions = new ArrayList<>();
    long ackedOk = 0;
    long delta = 0;
    for (Map.Entry<Integer, Long> e : after.entrySet()) {
      int p = e.getKey();
      long b = before.getOrDefault(p, 0L);
      PartitionCounters.Count a = acked.getOrDefault(p, new PartitionCounters.Count(0, 0));
      ackedOk += a.records();
      delta += e.getValue() - b;
      partitions.add(new PartitionResult(p, b, e.getValue(), a.records(), a.bytes(),
          state == null ? -1 : state.matchedBy.getOrDefault(p, 0L),
          state == null ? -1 : state.duplicatesBy.getOrDefault(p, 0L),
          state == null ? -1 : state.reorderedBy.getOrDefault(p, 0L)));
    }
    return new Result(topic, c.identity() == null ? null : c.identity().runId(), ackedOk, delta, inFlight,
        state == null ? null : state.summary(), partitions);
  }

  /** What the read-back accumulates: one bit per (user, sequence) seen, and per-partition counts. */
  private static final class ReadState {
    final Map<Long, BitSet> seen = new HashMap<>();
    final Map<Integer, Map<Long, Long>> lastSeq = new HashMap<>();
    final Map<Integer, Long> matchedBy = new TreeMap<>();
    final Map<Integer, Long> duplicatesBy = new TreeMap<>();
    final Map<Integer, Long> reorderedBy = new TreeMap<>();
    long scanned;
    long matched;
    long duplicates;
    long reordered;
    boolean complete;
    double seconds;

    void accept(ConsumerRecord<byte[], byte[]> r, byte[] runId) {
      scanned++;
      Header run = r.headers().lastHeader(RunIdentity.RUN_HEADER);
      if (run == null || !java.util.Arrays.equals(run.value(), runId)) {
        return;
      }
      long[] id = RunIdentity.parse(value(r, RunIdentity.SEQ_HEADER));
      if (id == null || id[1] > Integer.MAX_VALUE) {
        return;
      }
      long user = id[0];
      long seq = id[1];
      int p = r.partition();
      matched++;
      matchedBy.merge(p, 1L, Long::sum);
      BitSet bits = seen.computeIfAbsent(user, u -> new BitSet());
      if (bits.get((int) seq)) {
        duplicates++;
        duplicatesBy.merge(p, 1L, Long::sum);
      } else {
        bits.set((int) seq);
      }
      Long last = lastSeq.computeIfAbsent(p, x -> new HashMap<>()).put(user, seq);
      if (last != null && seq < last) {
        reordered++;
        reorderedBy.merge(p, 1L, Long::sum);
      }
    }

    ReadBack summary() {
      long distinct = 0;
      long gaps = 0;
      for (BitSet b : seen.values()) {
        distinct += b.cardinality();
        gaps += b.length() - b.cardinality();
      }
      return new ReadBack(complete, scanned, matched, distinct, duplicates, gaps, reordered, seconds);
    }

    private static byte[] value(ConsumerRecord<byte[], byte[]> r, String header) {
      Header h = r.headers().lastHeader(header);
      return h == null ? null : h.value();
    }
  }

  private static ReadState read(KafkaComponents c, String topic, Map<Integer, Long> before, Map<Integer, Long> after,
      Duration timeout) {
    long t0 = System.nanoTime();
    ReadState state = new ReadState();
    Properties p = kafkaload.config.ClientConnection.of(c.bootstrap(), c.protocol().producerProperties());
    p.put("client.id", "kafkaload-verify");
    p.put("enable.auto.commit", "false");
    p.put("max.poll.records", "5000");
    // position() and the first fetch must not wait longer than the read-back may take when a broker is gone.
    p.put("default.api.timeout.ms", (int) Math.max(1000, Math.min(timeout.toMillis(), 30_000)));
    // Records deleted below the start offset must read as missing, not make the reader jump to the end.
    p.put("auto.offset.reset", "earliest");
    byte[] runId = c.identity().runIdBytes();
    List<TopicPartition> pending = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      for (Map.Entry<Integer, Long> e : after.entrySet()) {
        if (e.getValue() > before.getOrDefault(e.getKey(), 0L)) {
          pending.add(new TopicPartition(topic, e.getKey()));
        }
      }
      consumer.assign(pending);
      for (TopicPartition tp : pending) {
        consumer.seek(tp, before.getOrDefault(tp.partition(), 0L));
      }
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          if (r.offset() < after.get(r.partition())) {
            state.accept(r, runId);
          }
        }
        pending.removeIf(tp -> consumer.position(tp) >= after.get(tp.partition()));
        consumer.pause(consumer.assignment().stream().filter(tp -> !pending.contains(tp)).toList());
      }
      state.complete = pending.isEmpty();
    }
    state.seconds = (System.nanoTime() - t0) / 1e9;
    return state;
  }
}
