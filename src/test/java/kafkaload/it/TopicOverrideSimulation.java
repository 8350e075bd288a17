package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;

/**
 * Sends to a topic named by EL, not the protocol's default: its metadata was not fetched by
 * preflight, so the first sends would block in producer.send and must run off the event loop; its
 * end offsets were not taken by preflight either, so the first send takes them, and the
 * reconciliation covers both topics. A third topic does not exist: its sends are KO at once, naming
 * it, instead of letting the broker auto-create it. Two more kinds of send fail before reaching the
 * buffer, and their users must go on: a partition the topic does not have (send() would block the
 * event loop for max.block.ms), and a fire-and-forget record too large for the producer.
 */
public class TopicOverrideSimulation extends Simulation {
  static final int USERS = 4;
  static final int PER_USER = 25;
  static final int MISSING_SENDS = 3;
  static final int BAD_PARTITION = 7;

  String defaultTopic = System.getProperty("topic");
  String otherTopic = System.getProperty("otherTopic");
  String missingTopic = System.getProperty("missingTopic");

  ScenarioBuilder scn =
      scenario("override")
          .exec(session -> session.set("target", otherTopic))
          .repeat(PER_USER)
          .on(exec(kafka("send").send(uuid()).topic("#{target}")));

  ScenarioBuilder missing =
      scenario("missing topic")
          .repeat(MISSING_SENDS)
          .on(exec(kafka("send to missing topic").send(uuid()).topic(missingTopic)));

  ScenarioBuilder failing =
      scenario("failing before the buffer")
          .repeat(MISSING_SENDS)
          .on(
              exec(kafka("send to a missing partition").send(uuid()).partition(BAD_PARTITION)),
              exec(kafka("too large").send(randomBytes(2_000_000)).fireAndForget()));

  {
    setUp(
            reconciled(scn.injectOpen(atOnceUsers(USERS)), reconcile()),
            missing.injectOpen(atOnceUsers(1)),
            failing.injectOpen(atOnceUsers(1)))
        .protocols(kafka().topic(defaultTopic))
        .assertions(kafkaload.Gates.reconciliation())
        .maxDuration(60);
  }
}
