package kafkaload.verification;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kafkaload.admin.Connection;
import kafkaload.admin.Preflight;
import kafkaload.run.Reconciled.PartitionResult;
import kafkaload.run.Reconciled.ReadBack;
import kafkaload.run.Reconciled.Result;
import kafkaload.run.Reconciled.TopicResult;
import kafkaload.run.KoLedger;
import kafkaload.run.RunIdentity;
import kafkaload.run.RunLedger;
import kafkaload.run.PartitionCounters;
import kafkaload.client.ProducerHandle;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Compares what the run says it wrote with what the broker holds, for every topic the run sent to: records acked OK
 * against the end-offset delta of every partition, and, when read-back is on, the run's own records read back by
 * run id, counting per partition the duplicates, the reordering within a user's sequence, and the acked records
 * that are missing (lost). One read-back covers all topics, since a user's sequence numbers span them.
 */
public final class Reconciliation {
  private Reconciliation() {}

  /** Flushes the producers, snapshots end offsets and, if asked, reads the run's records back within the timeout. */
  public static Result run(Connection connection, RunLedger ledger, List<ProducerHandle> producers,
      String defaultTopic, boolean readBack, Duration timeout) {
    long inFlight = ledger.stats().inFlight.get();
    for (ProducerHandle h : producers) {
      h.producer().flush();
    }
    Map<String, Map<Integer, Long>> before = new LinkedHashMap<>();
    Map<String, Map<Integer, Long>> taken = ledger.baselines().taken();
    if (taken.containsKey(defaultTopic)) {
      before.put(defaultTopic, taken.get(defaultTopic));
    }
    before.putAll(taken);
    Map<String, Map<Integer, Long>> after = new LinkedHashMap<>();
    try (Admin admin = connection.admin()) {
      for (String topic : before.keySet()) {
        after.put(topic, Preflight.endOffsets(admin, topic, connection.timeoutMs()));
      }
    }
    ReadState state = readBack && ledger.identity() != null ? read(connection, ledger, before, after, timeout) : null;

    List<TopicResult> topics = new ArrayList<>();
    for (String topic : before.keySet()) {
      Map<Integer, PartitionCounters.Count> acked = ledger.stats().partitions.snapshot(topic);
      List<PartitionResult> partitions = new ArrayList<>();
      long ackedOk = 0;
      long delta = 0;
      for (Map.Entry<Integer, Long> e : after.get(topic).entrySet()) {
        int p = e.getKey();
        long b = before.get(topic).getOrDefault(p, 0L);
        PartitionCounters.Count a = acked.getOrDefault(p, new PartitionCounters.Count(0, 0));
        ackedOk += a.records();
        delta += e.getValue() - b;
        TopicPartition tp = new TopicPartition(topic, p);
        partitions.add(new PartitionResult(p, b, e.getValue(), a.records(), a.bytes(),
            state == null ? -1 : state.matchedBy.getOrDefault(tp, 0L),
            state == null ? -1 : state.duplicatesBy.getOrDefault(tp, 0L),
            state == null ? -1 : state.reorderedBy.getOrDefault(tp, 0L)));
      }
      topics.add(new TopicResult(topic, ackedOk, delta,
          state == null || !state.complete ? -1
              : state.distinctBy.getOrDefault(topic, 0L) - state.koInTopicBy.getOrDefault(topic, 0L),
          state == null ? -1 : partitions.stream().mapToLong(PartitionResult::duplicates).sum(), partitions));
    }
    return new Result(ledger.identity() == null ? null : ledger.identity().runId(), inFlight,
        state == null ? null : state.summary(), topics);
  }

  /** What the read-back accumulates: one bit per (user, sequence) seen, and per-partition counts. */
  private static final class ReadState {
    final Map<Long, BitSet> seen = new HashMap<>();
    final Map<TopicPartition, Map<Long, Long>> lastSeq = new HashMap<>();
    final Map<TopicPartition, Long> matchedBy = new HashMap<>();
    final Map<TopicPartition, Long> duplicatesBy = new HashMap<>();
    final Map<TopicPartition, Long> reorderedBy = new HashMap<>();
    final Map<String, Long> distinctBy = new HashMap<>();
    final Map<String, Long> koInTopicBy = new HashMap<>();
    final KoLedger koLedger;
    long scanned;
    long matched;
    long duplicates;
    long reordered;
    boolean complete;
    double seconds;

    ReadState(KoLedger koLedger) {
      this.koLedger = koLedger;
    }

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
      TopicPartition p = new TopicPartition(r.topic(), r.partition());
      matched++;
      matchedBy.merge(p, 1L, Long::sum);
      BitSet bits = seen.computeIfAbsent(user, u -> new BitSet());
      if (bits.get((int) seq)) {
        duplicates++;
        duplicatesBy.merge(p, 1L, Long::sum);
      } else {
        bits.set((int) seq);
        distinctBy.merge(r.topic(), 1L, Long::sum);
        if (koLedger.contains(user, seq)) {
          koInTopicBy.merge(r.topic(), 1L, Long::sum);
        }
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
      long koInTopic = koInTopicBy.values().stream().mapToLong(Long::longValue).sum();
      return new ReadBack(complete, scanned, matched, distinct, duplicates, gaps, reordered, koInTopic,
          koLedger.complete(), seconds);
    }

    private static byte[] value(ConsumerRecord<byte[], byte[]> r, String header) {
      Header h = r.headers().lastHeader(header);
      return h == null ? null : h.value();
    }
  }

  private static ReadState read(Connection connection, RunLedger ledger, Map<String, Map<Integer, Long>> before,
      Map<String, Map<Integer, Long>> after, Duration timeout) {
    long t0 = System.nanoTime();
    ReadState state = new ReadState(ledger.koLedger());
    Properties p = connection.properties();
    p.put("client.id", "kafkaload-verify");
    p.put("enable.auto.commit", "false");
    p.put("max.poll.records", "5000");
    // position() and the first fetch must not wait longer than the read-back may take when a broker is gone.
    p.put("default.api.timeout.ms", (int) Math.max(1000, Math.min(timeout.toMillis(), 30_000)));
    // Records deleted below the start offset must read as missing, not make the reader jump to the end.
    p.put("auto.offset.reset", "earliest");
    byte[] runId = ledger.identity().runIdBytes();
    Map<TopicPartition, Long> from = new HashMap<>();
    Map<TopicPartition, Long> to = new HashMap<>();
    after.forEach((topic, offsets) -> offsets.forEach((partition, end) -> {
      long start = before.get(topic).getOrDefault(partition, 0L);
      if (end > start) {
        from.put(new TopicPartition(topic, partition), start);
        to.put(new TopicPartition(topic, partition), end);
      }
    }));
    List<TopicPartition> pending = new ArrayList<>(from.keySet());
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.assign(pending);
      from.forEach(consumer::seek);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          if (r.offset() < to.get(new TopicPartition(r.topic(), r.partition()))) {
            state.accept(r, runId);
          }
        }
        pending.removeIf(tp -> consumer.position(tp) >= to.get(tp));
        consumer.pause(consumer.assignment().stream().filter(tp -> !pending.contains(tp)).toList());
      }
      state.complete = pending.isEmpty();
    }
    state.seconds = (System.nanoTime() - t0) / 1e9;
    return state;
  }
}
