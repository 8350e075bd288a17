package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;

/**
 * Sends to a topic named by EL, not the protocol's default: its metadata was not fetched by preflight, so the
 * first sends would block in producer.send and must run off the event loop.
 */
public class TopicOverrideSimulation extends Simulation {
  static final int USERS = 4;
  static final int PER_USER = 25;

  String defaultTopic = System.getProperty("topic");
  String otherTopic = System.getProperty("otherTopic");

  ScenarioBuilder scn = scenario("override")
      .exec(session -> session.set("target", otherTopic))
      .repeat(PER_USER).on(exec(kafka("send").send(uuid()).topic("#{target}")));

  {
    setUp(scn.injectOpen(atOnceUsers(USERS))).protocols(kafka().topic(defaultTopic)).maxDuration(60);
  }
}
