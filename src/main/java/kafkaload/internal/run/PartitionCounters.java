package kafkaload.internal.run;

import java.util.Arrays;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Records and bytes acked per partition, counted in the ack callback without allocating. */
public final class PartitionCounters {
  public record Count(long records, long bytes) {}

  private static final class Adders {
    final LongAdder records = new LongAdder();
    final LongAdder bytes = new LongAdder();
  }

  /** One topic's partitions; the array grows (copied, under the lock) when a higher one appears. */
  private static final class Topic {
    private volatile Adders[] byPartition = new Adders[0];

    Adders of(int partition) {
      Adders[] a = byPartition;
      Adders c = partition < a.length ? a[partition] : null;
      return c != null ? c : create(partition);
    }

    private synchronized Adders create(int partition) {
      Adders[] a = byPartition;
      if (partition < a.length && a[partition] != null) {
        return a[partition];
      }
      Adders[] grown = Arrays.copyOf(a, Math.max(a.length, partition + 1));
      grown[partition] = new Adders();
      byPartition = grown;
      return grown[partition];
    }
  }

  private final Map<String, Topic> acked = new ConcurrentHashMap<>();

  public void acked(String topic, int partition, long bytes) {
    add(topic, partition, 1, bytes);
  }

  /** Adds counts made elsewhere (an injector's, in the merge of a distributed run). */
  public void add(String topic, int partition, long records, long bytes) {
    Topic t = acked.get(topic);
    if (t == null) {
      t = acked.computeIfAbsent(topic, name -> new Topic());
    }
    Adders a = t.of(partition);
    a.records.add(records);
    a.bytes.add(bytes);
  }

  /** The topics with at least one acked record, sorted. */
  public SortedSet<String> topics() {
    return new TreeSet<>(acked.keySet());
  }

  /** A sorted snapshot for one topic: partition → acked records and bytes. */
  public Map<Integer, Count> snapshot(String topic) {
    Map<Integer, Count> out = new TreeMap<>();
    Topic t = acked.get(topic);
    if (t != null) {
      Adders[] a = t.byPartition;
      for (int p = 0; p < a.length; p++) {
        if (a[p] != null) {
          out.put(p, new Count(a[p].records.sum(), a[p].bytes.sum()));
        }
      }
    }
    return out;
  }
}
