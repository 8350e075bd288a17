package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

/**
 * Each user sends one record and finds it again by header and by value, finds a 3 KB record by its
 * value, finds a record stamped 5 s in the past in its "sent-at" header (so its end-to-end latency
 * is at least 5 s), then waits for a record a predicate accepts (sent by another scenario while it
 * waits), then for a key that never comes, which must time out at its deadline.
 */
public class ConsumeSimulation extends Simulation {
  static final int USERS = 5;
  static final int TIMEOUT_MS = 700;
  static final long BACKDATE_MS = 5000;
  static final String BIG = "y".repeat(3000);

  String topic = System.getProperty("topic");

  ScenarioBuilder scn =
      scenario("consume")
          .exec(session -> session.set("id", UUID.randomUUID().toString()))
          .exec(kafka("send").send("key-#{id}", "value-#{id}").header("corr", "#{id}"))
          .exec(kafka("by header").consume(topic).matchHeader("corr", "#{id}"))
          .exec(kafka("by value").consume(topic).matchValue("value-#{id}"))
          .exec(kafka("send big").send(BIG + "#{id}"))
          .exec(
              kafka("by big value")
                  .consume(topic)
                  .matchValue(BIG + "#{id}")
                  .timeout(Duration.ofSeconds(3)))
          .exec(
              kafka("send backdated")
                  .send("pa-#{id}", "x")
                  .header(
                      "sent-at",
                      session -> String.valueOf(System.currentTimeMillis() - BACKDATE_MS)))
          .exec(
              kafka("by produced-at header")
                  .consume(topic)
                  .matchKey("pa-#{id}")
                  .producedAtHeader("sent-at"))
          .exec(
              kafka("by predicate")
                  .consume(topic)
                  .timeout(Duration.ofSeconds(10))
                  .match(
                      (session, r) ->
                          r.key() != null
                              && new String(r.key(), StandardCharsets.UTF_8).equals("trigger")))
          .exec(session -> session.set("t0", System.nanoTime()))
          .exec(
              kafka("by key, never sent")
                  .consume(topic)
                  .matchKey("missing-#{id}")
                  .timeout(Duration.ofMillis(TIMEOUT_MS)))
          .exec(
              session -> {
                System.out.println(
                    "CONSUME-TIMEOUT-ELAPSED-MS "
                        + (System.nanoTime() - session.getLong("t0")) / 1_000_000);
                return session;
              });

  // A predicate sees records that arrive while it waits: one "trigger" per waiting user, sent once
  // they all wait.
  ScenarioBuilder triggers =
      scenario("trigger sender")
          .pause(Duration.ofSeconds(3))
          .repeat(USERS)
          .on(exec(kafka("trigger").send("trigger", "t")));

  // A predicate that throws on every record: a KO at the timeout that says so, and the other
  // waiters still served.
  ScenarioBuilder thrower =
      scenario("throwing predicate")
          .exec(
              kafka("by throwing predicate")
                  .consume(topic)
                  .timeout(Duration.ofSeconds(5))
                  .match(
                      (session, r) -> {
                        throw new IllegalStateException("boom");
                      }));

  {
    setUp(
            scn.injectOpen(atOnceUsers(USERS)),
            triggers.injectOpen(atOnceUsers(1)),
            thrower.injectOpen(atOnceUsers(1)))
        .protocols(kafka().topic(topic).createTopic(3, 1))
        .maxDuration(60);
  }
}
