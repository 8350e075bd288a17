package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;

/**
 * A reply check expects a malformed Gatling EL: must be refused before any load, naming the
 * expression.
 */
public class BadReplyElSimulation extends Simulation {
  String topic = System.getProperty("topic");

  ScenarioBuilder scn =
      scenario("bad EL")
          .exec(
              kafka("order")
                  .send("k", "v")
                  .replyOn(topic)
                  .check(header("corr").isEL("#{unclosed")));

  {
    setUp(scn.injectOpen(atOnceUsers(1)))
        .protocols(kafka().topic(topic).createTopic(1, 1))
        .maxDuration(20);
  }
}
