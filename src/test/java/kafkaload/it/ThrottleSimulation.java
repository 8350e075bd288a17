package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;

/**
 * 100 closed-model producers that could send thousands of records a second, throttled to 200 rps:
 * so many that even on a loaded machine, whose acks take a few hundred ms, the throttle is what
 * holds them (20 made 137 a second at a load average of 41).
 */
public class ThrottleSimulation extends Simulation {
  static final int RPS = 200;
  static final int SECONDS = 8;
  static final int USERS = 100;

  String topic = System.getProperty("topic");

  ScenarioBuilder scn =
      scenario("throttled").forever().on(exec(kafka("send").send(randomBytes(100))));

  {
    setUp(scn.injectClosed(constantConcurrentUsers(USERS).during(SECONDS)))
        .throttle(reachRps(RPS).in(Duration.ofSeconds(1)), holdFor(Duration.ofSeconds(SECONDS)))
        .maxDuration(SECONDS)
        .protocols(kafka().topic(topic).createTopic(4, 1));
  }
}
