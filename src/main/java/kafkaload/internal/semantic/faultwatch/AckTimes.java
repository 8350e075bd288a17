package kafkaload.internal.semantic.faultwatch;

import static kafkaload.internal.verification.LagMonitor.BY_TOPIC_PARTITION;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.run.PartitionSlots;
import org.apache.kafka.common.TopicPartition;

/**
 * When each partition's acks came, kept as its gaps: a pause of {@link #GAP_MS} ms or more between
 * one ack and the next is recorded as (last ack, next ack). An unavailability is such a gap, so
 * this costs a compare and a max per ack, and memory only for the pauses. Gaps that ended before
 * {@link #prune} are dropped, so a long run keeps a bounded past.
 */
final class AckTimes {
  /** Acks closer together than this are not told apart: the windows' resolution. */
  static final long GAP_MS = 20;

  /**
   * One partition's latest ack and its gaps, as triples (start, end, when the record whose ack
   * started the gap was sent) in epoch ms.
   */
  static final class Partition {
    private final AtomicLong last = new AtomicLong(Long.MIN_VALUE);
    // When the latest ack's record was sent. Each producer answers a partition on its one I/O
    // thread; between producers a race may pair an ack with another's send time, an ack or so off.
    private volatile long lastSent = Long.MIN_VALUE;
    private long[] gaps = new long[12];
    private int size;

    void acked(long sentMillis, long atMillis) {
      long sentBefore = lastSent;
      long before = last.getAndAccumulate(atMillis, Math::max);
      if (atMillis >= before) {
        lastSent = sentMillis;
      }
      if (before != Long.MIN_VALUE && atMillis - before >= GAP_MS) {
        gap(before, atMillis, sentBefore == Long.MIN_VALUE ? before : sentBefore);
      }
    }

    private synchronized void gap(long from, long to, long fromSent) {
      if (size + 3 > gaps.length) {
        gaps = Arrays.copyOf(gaps, gaps.length * 2);
      }
      gaps[size++] = from;
      gaps[size++] = to;
      gaps[size++] = fromSent;
    }

    synchronized void prune(long beforeMillis) {
      int keep = 0;
      while (keep < size && gaps[keep + 1] < beforeMillis) {
        keep += 3;
      }
      if (keep > 0) {
        System.arraycopy(gaps, keep, gaps, 0, size - keep);
        size -= keep;
      }
    }

    synchronized Trace trace(long originMillis) {
      long[] starts = new long[size / 3];
      long[] ends = new long[size / 3];
      long[] sent = new long[size / 3];
      for (int i = 0; i < size; i += 3) {
        starts[i / 3] = gaps[i] - originMillis;
        ends[i / 3] = gaps[i + 1] - originMillis;
        sent[i / 3] = gaps[i + 2] - originMillis;
      }
      long l = last.get();
      return new Trace(starts, ends, sent, l == Long.MIN_VALUE ? null : l - originMillis);
    }
  }

  /**
   * A partition's acks in ms after an origin: the gaps' starts and ends, in order, when the record
   * whose ack started each gap was sent, and the latest ack (null: none).
   */
  record Trace(long[] gapStarts, long[] gapEnds, long[] gapStartSent, Long lastAckMs) {}

  private final Map<String, PartitionSlots<Partition>> topics = new ConcurrentHashMap<>();

  void acked(String topic, int partition, long sentMillis, long atMillis) {
    if (partition < 0) {
      return;
    }
    topics
        .computeIfAbsent(topic, name -> new PartitionSlots<>(Partition::new))
        .of(partition)
        .acked(sentMillis, atMillis);
  }

  /** The topics acked so far. */
  java.util.Set<String> topics() {
    return java.util.Set.copyOf(topics.keySet());
  }

  /** Drops the gaps that ended before this time (epoch ms). */
  void prune(long beforeMillis) {
    topics.values().forEach(t -> t.forEach((p, i) -> p.prune(beforeMillis)));
  }

  /** Every partition's trace, in ms after {@code originMillis}. */
  Map<TopicPartition, Trace> traces(long originMillis) {
    Map<TopicPartition, Trace> out = new TreeMap<>(BY_TOPIC_PARTITION);
    topics.forEach(
        (name, t) ->
            t.forEach((p, i) -> out.put(new TopicPartition(name, i), p.trace(originMillis))));
    return out;
  }
}
