package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;

/** Matches replies by a header its request never sets: must be refused before any load. */
public class BadMatcherSimulation extends Simulation {
  String topic = System.getProperty("topic");

  ScenarioBuilder scn =
      scenario("bad matcher")
          .exec(kafka("order").send("k", "v").replyOn(topic).matchHeader("correlation-id"));

  {
    setUp(scn.injectOpen(atOnceUsers(1))).protocols(kafka().topic(topic).createTopic(1, 1));
  }
}
