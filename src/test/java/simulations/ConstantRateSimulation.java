package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.Params;
import kafkaload.RunParams;

/**
 * A constant arrival rate, for example 20,000 msg/s for N seconds (open model: one record per virtual user).
 * The warm-up runs at the same rate under its own request name; the gates judge only the measured "send".
 */
public class ConstantRateSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see the README's parameter table) ----
  Params params = Params.fromSystemProperties();
  int totalRate = params.positiveInt("rate", 20000);
  // On injector i of N (docs/distributed.md): its share of the rate; the N shares add up to -Drate.
  int rate = params.share("rate", 20000);
  RunParams unscaled = RunParams.of(params);
  // The read-back reads every record of the run (every injector's, in a distributed run): its bound grows with them.
  RunParams plan = unscaled.withReadBackFor((long) totalRate * (unscaled.warmupSeconds() + unscaled.durationSeconds()));

  ScenarioBuilder warmUp = scenario("warm-up arrivals")
      .exec(plan.fed(kafka("warm-up send").send(plan.keyFunction(), plan.valueFunction())));
  ScenarioBuilder measured = scenario("arrivals")
      .exec(plan.fed(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

  {
    PopulationBuilder load = plan.withReconciliation(
        measured.injectOpen(constantUsersPerSec(rate).during(plan.durationSeconds())));
    setUp(plan.warmupSeconds() == 0 ? load
            : warmUp.injectOpen(constantUsersPerSec(rate).during(plan.warmupSeconds())).andThen(load))
        .protocols(plan.protocol(1))
        .maxDuration(plan.maxDurationSeconds(plan.warmupSeconds() + plan.durationSeconds()))
        .assertions(plan.gates("send"));
  }
}
