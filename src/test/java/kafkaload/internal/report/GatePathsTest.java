package kafkaload.internal.report;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.randomSwitch;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static kafkaload.KafkaDsl.kafka;
import static kafkaload.KafkaDsl.reconcile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.commons.stats.assertion.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.core.ScenarioBuilder;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The names a simulation's builders show, and the gates refused on them, with Gatling's own DSL.
 */
class GatePathsTest {
  private static final ChainBuilder ORDER = exec(kafka("order").send("orders", "v"));

  private static SimulationNames names(ScenarioBuilder... scenarios) {
    return SimulationNames.of(
        java.util.Arrays.stream(scenarios)
            .map(s -> s.injectOpen(atOnceUsers(1)).asScala())
            .toList());
  }

  private static Optional<String> refusal(SimulationNames names, Assertion a) {
    return GatePaths.refusal(names, List.of(a));
  }

  @Test
  void requestsGroupsAndNestedChainsAreFound() {
    SimulationNames names =
        names(
            scenario("shop")
                .group("checkout")
                .on(repeat(2).on(randomSwitch().on(CoreDsl.percent(100).then(ORDER))))
                .exec(reconcile()),
            scenario("audit").exec(kafka("audit").send("audits", "v")));
    assertTrue(names.complete(), names.unknown().toString());
    assertEquals(Set.of("checkout"), names.groups());
    assertTrue(names.prefixes().containsAll(Set.of("order", "audit", "kafka ")));
  }

  @Test
  void aGateOnARequestNeverMadeIsRefusedNamingTheNamesThere() {
    SimulationNames names = names(scenario("shop").group("checkout").on(ORDER));
    String why =
        refusal(names, details("place order").failedRequests().count().is(0L).asScala())
            .orElseThrow();
    assertTrue(why.contains("'place order'"), why);
    assertTrue(why.contains("'order'") && why.contains("groups: 'checkout'"), why);
  }

  @Test
  void gatesOnWhatIsRecordedPass() {
    SimulationNames names = names(scenario("shop").group("checkout").on(ORDER));
    for (var a :
        List.of(
            details("order").responseTime().percentile(99).lt(100),
            details("checkout", "order").failedRequests().percent().lt(1.0),
            details("checkout").responseTime().max().lt(100),
            details("order commit").failedRequests().count().is(0L),
            details("kafka reconcile: lost").failedRequests().count().is(0L),
            global().failedRequests().percent().lt(1.0))) {
      assertEquals(Optional.empty(), refusal(names, a.asScala()), a.toString());
    }
    // a name that only begins like a request's, and a request under a group that is not there
    assertTrue(
        refusal(names, details("orders").failedRequests().count().is(0L).asScala()).isPresent());
    assertTrue(
        refusal(names, details("payment", "order").failedRequests().count().is(0L).asScala())
            .isPresent());
  }

  @Test
  void aGroupNamedAtRunTimeLeavesEveryNamePossible() {
    SimulationNames names = names(scenario("shop").group("#{tenant}").on(ORDER));
    assertFalse(names.complete());
    assertEquals(
        Optional.empty(),
        refusal(names, details("place order").failedRequests().count().is(0L).asScala()));
  }
}
