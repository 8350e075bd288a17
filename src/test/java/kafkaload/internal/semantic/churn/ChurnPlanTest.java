package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.churn.ChurnPlan.Action;
import kafkaload.internal.semantic.churn.ChurnPlan.Step;
import org.junit.jupiter.api.Test;

class ChurnPlanTest {
  private static final long RUN = 180_000;

  @Test
  void everyFormParsesAndResolvesItsConsumers() {
    ChurnPlan plan =
        ChurnPlan.parse(
            "join:2@20s,leave:1@40s,crash:1@60s,restart:1@70s,rolling@90s+5s,stall:1@120s+40s",
            2,
            RUN);
    assertEquals(
        List.of(
            new Step(Action.JOIN, List.of(3, 4), 20_000, 0),
            new Step(Action.LEAVE, List.of(4), 40_000, 0),
            new Step(Action.CRASH, List.of(3), 60_000, 0),
            new Step(Action.RESTART, List.of(3), 70_000, 0),
            new Step(Action.ROLLING, List.of(1, 2, 3), 90_000, 5_000),
            new Step(Action.STALL, List.of(3), 120_000, 40_000)),
        plan.steps());
    assertEquals(
        "join:2@20s,leave:1@40s,crash:1@60s,restart:1@70s,rolling@90s+5s,stall:1@120s+40s",
        plan.toString());
    assertEquals(4, plan.peakConsumers());
    Step rolling = plan.steps().get(4);
    assertEquals(105_000, rolling.endMillis(), "one gap per consumer restarted: 3 x 5 s");
    assertEquals(160_000, plan.steps().get(5).endMillis());
  }

  @Test
  void stepsAreSortedByTimeAndTimesTakeUnits() {
    ChurnPlan plan = ChurnPlan.parse("restart:1@2500ms,CRASH:1@1", 1, 10_000);
    assertEquals(Action.CRASH, plan.steps().get(0).action());
    assertEquals(1_000, plan.steps().get(0).atMillis());
    assertEquals(2_500, plan.steps().get(1).atMillis());
    assertEquals("crash:1@1s,restart:1@2500ms", plan.toString());
  }

  @Test
  void anEmptyPlanHasNoStep() {
    assertTrue(ChurnPlan.parse("", 3, RUN).isEmpty());
    assertTrue(ChurnPlan.parse(null, 3, RUN).isEmpty());
    assertEquals(3, ChurnPlan.parse(" ", 3, RUN).peakConsumers());
  }

  @Test
  void crashesAndRestartsKeepTheConsumersNumbers() {
    ChurnPlan plan = ChurnPlan.parse("crash:2@10s,restart:1@20s,restart:1@30s", 3, RUN);
    assertEquals(List.of(2, 3), plan.steps().get(0).consumers());
    assertEquals(List.of(2), plan.steps().get(1).consumers(), "the earliest crashed first");
    assertEquals(List.of(3), plan.steps().get(2).consumers());
  }

  @Test
  void anUnknownStepIsRefusedWithTheSyntax() {
    assertRefused(
        "join:1@5s,reboot:1@10s",
        "-Dchurn.plan: 'reboot:1@10s' is not a churn step; write join:N@T");
    assertRefused("join:1@5s,", "-Dchurn.plan: '' is not a churn step");
    assertRefused("leave:1@soon", "-Dchurn.plan: 'leave:1@soon' is not a churn step");
    assertRefused("join:0@5s", "-Dchurn.plan: 'join:0@5s': a step acts on 1 consumer or more");
    assertRefused("crash@5s", "-Dchurn.plan: 'crash@5s': name how many consumers: write crash:N@T");
  }

  @Test
  void durationsBelongToStallAndRollingOnly() {
    assertRefused("leave:1@5s+3s", "-Dchurn.plan: 'leave:1@5s+3s': a leave has no duration");
    assertRefused("stall:1@5s", "-Dchurn.plan: 'stall:1@5s': a stall lasts a duration D");
    assertRefused("stall:1@5s+0s", "'stall:1@5s+0s': its duration D must be above 0");
    assertRefused("rolling@5s", "'rolling@5s': a rolling restart restarts every running consumer");
    assertRefused("rolling:2@5s+1s", "'rolling:2@5s+1s': a rolling restart restarts every");
    assertRefused("rolling@5s+0ms", "'rolling@5s+0ms': its gap G must be above 0");
  }

