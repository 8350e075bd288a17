package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * A constant rate split over the injectors, gated by an upper bound on the run's total request
 * count (-Dit.maxRequests): a gate each injector passes alone that the merged run can fail
 * (DistributedIT).
 */
public class DistributedGateSimulation extends Simulation {
  Params params = Params.fromSystemProperties();
  RunParams plan = RunParams.of(params);
  int rate = params.share("rate", 100);

  ScenarioBuilder arrivals =
      scenario("arrivals").exec(kafka("send").send(plan.keyFunction(), plan.valueFunction()));

  {
    setUp(arrivals.injectOpen(constantUsersPerSec(rate).during(plan.phases().durationSeconds())))
        .protocols(plan.protocol(1))
        .assertions(
            global().allRequests().count().lte(Long.getLong("it.maxRequests", Long.MAX_VALUE)));
  }
}
