package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * The seed's step ramp in the closed model: start at 5 producers and add 5 every 60 s up to the
 * target. One virtual user is one producer thread that sends, waits for its ack, and sends again
 * (JMeter's thread group). Throughput is an output here: it shows where adding producers stops
 * adding msg/s.
 */
public class StepRampClosedSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties();
  RunParams plan = RunParams.of(params);
  int startUsers = params.positiveInt("startUsers", 5);
  int stepUsers = params.positiveInt("stepUsers", 5);
  int stepSeconds = params.positiveInt("stepSeconds", 60);
  int targetUsers = params.positiveInt("targetUsers", 20);

  int steps = Math.max(0, (targetUsers - startUsers) / stepUsers);
  int totalSeconds = (steps + 1) * stepSeconds;

  // Every producer stops at the same moment, the end of the last step, so the reconciliation can
  // follow.
  AtomicLong endMillis = new AtomicLong();

  ScenarioBuilder producers =
      scenario("step-ramp producers")
          .exec(
              session -> {
                endMillis.compareAndSet(0, System.currentTimeMillis() + totalSeconds * 1000L);
                return session;
              })
          .asLongAs(session -> System.currentTimeMillis() < endMillis.get())
          .on(plan.fed(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

  {
    setUp(
            plan.withReconciliation(
                producers.injectClosed(
                    // On injector i of N: its shares of the start and of each step, so every level
                    // sums to the plan.
                    incrementConcurrentUsers(params.share("stepUsers", 5))
                        .times(steps + 1)
                        .eachLevelLasting(stepSeconds)
                        .startingFrom(params.share("startUsers", 5)))))
        .protocols(plan.protocol(targetUsers))
        .maxDuration(plan.maxDurationSeconds(totalSeconds))
        .assertions(plan.gates("send"));
  }
}
