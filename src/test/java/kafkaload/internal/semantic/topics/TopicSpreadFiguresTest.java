package kafkaload.internal.semantic.topics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.results.ReconciliationResult.Partition;
import kafkaload.internal.run.Reconciled.TopicResult;
import org.junit.jupiter.api.Test;

/** Many topics' reconciliation in a bounded size: totals over all, the worst ten listed. */
class TopicSpreadFiguresTest {
  /** A read-back topic of two partitions: {@code acked} acked, {@code found} found. */
  static TopicResult topic(String name, long acked, long found, long duplicates) {
    return new TopicResult(
        name,
        acked,
        found + duplicates,
        found,
        duplicates,
        List.of(
            new Partition(0, 0, acked / 2, acked / 2, acked * 5, acked / 2, duplicates, 0L),
            new Partition(1, 0, acked - acked / 2, acked - acked / 2, acked * 5, 0L, 0L, 1L)),
        null,
        0);
  }

  @Test
  void fiveHundredTopicsSumUpInTenRows() {
    List<TopicResult> topics = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      topics.add(topic("perf-" + i, 1000 + i, 1000 + i, 0));
    }
    topics.set(7, topic("perf-7", 1007, 1000, 0)); // 7 lost
    topics.set(300, topic("perf-300", 1300, 1300, 4)); // 4 duplicates
    topics.set(400, topic("perf-400", 1400, 1398, 0)); // 2 lost
    TopicSpreadFigures f = TopicSpreadFigures.of(topics);
    assertEquals(500, f.topics());
    assertEquals(1000, f.partitions());
    long acked = topics.stream().mapToLong(TopicResult::ackedOk).sum();
    assertEquals(acked, f.ackedOk());
    assertEquals(acked - 9, f.delivered());
    assertEquals(9, f.faults().lost());
    assertEquals(4, f.faults().duplicates());
    assertEquals(2, f.faults().topicsWithLost());
    assertEquals(1, f.faults().topicsWithDuplicates());
    assertEquals(1000, f.spread().minAckedOk());
    assertEquals(1499, f.spread().maxAckedOk());
    assertEquals(TopicSpreadFigures.WORST, f.worst().size(), "bounded: not a row per topic");
    assertEquals(
        List.of("perf-7", "perf-400", "perf-300", "perf-0", "perf-1"),
        f.worst().subList(0, 5).stream().map(TopicSpreadFigures.TopicRow::topic).toList(),
        "the most lost, then the most duplicated, then the fewest acked");
    assertEquals(7, f.worst().get(0).lost());
    assertEquals(2, f.worst().get(0).partitions());
    assertEquals(1, f.worst().get(0).reordered());
  }

  @Test
  void oneTopicHasNoSpread() {
    assertNull(TopicSpreadFigures.of(List.of(topic("a", 10, 10, 0))));
  }

  @Test
  void withoutAReadBackNothingCountsAsFound() {
    TopicResult unread =
        new TopicResult(
            "b",
            10,
            10,
            -1,
            -1,
            List.of(new Partition(0, 0, 10, 10, 100, null, null, null)),
            null,
            0);
    assertEquals(-1, TopicSpreadFigures.of(List.of(topic("a", 10, 10, 0), unread)).delivered());
  }
}
