package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.Map;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * The plan both fault simulations follow, with their own defaults: closed-model producers for the
 * whole load, the broker faults of -Dfault.plan beside them, then the reconciliation; gated on the
 * measured "send", the faults and the reconciliation.
 */
abstract class FaultSimulation extends Simulation {
  FaultSimulation(Map<String, String> defaults) {
    Params params = Params.fromSystemProperties().withDefaults(defaults);
    RunParams plan = RunParams.of(params);
    int users = params.positiveInt("users", 10);
    int loadSeconds = plan.phases().loadSeconds();

    ScenarioBuilder producers =
        scenario("producers")
            .during(loadSeconds)
            .on(exec(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

    setUp(
            plan.withFaults(
                loadSeconds,
                plan.withReconciliation(
                    producers.injectClosed(constantConcurrentUsers(users).during(loadSeconds)))))
        .protocols(plan.protocol(users))
        .maxDuration(plan.maxDurationSeconds(loadSeconds))
        .assertions(plan.gates("send"));
  }
}
