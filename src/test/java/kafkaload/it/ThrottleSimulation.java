package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;

/**
 * 20 closed-model producers that could send thousands of records a second, throttled to 200 rps.
 */
public class ThrottleSimulation extends Simulation {
  static final int RPS = 200;
  static final int SECONDS = 8;

  String topic = System.getProperty("topic");

  ScenarioBuilder scn =
      scenario("throttled").forever().on(exec(kafka("send").send(randomBytes(100))));

  {
    setUp(scn.injectClosed(constantConcurrentUsers(20).during(SECONDS)))
        .throttle(reachRps(RPS).in(Duration.ofSeconds(1)), holdFor(Duration.ofSeconds(SECONDS)))
        .maxDuration(SECONDS)
        .protocols(kafka().topic(topic).createTopic(4, 1));
  }
}
