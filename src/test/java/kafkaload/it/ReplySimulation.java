package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.ReplyCheck;
import kafkaload.echo.EchoService;

/**
 * Request-reply against two echo services: a fast one (requests on -Dtopic, replies on
 * -DreplyTopic) and one that takes 800 ms per record (-DslowTopic to -DslowReplyTopic). Every check
 * type runs once passing ("... ok") and once failing ("... ko"); a request waits 300 ms for the
 * slow echo and times out, and its reply arrives late. First of all, each user's match function
 * throws: that user alone gets a KO, while a bystander keeps requesting on the same reply topic and
 * must get every reply.
 */
public class ReplySimulation extends Simulation {
  static final int USERS = 2;
  static final String BODY = "{\"status\":\"OK\",\"n\":7,\"items\":[1,2]}";
  static final int TIMEOUT_MS = 300;
  static final int BYSTANDER_REQUESTS = 20;

  /** Over the 1 KiB that values were once indexed up to. */
  static final String BIG = "x".repeat(3000);

  String topic = System.getProperty("topic");
  String replyTopic = kafkaload.Params.fromSystemProperties().raw("replyTopic");
  String slowTopic = System.getProperty("slowTopic");
  String slowReplyTopic = System.getProperty("slowReplyTopic");
  KafkaProtocolBuilder kafkaProtocol = kafka().topic(topic).createTopic(4, 1).runIdentity(false);
  EchoService fast;
  EchoService slow;

  ChainBuilder rr(String name, ReplyCheck check) {
    return exec(session -> session.set("id", UUID.randomUUID().toString()))
        .exec(
            kafka(name)
                .send("#{id}", BODY)
                .header("corr", "#{id}")
                .replyOn(replyTopic)
                .check(check));
  }

  ScenarioBuilder scn =
      scenario("request-reply")
          .exec(session -> session.set("id", UUID.randomUUID().toString()))
          .exec(
              kafka("match function throws")
                  .send("t-#{id}", "x")
                  .replyOn(replyTopic)
                  .timeout(Duration.ofSeconds(3))
                  .match(
                      (request, reply) -> {
                        throw new IllegalStateException("no match for you");
                      }))
          .exec(
              rr("bodyString ok", reply.bodyString().is(BODY)),
              rr("bodyString ko", reply.bodyString().is("nope")))
          .exec(
              rr("bodyBytes ok", reply.bodyBytes().is(BODY.getBytes(StandardCharsets.UTF_8))),
              rr("bodyBytes ko", reply.bodyBytes().is(new byte[] {1})))
          .exec(
              rr("jsonPath ok", reply.jsonPath("$.status").is("OK")),
              rr("jsonPath ko", reply.jsonPath("$.missing")))
          .exec(
              rr("jmesPath ok", reply.jmesPath("n").is("7")),
              rr("jmesPath ko", reply.jmesPath("status").is("KO")))
          .exec(
              rr("substring ok", reply.substring("\"n\":7")),
              rr("substring ko", reply.substring("zzz")))
          .exec(
              rr("regex ok", reply.regex("\"n\":(\\d+)").is("7")),
              rr("regex ko", reply.regex("x(\\d+)y")))
          .exec(
              rr("header ok", reply.header("corr").is("#{id}")),
              rr("header ko", reply.header("absent")))
          .exec(rr("key ok", reply.key().is("#{id}")), rr("key ko", reply.key().is("other")))
          // saveAs: the next request's key uses the saved value, and its reply must come back under
          // that key.
          .exec(rr("saveAs ok", reply.jsonPath("$.status").saveAs("status")))
          .exec(
              kafka("uses saved")
                  .send("#{status}-#{id}", "x")
                  .replyOn(replyTopic)
                  .check(reply.key().is("OK-#{id}")))
          // saveAs of nothing: a KO with the reason, and nothing is saved.
          .exec(rr("saveAs ko", reply.jsonPath("$.absent").saveAs("absent")))
          .exec(
              session -> {
                System.out.println("SAVED-ABSENT " + session.contains("absent"));
                return session;
              })
          // A check that throws (JSON expected, text received) is a KO with its reason; the user
          // goes on.
          .exec(
              kafka("throwing check")
                  .send("#{id}", "not json")
                  .replyOn(replyTopic)
                  .check(reply.jsonPath("$.a")))
          // No key at all: only the header can match the reply, and the check proves it is this
          // user's.
          .exec(
              kafka("match header")
                  .send("x")
                  .header("corr", "c-#{id}")
                  .replyOn(replyTopic)
                  .matchHeader("corr")
                  .check(reply.header("corr").is("c-#{id}")))
          .exec(kafka("match value").send("v-#{id}").replyOn(replyTopic).matchValue())
          .exec(
              kafka("match big value")
                  .send(BIG + "#{id}")
                  .replyOn(replyTopic)
                  .matchValue()
                  .timeout(Duration.ofSeconds(3))
                  .check(reply.bodyString().is(BIG + "#{id}")))
          .exec(
              kafka("match function")
                  .send("f-#{id}", "x")
                  .replyOn(replyTopic)
                  .match((request, reply) -> java.util.Arrays.equals(request.key(), reply.key())))
          .exec(session -> session.set("t0", System.nanoTime()))
          .exec(
              kafka("timeout")
                  .send("#{id}", "slow")
                  .topic(slowTopic)
                  .replyOn(slowReplyTopic)
                  .timeout(Duration.ofMillis(TIMEOUT_MS)))
          .exec(
              session -> {
                System.out.println(
                    "TIMEOUT-ELAPSED-MS "
                        + (System.nanoTime() - session.getLong("t0")) / 1_000_000);
                return session;
              })
          .pause(Duration.ofSeconds(2)); // the late replies arrive meanwhile

  // Keyed requests on the same reply topic while the match functions above throw.
  ScenarioBuilder bystander =
      scenario("bystander")
          .repeat(BYSTANDER_REQUESTS)
          .on(
              exec(session -> session.set("id", UUID.randomUUID().toString()))
                  .exec(
                      kafka("bystander")
                          .send("b-#{id}", "x")
                          .replyOn(replyTopic)
                          .timeout(Duration.ofSeconds(5)))
                  .pause(Duration.ofMillis(100)));

  {
    setUp(scn.injectOpen(atOnceUsers(USERS)), bystander.injectOpen(atOnceUsers(1)))
        .protocols(kafkaProtocol)
        .maxDuration(90);
  }

  @Override
  public void before() {
    fast = EchoService.startFor(kafkaProtocol, replyTopic, "echo-" + replyTopic, 2, 0);
    var slowProtocol = kafka().topic(slowTopic).createTopic(1, 1);
    slow = EchoService.startFor(slowProtocol, slowReplyTopic, "echo-" + slowReplyTopic, 1, 800);
  }

  @Override
  public void after() {
    fast.close();
    slow.close();
  }
}
