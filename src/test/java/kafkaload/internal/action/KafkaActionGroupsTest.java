package kafkaload.internal.action;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gatling.core.session.Session;
import io.gatling.core.session.Session$;
import java.util.List;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/** The groups a result is logged under are Gatling's own, read without Session.groups(). */
class KafkaActionGroupsTest {
  private static final Session USER = Session$.MODULE$.apply("scn", 1L, null);

  @Test
  void noGroupOutsideAnyGroup() {
    assertEquals(USER.groups(), KafkaAction.groups(USER));
    assertEquals(List.of(), CollectionConverters.asJava(KafkaAction.groups(USER)));
  }

  @Test
  void theInnermostGroupWithItsParents() {
    Session nested = USER.enterGroup("outer", 0L).enterGroup("inner", 0L);
    assertEquals(nested.groups(), KafkaAction.groups(nested));
    assertEquals(
        List.of("outer", "inner"), CollectionConverters.asJava(KafkaAction.groups(nested)));
  }

  @Test
  void aGroupBelowALoopBlock() {
    // A tryMax entered inside a group: its block sits on top of the group's.
    Session looped = USER.enterGroup("g", 0L).enterTryMax("retry", null);
    assertEquals(looped.groups(), KafkaAction.groups(looped));
    assertEquals(List.of("g"), CollectionConverters.asJava(KafkaAction.groups(looped)));
  }
}
