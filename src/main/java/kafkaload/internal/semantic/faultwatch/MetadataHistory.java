package kafkaload.internal.semantic.faultwatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The cluster's partitions as the metadata watcher saw them: each one's first state, then every
 * change of its leader or ISR with the time it was seen (epoch ms). Changes are few (a fault makes
 * one per partition or so); past {@link #MAX_CHANGES} they are not kept.
 */
final class MetadataHistory {
  static final int MAX_CHANGES = 100_000;

  /** A partition's leader (-1: none) and in-sync replicas, sorted. */
  record State(int leader, List<Integer> isr) {}

  /**
   * A change of {@code tp}'s leader ({@code leader} true: before and after hold one id each) or
   * ISR, seen at {@code atMs} (epoch ms here; ms after the load's start once analysed).
   */
  record Seen(
      long atMs, TopicPartition tp, boolean leader, List<Integer> before, List<Integer> after) {
    Seen since(long originMillis) {
      return new Seen(atMs - originMillis, tp, leader, before, after);
    }
  }

  /** What was seen: each partition's first state and time, and the changes in order. */
  record Snapshot(
      Map<TopicPartition, State> first, Map<TopicPartition, Long> firstAtMs, List<Seen> changes) {}

  private final Map<TopicPartition, State> first = new HashMap<>();
  private final Map<TopicPartition, Long> firstAt = new HashMap<>();
  private final Map<TopicPartition, State> current = new HashMap<>();
  private final List<Seen> changes = new ArrayList<>();

  /** One reading of the partitions at {@code atMillis}; a partition not in it keeps its state. */
  synchronized void observe(long atMillis, Map<TopicPartition, State> seen) {
    seen.forEach(
        (tp, now) -> {
          State before = current.put(tp, now);
          if (before == null) {
            first.put(tp, now);
            firstAt.put(tp, atMillis);
            return;
          }
          if (before.leader() != now.leader()) {
            add(new Seen(atMillis, tp, true, List.of(before.leader()), List.of(now.leader())));
          }
          if (!before.isr().equals(now.isr())) {
            add(new Seen(atMillis, tp, false, before.isr(), now.isr()));
          }
        });
  }

  private void add(Seen s) {
    if (changes.size() < MAX_CHANGES) {
      changes.add(s);
    }
  }

  synchronized Snapshot snapshot() {
    return new Snapshot(Map.copyOf(first), Map.copyOf(firstAt), List.copyOf(changes));
  }
}
