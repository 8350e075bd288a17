package kafkaload.internal.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Many topics go to the AdminClient in batches, and a refusal names a bounded few. */
class TopicBatchesTest {
  private static List<String> topics(int n) {
    return IntStream.range(0, n).mapToObj(i -> "t-" + i).toList();
  }

  @Test
  void fiveHundredTopicsAreFiveCallsOfAHundred() {
    List<List<String>> batches = TopicBatches.batches(topics(500), TopicBatches.BATCH);
    assertEquals(5, batches.size());
    batches.forEach(b -> assertEquals(100, b.size()));
    assertEquals("t-0", batches.get(0).get(0));
    assertEquals("t-499", batches.get(4).get(99));
  }

  @Test
  void theLastBatchHoldsTheRest() {
    List<List<String>> batches = TopicBatches.batches(topics(250), 100);
    assertEquals(List.of(100, 100, 50), batches.stream().map(List::size).toList());
    assertEquals(List.of(), TopicBatches.batches(List.of(), 100));
  }

  @Test
  void aRefusalNamesTenTopicsAndCountsTheRest() {
    assertEquals("'t-0', 't-1'", TopicBatches.named(topics(2)));
    assertEquals(
        "'t-0', 't-1', 't-2', 't-3', 't-4', 't-5', 't-6', 't-7', 't-8', 't-9' and 490 more",
        TopicBatches.named(topics(500)));
  }
}
