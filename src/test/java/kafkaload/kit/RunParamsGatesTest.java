package kafkaload.kit;

import static kafkaload.TestProtocols.resolved;
import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.core.PopulationBuilder;
import java.util.List;
import java.util.Map;
import kafkaload.*;
import org.junit.jupiter.api.Test;

/**
 * The gates, run bound and verification steps RunParams derives from -D values (read through
 * Gatling's Scala model).
 */
class RunParamsGatesTest {
  private static RunParams params(Map<String, String> d) {
    return RunParams.of(Params.of(d, Map.of()));
  }

  private static RunParams params(Map<String, String> d, Map<String, String> env) {
    return RunParams.of(Params.of(d, env));
  }

  /** Each assertion as Gatling's Scala model prints it: path, target, condition. */
  static List<String> described(List<Assertion> gates) {
    return gates.stream().map(a -> a.asScala().toString()).toList();
  }

  private static String failedCountIsZero(String request) {
    return "Assertion(Details(List(" + request + ")),Count(FailedRequests),Is(0.0))";
  }

  private static final List<String> DEFAULT_ON_SEND =
      List.of(
          "Assertion(Details(List(send)),Time(ResponseTime,Percentile(99.0)),Lt(250.0))",
          "Assertion(Details(List(send)),Percent(FailedRequests),Lte(0.1))",
          // The rate over the request's own window (first ack to last): the verdict step's.
          failedCountIsZero("kafka throughput: send >= 100 msg/s (first ack to last ack)"));

  @Test
  void defaultGatesAreLatencyErrorsThroughputAndReconciliation() {
    List<String> expected = new java.util.ArrayList<>(DEFAULT_ON_SEND);
    expected.add(failedCountIsZero("kafka reconcile: lost"));
    expected.add(failedCountIsZero("kafka reconcile: duplicates"));
    assertEquals(expected, described(params(Map.of()).gates("send")));
  }

  @Test
  void withoutVerifyOnlyTheRequestGatesRemainEvenWithTheInjectorGateOn() {
    assertEquals(
        DEFAULT_ON_SEND,
        described(params(Map.of("verify", "false", "gate.injectorHealthy", "true")).gates("send")));
  }

  @Test
  void gateBoundsComeFromTheParametersAndP99IsRoundedUp() {
    RunParams p =
        params(
            Map.of(
                "gate.p99Ms",
                "250.4",
                "gate.maxErrorPct",
                "2.5",
                "gate.minRps",
                "0.5",
                "verify",
                "no"));
    assertEquals(
        List.of(
            "Assertion(Details(List(measured)),Time(ResponseTime,Percentile(99.0)),Lt(251.0))",
            "Assertion(Details(List(measured)),Percent(FailedRequests),Lte(2.5))",
            failedCountIsZero("kafka throughput: measured >= 0.5 msg/s (first ack to last ack)")),
        described(p.gates("measured")));
  }

  @Test
  void aMinimumRateOfZeroIsNoThroughputGate() {
    assertEquals(
        List.of(
            "Assertion(Details(List(send)),Time(ResponseTime,Percentile(99.0)),Lt(250.0))",
            "Assertion(Details(List(send)),Percent(FailedRequests),Lte(0.1))"),
        described(params(Map.of("gate.minRps", "0", "verify", "false")).gates("send")));
  }

  @Test
  void lagFaultAndInjectorGatesInTheirOrder() {
    RunParams p =
        params(
            Map.of(
                "lag.groups",
                "g1",
                "gate.injectorHealthy",
                "true",
                "kafka.embedded.brokers",
                "3",
                "fault.plan",
                "start:2@20s,kill:2@5s,kill:2@30s"));
    List<String> gates = described(p.gates("send"));
    assertEquals(DEFAULT_ON_SEND, gates.subList(0, 3));
    assertEquals(
        List.of(
            failedCountIsZero("kafka lag: rising"),
            failedCountIsZero("kafka lag: max"),
            failedCountIsZero("kafka lag: drained"),
            // One gate per distinct fault request, in plan (time) order: kill@5s, start@20s;
            // kill@30s shares kill's.
            failedCountIsZero("fault: kill broker 2"),
            failedCountIsZero("fault: start broker 2"),
            failedCountIsZero("kafka reconcile: lost"),
            failedCountIsZero("kafka reconcile: duplicates"),
            failedCountIsZero("kafka injector health")),
        gates.subList(3, gates.size()));
  }

  @Test
  void gatesFaultsParsesAPlanAndAnEmptyOneHasNoGate() {
    assertEquals(
        List.of(failedCountIsZero("fault: stop broker 1")),
        described(Gates.faults("stop:1@1s,stop:1@2s")));
    assertEquals(List.of(), described(Gates.faults("")));
  }

  @Test
  void maxDurationAddsSlackVerificationAndLagDrain() {
    assertEquals(60 + 30 + 60 + 30, params(Map.of()).maxDurationSeconds(60));
    assertEquals(60 + 30, params(Map.of("verify", "false")).maxDurationSeconds(60));
    assertEquals(
        60 + 30 + (10 + 30) + (5 + 10),
        params(
                Map.of(
                    "verify.timeoutSeconds", "10", "lag.groups", "g", "gate.lagDrainSeconds", "5"))
            .maxDurationSeconds(60));
    assertEquals(
        30 + 60 + 10, params(Map.of("verify", "false", "lag.groups", "g")).maxDurationSeconds(0));
  }

