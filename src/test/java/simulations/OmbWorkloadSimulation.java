package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.Params;
import kafkaload.kit.RunParams;
import kafkaload.kit.Workload;

/**
 * An OpenMessaging Benchmark workload file (-Dworkload=path/to/workload.yaml, docs/workloads.md)
 * run at its fixed producerRate, with this project's verification: its fields become the common
 * knobs (topics, partitions, record size or payload file, keys, producers, rate, warm-up and
 * duration; OMB's topics above 1 spread the rate over that many topics, -Dtopics), a field this
 * project cannot honour is refused before any load, and a -D knob still wins. Then it is
 * ConstantRateSimulation: a warm-up under its own request name, the measured "send", every acked
 * record reconciled.
 */
public class OmbWorkloadSimulation extends Simulation {
  Workload workload = Workload.of(Params.fromSystemProperties());
  Params params = workload.params();
  int totalRate = params.positiveInt("rate", 20000);
  // On injector i of N (docs/distributed.md): its share of the rate.
  int rate = params.share("rate", 20000);
  int burst = params.positiveInt("burst", Math.max(1, Math.min(16, rate / 2500)));
  double arrivalsPerSec = (double) rate / burst;
  RunParams unscaled = RunParams.of(params);
  RunParams plan =
      unscaled.withReadBackFor(
          (long) totalRate * (unscaled.warmupSeconds() + unscaled.durationSeconds()));

  ScenarioBuilder warmUp =
      scenario("warm-up arrivals")
          .exec(
              plan.fed(
                  kafka("warm-up send")
                      .send(plan.keyFunction(), workload.valueFunction(plan))
                      .burst(burst)));
  ScenarioBuilder measured =
      scenario("arrivals")
          .exec(
              plan.fed(
                  kafka("send")
                      .send(plan.keyFunction(), workload.valueFunction(plan))
                      .burst(burst)));

  {
    PopulationBuilder load =
        plan.withReconciliation(
            measured.injectOpen(
                constantUsersPerSec(arrivalsPerSec).during(plan.durationSeconds())));
    setUp(
            plan.warmupSeconds() == 0
                ? load
                : warmUp
                    .injectOpen(constantUsersPerSec(arrivalsPerSec).during(plan.warmupSeconds()))
                    .andThen(load))
        .protocols(plan.protocol(1))
        .maxDuration(plan.maxDurationSeconds(plan.warmupSeconds() + plan.durationSeconds()))
        .assertions(plan.gates("send"));
  }
}
