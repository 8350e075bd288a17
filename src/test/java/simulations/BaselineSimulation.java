package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.KafkaSendActionBuilder;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * The seed test plan's first run: 10 producers, 1 KiB records, acks=1, lz4, linger.ms=1,
 * batch.size=16384, a 16-partition topic. Closed model: each virtual user is one producer thread
 * that waits for its ack before sending the next record (JMeter's thread group with a blocking
 * future.get()). A warm-up phase under its own request name comes first; the gates judge only the
 * measured "send". Then the reconciliation checks every acked record against the topic (see
 * docs/verification.md).
 */
public class BaselineSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties();
  RunParams plan = RunParams.of(params);
  // On injector i of N (docs/distributed.md): its share of the users; the N shares add up to
  // -Dusers.
  int users = params.share("users", 10);

  KafkaSendActionBuilder warmUp = send("warm-up send");
  KafkaSendActionBuilder measured = send("send");

  ScenarioBuilder producers =
      scenario("producers")
          .exec(plan.warmUp(plan.fed(warmUp)))
          .exec(plan.measured(plan.fed(measured)));

  {
    // -Dfault.plan: broker faults beside the load (needs -Dkafka.embedded.brokers=N).
    setUp(
            plan.withFaults(
                plan.phases().loadSeconds(),
                plan.withReconciliation(
                    producers.injectClosed(
                        constantConcurrentUsers(users).during(plan.phases().loadSeconds())))))
        .protocols(plan.protocol(users))
        .maxDuration(plan.maxDurationSeconds(plan.phases().loadSeconds()))
        .assertions(plan.gates(measuredName()));
  }

  KafkaSendActionBuilder send(String name) {
    KafkaSendActionBuilder b = kafka(name).send(plan.keyFunction(), plan.valueFunction());
    return plan.producer().fireAndForget() ? b.fireAndForget() : b;
  }

  String measuredName() {
    return plan.producer().fireAndForget()
        ? "send" + KafkaSendActionBuilder.FIRE_AND_FORGET_SUFFIX
        : "send";
  }
}
