package kafkaload.internal.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.ParamSnapshot;
import kafkaload.internal.payload.SessionValue;
import org.junit.jupiter.api.Test;

/** A run spread over many topics: their names, the round robin, -Dtopics over the builder. */
class TopicsTest {
  private static final Topics ONE = new Topics("perf", TopicPlan.DEFAULT);

  @Test
  void oneTopicIsTheTopicItself() {
    assertFalse(ONE.many());
    assertEquals(List.of("perf"), ONE.names());
    assertEquals("perf", ONE.spread().resolve(null));
    assertEquals(List.of(), Topics.NONE.names());
  }

  @Test
  void manyTopicsAreNamedAfterThePrefixAndTakenRoundRobin() {
    Topics many = ONE.withCount(3);
    assertTrue(many.many());
    assertEquals(List.of("perf-0", "perf-1", "perf-2"), many.names());
    SessionValue<String> spread = many.spread();
    List<String> sent = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      sent.add(spread.resolve(null));
    }
    assertEquals(
        List.of("perf-0", "perf-1", "perf-2", "perf-0", "perf-1", "perf-2", "perf-0"), sent);
  }

  @Test
  void aStepOnOneTopicIsRefusedOverManyNamingTheTopics() {
    assertEquals("perf", ONE.oneTopic("Transaction 'tx'"));
    String m =
        assertThrows(
                KafkaLoadConfigException.class, () -> ONE.withCount(3).oneTopic("Transaction 'tx'"))
            .getMessage();
    assertTrue(m.startsWith("Transaction 'tx' has no topic of its own"), m);
    assertTrue(m.contains("over 3 topics ('perf-0' to 'perf-2'"), m);
  }

  @Test
  void minusDTopicsWinsOverTheBuilderAndNeedsAPrefix() {
    ParamSnapshot none = ParamSnapshot.of(Map.of(), Map.of());
    assertEquals(4, ProtocolResolver.topics(none, ONE.withCount(4)).count());
    ParamSnapshot five = ParamSnapshot.of(Map.of("topics", "5"), Map.of());
    assertEquals(5, ProtocolResolver.topics(five, ONE.withCount(4)).count());
    String m =
        assertThrows(
                KafkaLoadConfigException.class, () -> ProtocolResolver.topics(five, Topics.NONE))
            .getMessage();
    assertTrue(m.contains("-Dtopics=5 needs a default topic"), m);
    ParamSnapshot zero = ParamSnapshot.of(Map.of("topics", "0"), Map.of());
    assertThrows(KafkaLoadConfigException.class, () -> ProtocolResolver.topics(zero, ONE));
  }
}
