package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * A constant arrival rate, for example 20,000 msg/s for N seconds (open model: one record per
 * virtual user). The warm-up runs at the same rate under its own request name; the gates judge only
 * the measured "send".
 */
public class ConstantRateSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties();
  int totalRate = params.positiveInt("rate", 20000);
  // On injector i of N (docs/distributed.md): its share of the rate; the N shares add up to -Drate.
  int rate = params.share("rate", 20000);
  // Records per arrival: each virtual user sends this many at once, so Gatling starts rate / burst
  // users a second.
  // Gatling's cost per virtual user is most of the injector's cost per record at high rates
  // (docs/benchmark.md):
  // by default an arrival brings rate / 2,500 records (1 to 16), so arrivals still come 2,500 times
  // a second or more.
  int burst = params.positiveInt("burst", Math.max(1, Math.min(16, rate / 2500)));
  double arrivalsPerSec = (double) rate / burst;
  RunParams unscaled = RunParams.of(params);
  // The read-back reads every record of the run (every injector's, in a distributed run): its bound
  // grows with them.
  RunParams plan = unscaled.withReadBackFor((long) totalRate * unscaled.phases().loadSeconds());

  ScenarioBuilder warmUp =
      scenario("warm-up arrivals")
          .exec(
              plan.fed(kafka("warm-up send").send(plan.keyFunction(), plan.value()).burst(burst)));
  ScenarioBuilder measured =
      scenario("arrivals")
          .exec(plan.fed(kafka("send").send(plan.keyFunction(), plan.value()).burst(burst)));

  {
    PopulationBuilder load =
        plan.withReconciliation(
            measured.injectOpen(
                constantUsersPerSec(arrivalsPerSec).during(plan.phases().durationSeconds())));
    setUp(
            plan.phases().warmupSeconds() == 0
                ? load
                : warmUp
                    .injectOpen(
                        constantUsersPerSec(arrivalsPerSec).during(plan.phases().warmupSeconds()))
                    .andThen(load))
        .protocols(plan.protocol(1))
        .maxDuration(plan.maxDurationSeconds(plan.phases().loadSeconds()))
        .assertions(plan.gates("send"));
  }
}
