package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/** The spec parses its plan against its consumers and load, so the DSL refuses before any load. */
class ChurnSpecTest {

  @Test
  void thePlanIsParsedForTheConsumersAndTheLoad() {
    ChurnSpec s =
        ChurnSpec.of("churn")
            .withConsumers(2)
            .withPlanText("rolling@1s+2s")
            .withDuring(Duration.ofSeconds(6));
    assertEquals("rolling@1s+2s", s.plan().toString());
    assertEquals(2, s.plan().initialConsumers());
  }

  @Test
  void aStepOnConsumersThatDoNotExistIsRefused() {
    ChurnSpec s = ChurnSpec.of("churn").withConsumers(2).withPlanText("crash:3@1s");
    KafkaLoadConfigException e = assertThrows(KafkaLoadConfigException.class, s::plan);
    assertEquals(
        "-Dchurn.plan step crash:3@1s crashes 3 consumers but 2 are running at 1s (2 at the start,"
            + " the steps before it counted)",
        e.getMessage());
  }

  @Test
  void aStepPastTheLoadIsRefused() {
    ChurnSpec s =
        ChurnSpec.of("churn").withPlanText("rolling@5s+5s").withDuring(Duration.ofSeconds(20));
    KafkaLoadConfigException e = assertThrows(KafkaLoadConfigException.class, s::plan);
    assertEquals(
        "-Dchurn.plan step rolling@5s+5s ends at 25s, after the end of the run (20s): shorten it",
        e.getMessage());
  }

  @Test
  void aStallWithinMaxPollIntervalIsRefused() {
    ChurnSpec s =
        ChurnSpec.of("churn").withPlanText("stall:1@1s+5s").withTimeouts(10_000, 10_000, 60_000);
    assertThrows(KafkaLoadConfigException.class, s::plan);
  }

  @Test
  void badValuesAreRefusedAtOnceNamingThem() {
    ChurnSpec s = ChurnSpec.of("churn");
    assertEquals(
        "churn 'churn': consumers must be above 0, not 0",
        assertThrows(KafkaLoadConfigException.class, () -> s.withConsumers(0)).getMessage());
    assertEquals(
        "churn 'churn': maxReadTwicePct must be within 0 and 100, not 101.0",
        assertThrows(KafkaLoadConfigException.class, () -> s.withMaxReadTwicePct(101))
            .getMessage());
    assertThrows(KafkaLoadConfigException.class, () -> s.withProtocols("classic-eager,eager"));
    assertThrows(KafkaLoadConfigException.class, () -> ChurnSpec.of(" "));
  }
}