  @Test
  void aStepOnAConsumerThatDoesNotExistIsRefused() {
    assertRefused(
        "leave:1@10s,leave:2@20s",
        "-Dchurn.plan step leave:2@20s closes 2 consumers but 1 is running at 20s (2 at the start");
    assertRefused(
        "crash:3@10s",
        "-Dchurn.plan step crash:3@10s crashes 3 consumers but 2 are running at 10s");
    assertRefused(
        "restart:1@10s",
        "-Dchurn.plan step restart:1@10s restarts 1 crashed consumer but none is crashed at 10s");
    assertRefused(
        "crash:1@10s,restart:2@20s",
        "-Dchurn.plan step restart:2@20s restarts 2 crashed consumers but 1 is crashed at 20s");
    assertRefused(
        "crash:2@10s,stall:1@20s+40s",
        "-Dchurn.plan step stall:1@20s+40s stalls 1 consumer but none is running at 20s");
    assertRefused(
        "leave:2@10s,rolling@20s+5s",
        "-Dchurn.plan step rolling@20s+5s restarts every running consumer but none is running");
  }

  @Test
  void aLeftConsumerCannotBeRestarted() {
    assertRefused("leave:1@10s,restart:1@20s", "restart:1@20s restarts 1 crashed consumer");
  }

  @Test
  void overlappingStepsAreRefused() {
    assertRefused(
        "stall:1@10s+40s,join:1@30s",
        "-Dchurn.plan: stall:1@10s+40s and join:1@30s overlap (10s to 50s, and 30s to 30s): one"
            + " churn step at a time");
    assertRefused("join:1@10s,crash:1@10s", "join:1@10s and crash:1@10s overlap");
    assertRefused(
        "rolling@10s+5s,leave:1@19s",
        "rolling@10s+5s and leave:1@19s overlap (10s to 20s", // two consumers, 5 s each
        2);
    ChurnPlan back = ChurnPlan.parse("rolling@10s+5s,leave:1@20s", 2, RUN);
    assertEquals(2, back.steps().size(), "a step right at the end of the one before is fine");
  }

  @Test
  void aStepPastTheRunsEndIsRefused() {
    assertRefused(
        "join:1@60s",
        "-Dchurn.plan step join:1@60s comes after the end of the run (60s)",
        2,
        60_000);
    assertRefused(
        "stall:1@50s+20s",
        "-Dchurn.plan step stall:1@50s+20s ends at 70s, after the end of the run (60s): shorten it",
        2,
        60_000);
    assertRefused(
        "rolling@40s+10s",
        "-Dchurn.plan step rolling@40s+10s ends at 70s, after the end of the run (60s)",
        3,
        60_000);
  }

  @Test
  void aStallMustOutlastMaxPollInterval() {
    ChurnPlan plan = ChurnPlan.parse("stall:1@10s+30s", 2, RUN);
    plan.checkStalls(20_000);
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> plan.checkStalls(30_000));
    assertTrue(
        e.getMessage()
            .startsWith(
                "-Dchurn.plan step stall:1@10s+30s stalls 30s, not past max.poll.interval.ms "
                    + "(30000 ms)"),
        e.getMessage());
  }

  private static void assertRefused(String plan, String message) {
    assertRefused(plan, message, 2, RUN);
  }

  private static void assertRefused(String plan, String message, int consumers) {
    assertRefused(plan, message, consumers, RUN);
  }

  private static void assertRefused(String plan, String message, int consumers, long run) {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class, () -> ChurnPlan.parse(plan, consumers, run), plan);
    assertTrue(e.getMessage().contains(message), e.getMessage());
    assertTrue(e.getMessage().lines().count() == 1, "one line: " + e.getMessage());
  }
}
