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

  @Test
  void faultsWithADurationParseAndPrintAsWritten() {
    FaultPlan plan =
        FaultPlan.parse(
            "slow:2@20s+10s,rate=1mbit,kill:1@60s,pause:3@5s+2500ms,isolate:1@30s+8s,"
                + "isolate-client:3@40s+5");
    assertEquals(
        List.of(
            new FaultPlan.Step(FaultPlan.Action.PAUSE, 3, 5_000, 2_500, null),
            new FaultPlan.Step(FaultPlan.Action.SLOW, 2, 20_000, 10_000, "1mbit"),
            new FaultPlan.Step(FaultPlan.Action.ISOLATE, 1, 30_000, 8_000, null),
            new FaultPlan.Step(FaultPlan.Action.ISOLATE_CLIENT, 3, 40_000, 5_000, null),
            new FaultPlan.Step(FaultPlan.Action.KILL, 1, 60_000)),
        plan.steps());
    assertEquals(
        "pause:3@5s+2500ms,slow:2@20s+10s,rate=1mbit,isolate:1@30s+8s,"
            + "isolate-client:3@40s+5s,kill:1@60s",
        plan.toString());
    assertEquals(plan, FaultPlan.parse(plan.toString()), "the printed plan parses back");
    assertEquals("fault: pause broker 3", plan.steps().get(0).requestName());
    assertEquals("fault: isolate-client broker 3", plan.steps().get(3).requestName());
    assertEquals(30_000, plan.steps().get(1).endMillis());
    assertTrue(plan.needsNetwork());
    assertFalse(FaultPlan.parse("pause:2@10s+5s,kill:1@20s").needsNetwork());
    assertEquals(1_000_000, FaultPlan.rateBitsPerSecond("1mbit"));
    assertEquals(800_000, FaultPlan.rateBitsPerSecond("100kbps"));
  }

  @Test
  void aSlowStepNeedsItsRateRightAfterIt() {
    KafkaLoadConfigException none =
        assertThrows(
            KafkaLoadConfigException.class, () -> FaultPlan.parse("slow:2@20s+10s,kill:1@60s"));
    assertTrue(
        none.getMessage()
            .startsWith(
                "-Dfault.plan: 'slow:2@20s+10s' needs a rate: write slow:N@T+D,rate=R, for "
                    + "example slow:2@20s+10s,rate=1mbit"),
        none.getMessage());
    KafkaLoadConfigException stray =
        assertThrows(KafkaLoadConfigException.class, () -> FaultPlan.parse("kill:1@5s,rate=1mbit"));
    assertTrue(
        stray.getMessage().startsWith("-Dfault.plan: 'rate=1mbit' belongs right after a slow step"),
        stray.getMessage());
    KafkaLoadConfigException bad =
        assertThrows(
            KafkaLoadConfigException.class, () -> FaultPlan.parse("slow:2@20s+10s,rate=fast"));
    assertTrue(
        bad.getMessage()
            .startsWith(
                "-Dfault.plan: 'slow:2@20s+10s,rate=fast': the rate is a number and a unit"),
        bad.getMessage());
  }

  @Test
  void durationsAreRequiredAboveZeroAndOnlyWhereTheyMeanSomething() {
    assertMessage(
        "pause:2@10s",
        "-Dfault.plan: 'pause:2@10s': a pause lasts a duration D: write pause:N@T+D, "
            + "for example pause:2@10s+10s");
    assertMessage(
        "isolate:2@10s+0s", "-Dfault.plan: 'isolate:2@10s+0s': its duration must be above 0");
    assertMessage("kill:2@10s+5s", "-Dfault.plan: 'kill:2@10s+5s': a kill has no duration");
    assertMessage("freeze:2@10s+5s", "-Dfault.plan: 'freeze:2@10s+5s' is not a fault step; write");
  }

  @Test
  void overlappingFaultsOnOneBrokerAreRefused() {
    assertMessage(
        "pause:2@10s+10s,isolate:2@15s+5s",
        "-Dfault.plan: pause:2@10s+10s and isolate:2@15s+5s overlap on broker 2 (10s to 20s, and "
            + "15s to 20s): one fault with a duration per broker at a time");
    // Back to back, or on two brokers, they do not overlap.
    assertEquals(2, FaultPlan.parse("pause:2@10s+10s,isolate:2@20s+5s").steps().size());
    assertEquals(2, FaultPlan.parse("pause:2@10s+10s,isolate:3@15s+5s").steps().size());
  }

  @Test
  void aFaultMustEndWithinTheLoadAndNetworkFaultsNeedNamespaces() {
    FaultPlan plan = FaultPlan.parse("isolate:2@20s+10s");
    KafkaLoadConfigException late =
        assertThrows(KafkaLoadConfigException.class, () -> plan.check(3, 25_000, () -> null));
    assertTrue(
        late.getMessage()
            .contains(
                "step isolate:2@20s+10s ends at 30s, after the end of the load (25s): shorten it"),
        late.getMessage());
    KafkaLoadConfigException missing =
        assertThrows(KafkaLoadConfigException.class, () -> plan.check(1, 60_000, () -> null));
    assertTrue(
        missing.getMessage().contains("acts on broker 2 but the embedded cluster has 1"),
        missing.getMessage());
    KafkaLoadConfigException noNamespaces =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> plan.check(3, 60_000, () -> "'ip netns add' failed (Permission denied)"));
    assertEquals(
        "-Dfault.plan step isolate:2@20s+10s needs each broker in a network namespace of its own,"
            + " which this machine cannot make: 'ip netns add' failed (Permission denied). Run as"
            + " root on Linux with iproute2 (ip and tc), or plan kill, stop, start and pause steps"
            + " only: they need no namespace",
        noNamespaces.getMessage());
    plan.check(3, 60_000, () -> null);
    // Kill, stop, start and pause never ask for namespaces.
    FaultPlan.parse("pause:2@10s+5s,kill:1@20s")
        .check(3, 60_000, () -> fail("namespaces were probed"));
  }

  private static void assertMessage(String plan, String start) {
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> FaultPlan.parse(plan));
    assertTrue(e.getMessage().startsWith(start), e.getMessage());
  }
}
