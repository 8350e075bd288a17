package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import kafkaload.Params;

/**
 * A share group that acquires nothing while the run's records are acked: its consumers read a topic
 * nobody writes (-DidleTopic), the producers write -Dtopic. After its bound (3 s) the group is a KO
 * of "idle ack" with its reason, and its consumers stop.
 */
public class StarvedShareSimulation extends Simulation {
  Params params = Params.fromSystemProperties();
  String idle = params.raw("idleTopic");

  ScenarioBuilder producers = scenario("producers").exec(kafka("send").send("x"));
  ScenarioBuilder consumers =
      scenario("consumers")
          .exec(
              kafka("idle")
                  .shareConsume(idle)
                  .consumers(2)
                  .acquireTimeout(Duration.ofSeconds(3))
                  .during(Duration.ofSeconds(6))
                  .drainTimeout(Duration.ofSeconds(5)));

  {
    setUp(
            consumers.injectOpen(atOnceUsers(2)),
            producers.injectOpen(constantUsersPerSec(20).during(4)))
        .protocols(kafka().params(params).topic(params.raw("topic")).createTopic(1, 1));
  }
}
