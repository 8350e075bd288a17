package kafkaload.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The listener's bounded memory of timed-out keys and early records: oldest first, by count and by
 * age. Over the count, the eviction once removed without stepping (IllegalStateException inside the
 * dispatch, so every later record was dropped with a warning).
 */
class TopicListenerEvictTest {

  private static LinkedHashMap<String, Long> at(long... millis) {
    LinkedHashMap<String, Long> byAge = new LinkedHashMap<>();
    for (int i = 0; i < millis.length; i++) {
      byAge.put("k" + i, millis[i]);
    }
    return byAge;
  }

  @Test
  void overTheCountTheOldestGoUntilTheCountIsKept() {
    LinkedHashMap<String, Long> byAge = at(1000, 1000, 1000, 1000, 1000);
    TopicListener.evictOldest(byAge, t -> t, 1000, 60_000, 3);
    assertEquals(List.of("k2", "k3", "k4"), List.copyOf(byAge.keySet()));
  }

  @Test
  void olderThanTheBoundGoYoungerStay() {
    LinkedHashMap<String, Long> byAge = at(0, 10, 50, 90);
    TopicListener.evictOldest(byAge, t -> t, 100, 50, 10);
    assertEquals(List.of("k2", "k3"), List.copyOf(byAge.keySet()));
  }

  @Test
  void bothBoundsAndAnEmptyMap() {
    LinkedHashMap<String, Long> byAge = at(0, 95, 96, 97, 98);
    TopicListener.evictOldest(byAge, t -> t, 100, 50, 2);
    assertEquals(List.of("k3", "k4"), List.copyOf(byAge.keySet()));
    LinkedHashMap<String, Long> none = at();
    TopicListener.evictOldest(none, t -> t, 100, 50, 2);
    assertEquals(0, none.size());
  }
}
