package kafkaload.internal.run;

import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.TopicPartition;

/** Records and bytes acknowledged per partition, counted in the ack callback. */
public final class PartitionCounters {
  public record Count(long records, long bytes) {}

  private static final class Adders {
    final LongAdder records = new LongAdder();
    final LongAdder bytes = new LongAdder();
  }

  private final Map<TopicPartition, Adders> acked = new ConcurrentHashMap<>();

  public void acked(String topic, int partition, long bytes) {
    Adders a = acked.computeIfAbsent(new TopicPartition(topic, partition), tp -> new Adders());
    a.records.increment();
    a.bytes.add(bytes);
  }

  /** Adds counts made elsewhere (an injector's, in the merge of a distributed run). */
  public void add(String topic, int partition, long records, long bytes) {
    Adders a = acked.computeIfAbsent(new TopicPartition(topic, partition), tp -> new Adders());
    a.records.add(records);
    a.bytes.add(bytes);
  }

  /** The topics with at least one acked record, sorted. */
  public SortedSet<String> topics() {
    SortedSet<String> out = new TreeSet<>();
    acked.keySet().forEach(tp -> out.add(tp.topic()));
    return out;
  }

  /** A sorted snapshot for one topic: partition → acked records and bytes. */
  public Map<Integer, Count> snapshot(String topic) {
    Map<Integer, Count> out = new TreeMap<>();
    acked.forEach(
        (tp, a) -> {
          if (tp.topic().equals(topic)) {
            out.put(tp.partition(), new Count(a.records.sum(), a.bytes.sum()));
          }
        });
    return out;
  }
}
