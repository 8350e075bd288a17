package kafkaload.internal.run;

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

  private final Map<String, PartitionSlots<Adders>> acked = new ConcurrentHashMap<>();

  public void acked(String topic, int partition, long bytes) {
    add(topic, partition, 1, bytes);
  }

  /** Adds counts made elsewhere (an injector's, in the merge of a distributed run). */
  public void add(String topic, int partition, long records, long bytes) {
    PartitionSlots<Adders> t = acked.get(topic);
    if (t == null) {
      t = acked.computeIfAbsent(topic, name -> new PartitionSlots<>(Adders::new));
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
    PartitionSlots<Adders> t = acked.get(topic);
    if (t != null) {
      t.forEach((a, p) -> out.put(p, new Count(a.records.sum(), a.bytes.sum())));
    }
    return out;
  }
}
