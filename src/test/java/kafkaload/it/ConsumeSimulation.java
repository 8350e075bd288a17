package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

/**
 * Each user sends one record and finds it again by header and by value, then waits for a record a predicate
 * accepts (sent by another scenario while it waits), then for a key that never comes, which must time out.
 */
public class ConsumeSimulation extends Simulation {
  static final int USERS = 5;
  static final int TIMEOUT_MS = 700;

  String topic = System.getProperty("topic");

  ScenarioBuilder scn = scenario("consume")
      .exec(session -> session.set("id", UUID.randomUUID().toString()))
      .exec(kafka("send").send("key-#{id}", "value-#{id}").header("corr", "#{id}"))
      .exec(kafka("by header").consume(topic).matchHeader("corr", "#{id}"))
      .exec(kafka("by value").consume(topic).matchValue("value-#{id}"))
      .exec(kafka("by predicate").consume(topic).timeout(Duration.ofSeconds(10)).match((session, r) ->
          r.key() != null && new String(r.key(), StandardCharsets.UTF_8).equals("trigger")))
      .exec(kafka("by key, never sent").consume(topic).matchKey("missing-#{id}").timeout(Duration.ofMillis(TIMEOUT_MS)));

  // A predicate sees records that arrive while it waits: one "trigger" per waiting user, sent once they all wait.
  ScenarioBuilder triggers = scenario("trigger sender")
      .pause(Duration.ofSeconds(3))
      .repeat(USERS).on(exec(kafka("trigger").send("trigger", "t")));

  {
    setUp(scn.injectOpen(atOnceUsers(USERS)), triggers.injectOpen(atOnceUsers(1)))
        .protocols(kafka().topic(topic).createTopic(3, 1)).maxDuration(60);
  }
}