  @Test
  void aFaultPlanIsRefusedAgainstARealCluster() {
    String expected =
        "-Dfault.plan acts on the embedded brokers; it cannot be used with kafka.bootstrap.servers "
            + "(a real cluster)";
    assertEquals(
        expected,
        error(
            () ->
                params(
                    Map.of(
                        "fault.plan",
                        "kill:1@5s",
                        "kafka.embedded.brokers",
                        "2",
                        "kafka.bootstrap.servers",
                        "broker:9092"))));
    assertEquals(
        expected,
        error(
            () ->
                params(
                    Map.of("fault.plan", "kill:1@5s", "kafka.embedded.brokers", "2"),
                    Map.of("KAFKA_BOOTSTRAP_SERVERS", "broker:9092"))));
  }

  private static PopulationBuilder load() {
    return CoreDsl.scenario("load").exec(CoreDsl.pause(1)).injectOpen(CoreDsl.atOnceUsers(1));
  }

  @Test
  void withReconciliationChainsOneVerificationScenarioWithItsSteps() {
    PopulationBuilder load = load();
    // Without a throughput gate (gate.minRps=0), the steps of the verification alone.
    Map<String, String> noRateGate = Map.of("gate.minRps", "0");
    assertSame(
        load, params(Map.of("verify", "false", "gate.minRps", "0")).withReconciliation(load));
    var chained = params(noRateGate).withReconciliation(load).asScala();
    assertEquals("load", chained.scenarioBuilder().name());
    assertEquals(1, chained.children().size());
    var verification = chained.children().head().head().scenarioBuilder();
    assertEquals("kafka verification", verification.name());
    assertEquals(1, verification.actionBuilders().size(), "reconcile only");
    var both =
        params(Map.of("lag.groups", "g", "gate.minRps", "0"))
            .withReconciliation(load)
            .asScala()
            .children()
            .head()
            .head();
    assertEquals(2, both.scenarioBuilder().actionBuilders().size(), "lag verdict, then reconcile");
    var lagOnly =
        params(Map.of("lag.groups", "g", "verify", "false", "gate.minRps", "0"))
            .withReconciliation(load)
            .asScala();
    assertEquals(1, lagOnly.children().head().head().scenarioBuilder().actionBuilders().size());
  }

  @Test
  void aThroughputGateAddsItsVerdictStepAfterTheReconciliation() {
    PopulationBuilder load = load();
    assertEquals(
        2, steps(params(Map.of()).withReconciliation(load)), "reconcile, throughput verdict");
    assertEquals(
        3,
        steps(params(Map.of("lag.groups", "g")).withReconciliation(load)),
        "lag verdict, reconcile, throughput verdict");
    assertEquals(
        1,
        steps(params(Map.of("verify", "false")).withReconciliation(load)),
        "the throughput verdict alone, without -Dverify");
  }

  /** How many steps the verification scenario chained after the load has. */
  private static int steps(PopulationBuilder chained) {
    return chained.asScala().children().head().head().scenarioBuilder().actionBuilders().size();
  }

  @Test
  void withFaultsAddsTheFaultPopulationOnlyWithAPlan() {
    PopulationBuilder load = load();
    assertEquals(List.of(load), params(Map.of()).withFaults(10, load));
    List<PopulationBuilder> all =
        params(Map.of("kafka.embedded.brokers", "2", "fault.plan", "kill:1@5s"))
            .withFaults(10, load);
    assertEquals(2, all.size());
    assertSame(load, all.get(0));
    assertEquals("broker faults", all.get(1).asScala().scenarioBuilder().name());
  }

  @Test
  void aBlankBootstrapEnvironmentVariableIsNoRealCluster() {
    Params blankEnv =
        Params.of(
            Map.of("fault.plan", "kill:1@5s", "kafka.embedded.brokers", "2"),
            Map.of("KAFKA_BOOTSTRAP_SERVERS", "  "));
    // The protocol reads the blank variable as unset: no bootstrap, two embedded brokers (this part
    // passes).
    var protocol = resolved(new KafkaProtocolBuilder().params(blankEnv));
    assertNull(protocol.bootstrapServers());
    assertEquals(2, protocol.embeddedBrokers());
    // RunParams reads it as a real cluster and refuses the plan (this part fails).
    assertEquals("kill:1@5s", RunParams.of(blankEnv).cluster().faultPlan().toString());
  }

  /** What the run's parameters show: no sentinel for an unset bound, no pool a run does not use. */
  @Test
  void theParametersShowNoneForAnUnsetBoundAndThePoolOnlyWhenOneRuns() {
    Params shared = Params.of(Map.of(), Map.of());
    RunParams.of(shared);
    assertEquals("none", shared.used().get("gate.maxLag"));
    assertEquals("shared", shared.used().get("producer.mode"));
    assertNull(shared.used().get("producer.pool"), "a shared producer: no pool size shown");
    Params pool = Params.of(Map.of("producer.mode", "pool", "gate.maxLag", "500"), Map.of());
    RunParams.of(pool);
    assertEquals("4", pool.used().get("producer.pool"));
    assertEquals("500", pool.used().get("gate.maxLag"));
  }
}
