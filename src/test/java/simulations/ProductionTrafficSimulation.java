package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.Map;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * Traffic like production (docs/traffic.md): a constant arrival rate of records with Zipf-skewed
 * keys (hot keys, so hot partitions), a mix of record sizes and values that compress about half.
 * Every knob is the common -D one, with these defaults: -Dkey=zipf over -Dkey.count=10000 keys
 * (-Dkey.zipfExponent=1.0), -DrecordSize.dist=percentiles:p50=512,p90=4096,p99=16384,
 * -Dvalue.compressibility=0.5, -Drate=5000. The Kafka page shows the top keys' shares beside the
 * per-partition bars, the sizes sent and the producer's batch fill and compression rate.
 */
public class ProductionTrafficSimulation extends Simulation {
  Params params =
      Params.fromSystemProperties()
          .withDefaults(
              Map.of(
                  "key", "zipf",
                  "key.count", "10000",
                  "key.zipfExponent", "1.0",
                  "recordSize.dist", "percentiles:p50=512,p90=4096,p99=16384",
                  "value.compressibility", "0.5"));
  int totalRate = params.positiveInt("rate", 5000);
  // On injector i of N (docs/distributed.md): its share of the rate.
  int rate = params.share("rate", 5000);
  int burst = params.positiveInt("burst", Math.max(1, Math.min(16, rate / 2500)));
  double arrivalsPerSec = (double) rate / burst;
  RunParams unscaled = RunParams.of(params);
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
