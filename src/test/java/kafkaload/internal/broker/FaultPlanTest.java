package kafkaload.internal.broker;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

class FaultPlanTest {

  @Test
  void parsesStepsInTimeOrderWithTheirRequestNames() {
    FaultPlan plan = FaultPlan.parse(" start:2@60s, kill:2@30 ,stop:3@1500ms");
    assertEquals(
        List.of(
            new FaultPlan.Step(FaultPlan.Action.STOP, 3, 1500),
            new FaultPlan.Step(FaultPlan.Action.KILL, 2, 30_000),
            new FaultPlan.Step(FaultPlan.Action.START, 2, 60_000)),
        plan.steps());
    assertEquals("fault: kill broker 2", plan.steps().get(1).requestName());
    assertEquals("stop:3@1500ms,kill:2@30s,start:2@60s", plan.toString());
    assertEquals(3, plan.maxBroker());
    assertTrue(FaultPlan.parse("").isEmpty());
  }

  @Test
  void aMalformedStepFailsInOneLineNamingIt() {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class, () -> FaultPlan.parse("kill:2@30s,reboot:1@5s"));
    assertTrue(
        e.getMessage().startsWith("-Dfault.plan: 'reboot:1@5s' is not a fault step"),
        e.getMessage());
    assertThrows(KafkaLoadConfigException.class, () -> FaultPlan.parse("kill:0@5s"));
    assertThrows(KafkaLoadConfigException.class, () -> FaultPlan.parse("kill:1@5s,"));
  }

  @Test
  void stepsMustFitTheClusterAndTheLoad() {
    FaultPlan plan = FaultPlan.parse("kill:3@10s");
    KafkaLoadConfigException tooFew =
        assertThrows(KafkaLoadConfigException.class, () -> plan.check(2, 60_000));
    assertTrue(
        tooFew.getMessage().contains("acts on broker 3 but the embedded cluster has 2"),
        tooFew.getMessage());
    KafkaLoadConfigException late =
        assertThrows(KafkaLoadConfigException.class, () -> plan.check(3, 10_000));
    assertTrue(
        late.getMessage().contains("comes after the end of the load (10s)"), late.getMessage());
    plan.check(3, 60_000);
  }
}
