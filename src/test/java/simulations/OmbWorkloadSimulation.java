package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.ArrayList;
import java.util.List;
import kafkaload.Params;
import kafkaload.kit.RunParams;
import kafkaload.kit.SubscriptionParams;
import kafkaload.kit.Workload;

/**
 * An OpenMessaging Benchmark workload file (-Dworkload=path/to/workload.yaml, docs/workloads.md)
 * run at its fixed producerRate, with this project's verification: its fields become the common
 * knobs (topics, partitions, record size or payload file, keys, producers, rate, warm-up and
 * duration; OMB's topics above 1 spread the rate over that many topics, -Dtopics), a field this
 * project cannot honour is refused before any load, and a -D knob still wins. Then it is
 * ConstantRateSimulation: a warm-up under its own request name, the measured "send", every acked
 * record reconciled. Its subscriptions (subscriptionsPerTopic x consumerPerSubscription) are
 * consumer groups of their own reading the topic from the warm-up's start: each must read every
 * acked record ("subscription i reconciled"), and their lag is judged by the lag verdict.
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
  SubscriptionParams subscriptions = SubscriptionParams.of(params);
  RunParams plan =
      subscriptions.judgingLag(
          unscaled.withReadBackFor(
              (long) totalRate * (unscaled.warmupSeconds() + unscaled.durationSeconds())));

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
    List<PopulationBuilder> populations = new ArrayList<>();
    populations.add(
        plan.warmupSeconds() == 0
            ? load
            : warmUp
                .injectOpen(constantUsersPerSec(arrivalsPerSec).during(plan.warmupSeconds()))
                .andThen(load));
    List<Assertion> gates = new ArrayList<>(plan.gates("send"));
    if (subscriptions.subscriptions() > 0) {
      populations.add(
          scenario("subscriptions")
              .exec(
                  subscriptions.subscribe(
                      plan.topic(), plan.warmupSeconds(), plan.durationSeconds()))
              .injectOpen(atOnceUsers(1)));
      gates.addAll(subscriptions.gates());
    }
    setUp(populations)
        .protocols(subscriptions.protocol(plan, 1))
        .maxDuration(
            plan.maxDurationSeconds(plan.warmupSeconds() + plan.durationSeconds())
                + subscriptions.extraSeconds())
        .assertions(gates);
  }
}
