package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.CapacitySearchActionBuilder;
import kafkaload.Gates;
import kafkaload.Params;
import kafkaload.kit.CapacityParams;
import kafkaload.kit.RunParams;

/**
 * How much can this cluster take? One producer paced open-model through plateaus of rising rates (1
 * KiB records, the seed's producer settings, a 16-partition topic): after a warm-up, the rate
 * doubles until a plateau breaks a gate (p99 ack latency, errors, achieved rate), then bisects to
 * within 5 %, then confirms the found rate. The verdict names the sustained rate and what broke
 * above it, or that the injector, not the cluster, was the limit. Then every acked record is
 * reconciled against the topic. Zero setup on the embedded broker; -Dkafka.bootstrap.servers for a
 * real cluster (docs/capacity.md).
 */
public class CapacitySearchSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  // No kit throughput gate (gate.minRps 0): the search judges each plateau's achieved rate itself.
  Params params =
      Params.fromSystemProperties()
          .withDefaults(Map.of("topic", "kafkaload-capacity", "gate.minRps", "0"));
  RunParams plan = RunParams.of(params);
  CapacityParams capacity = CapacityParams.of(params);

  CapacitySearchActionBuilder search =
      capacity.search(kafka("send").send(plan.keyFunction(), plan.valueFunction()));

  ScenarioBuilder producer = scenario("capacity search").exec(search);

  {
    List<Assertion> gates = new ArrayList<>(search.gates());
    // -Dverify=false: no reconciliation runs, so none is asserted
    if (plan.verification().enabled()) {
      gates.addAll(Gates.reconciliation());
    }
    setUp(plan.withReconciliation(producer.injectOpen(atOnceUsers(1))))
        .protocols(plan.protocol(1))
        .maxDuration(capacity.maxSeconds() + 120)
        .assertions(gates);
  }
}
