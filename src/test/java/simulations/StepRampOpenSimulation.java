package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * The step ramp in the open model: the arrival rate of records steps up regardless of how fast acks
 * come back, so a saturated broker shows as rising latency and KOs rather than as fewer sends (no
 * coordinated omission). Each virtual user sends one record and waits for its ack.
 */
public class StepRampOpenSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties();
  RunParams plan = RunParams.of(params);
  int startRate = params.positiveInt("startRate", 1000);
  int rateStep = params.positiveInt("rateStep", 1000);
  int stepSeconds = params.positiveInt("stepSeconds", 60);
  int targetRate = params.positiveInt("targetRate", 5000);
  // Concurrency the topic should carry: Little's law at the target rate with a pessimistic 10 ms
  // ack.
  int expectedConcurrency = Math.max(1, targetRate / 100);

  int steps = Math.max(0, (targetRate - startRate) / rateStep);

  ScenarioBuilder producers =
      scenario("step-ramp arrivals")
          .exec(plan.fed(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

  {
    setUp(
            plan.withReconciliation(
                producers.injectOpen(
                    // On injector i of N: its shares of the start rate and of each step, so every
                    // level sums to the plan.
                    incrementUsersPerSec(params.share("rateStep", 1000))
                        .times(steps + 1)
                        .eachLevelLasting(stepSeconds)
                        .startingFrom(params.share("startRate", 1000)))))
        .protocols(plan.protocol(Math.min(expectedConcurrency, plan.topic().partitions())))
        .maxDuration(plan.maxDurationSeconds((steps + 1) * stepSeconds))
        .assertions(plan.gates("send"));
  }
}
