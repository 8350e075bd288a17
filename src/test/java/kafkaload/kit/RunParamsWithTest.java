package kafkaload.kit;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import kafkaload.Params;
import org.junit.jupiter.api.Test;

/**
 * The with-methods replace one small record, re-read from the snapshot with the new default, and
 * come out as a whole re-read of every knob would (how they were built before).
 */
class RunParamsWithTest {
  private static final Map<String, String> SET =
      Map.of("topic", "orders", "recordSize", "512", "producer.mode", "pool", "warmup", "3");

  /** Every record but the snapshot, which is a new one (its defaults differ). */
  private static List<Object> records(RunParams p) {
    return List.of(
        p.records(),
        p.producer(),
        p.topic(),
        p.phases(),
        p.gate(),
        p.verification(),
        p.lag(),
        p.cluster());
  }

  @Test
  void theReadBackBoundReplacesOnlyTheVerificationAndEqualsAWholeReRead() {
    Params params = Params.of(SET, Map.of());
    RunParams plan = RunParams.of(params);
    RunParams scaled = plan.withReadBackFor(2_000_000);
    assertEquals(160, scaled.verification().timeoutSeconds(), "60 s + 1 s per 20,000 records");
    assertSame(plan.records(), scaled.records());
    assertSame(plan.producer(), scaled.producer());
    assertSame(plan.lag(), scaled.lag());
    assertEquals("160", params.used().get("verify.timeoutSeconds"), "the run shows what it used");
    RunParams reRead = RunParams.of(params.withDefaults(Map.of("verify.timeoutSeconds", "160")));
    assertEquals(records(reRead), records(scaled));
  }

  @Test
  void aSetReadBackBoundWins() {
    RunParams plan = RunParams.of(Params.of(Map.of("verify.timeoutSeconds", "30"), Map.of()));
    assertEquals(30, plan.withReadBackFor(2_000_000).verification().timeoutSeconds());
  }

  @Test
  void lagGroupsReplaceOnlyTheLagAndEqualAWholeReRead() {
    Params params = Params.of(SET, Map.of());
    RunParams plan = RunParams.of(params);
    RunParams judged = plan.withLagGroups(List.of("billing", "audit"));
    assertEquals(List.of("billing", "audit"), judged.lag().groups());
    assertSame(plan.verification(), judged.verification());
    assertSame(plan.topic(), judged.topic());
    assertEquals("billing,audit", params.used().get("lag.groups"));
    assertEquals(
        records(RunParams.of(params.withDefaults(Map.of("lag.groups", "billing,audit")))),
        records(judged));
    assertEquals(
        plan.maxDurationSeconds(10) + 60 + 10,
        judged.maxDurationSeconds(10),
        "the lag's drain bound joins the run's bound");
  }

  @Test
  void judgingTheLagOfTheSutTakesSetGroupsElseTheEchoGroupAndRefusesAnExternalSutWithout() {
    RunParams plan = RunParams.of(Params.of(Map.of(), Map.of()));
    assertEquals(List.of("echo"), plan.judgingLagOf("embedded", "echo").lag().groups());
    RunParams set = RunParams.of(Params.of(Map.of("lag.groups", "svc"), Map.of()));
    assertSame(set, set.judgingLagOf("external", "echo"));
    assertEquals(
        "-Dsut=external needs -Dlag.groups=<the consumer group(s) of the service under test>: "
            + "the lag verdict judges them (the echo group 'echo' exists only with "
            + "-Dsut=embedded)",
        error(() -> plan.judgingLagOf("external", "echo")));
  }
}
