package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;

/**
 * Sends "order" in the group "checkout", and gates "place order": must be refused before any load,
 * naming the names there are. -Dgate.path: the gate's path, '/' between its parts.
 */
public class MisnamedGateSimulation extends Simulation {
  String topic = System.getProperty("topic");
  String[] path = System.getProperty("gate.path", "place order").split("/");

  ScenarioBuilder scn =
      scenario("shop")
          .group("checkout")
          .on(exec(kafka("order").send("k", "v")))
          .exec(kafka("audit").send("k", "v"));

  {
    setUp(scn.injectOpen(constantUsersPerSec(50).during(3)))
        .protocols(kafka().topic(topic).createTopic(1, 1))
        .assertions(details(path).failedRequests().count().is(0L));
  }
}
