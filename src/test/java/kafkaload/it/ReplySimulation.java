package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import kafkaload.KafkaProtocolBuilder;
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
  String replyTopic = System.getProperty("replyTopic");
  String slowTopic = System.getProperty("slowTopic");
  String slowReplyTopic = System.getProperty("slowReplyTopic");
  KafkaProtocolBuilder kafkaProtocol = kafka().topic(topic).createTopic(4, 1).runIdentity(false);
  EchoService fast;
  EchoService slow;

  ChainBuilder rr(String name, CheckBuilder... checks) {
    return exec(session -> session.set("id", UUID.randomUUID().toString()))
        .exec(
            kafka(name)
                .send("#{id}", BODY)
                .header("corr", "#{id}")
                .replyOn(replyTopic)
                .check(checks));
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
          // Gatling's own checks on the reply, each passing once ("... ok") and failing once.
          .exec(
              rr("bodyString ok", bodyString().is(BODY)),
              rr("bodyString ko", bodyString().is("nope")))
          .exec(
              rr("bodyBytes ok", bodyBytes().is(BODY.getBytes(StandardCharsets.UTF_8))),
              rr("bodyBytes ko", bodyBytes().is(new byte[] {1})))
          .exec(
              rr("jsonPath ok", jsonPath("$.status").is("OK")),
              rr("jsonPath ko", jsonPath("$.status").is("dkf")))
          .exec(
              rr("jmesPath ok", jmesPath("n").ofInt().is(7)),
              rr("jmesPath ko", jmesPath("status").is("KO")))
          .exec(rr("substring ok", substring("\"n\":7")), rr("substring ko", substring("zzz")))
          .exec(rr("regex ok", regex("\"n\":(\\d+)").is("7")), rr("regex ko", regex("x(\\d+)y")))
          .exec(rr("header ok", header("corr").isEL("#{id}")), rr("header ko", header("absent")))
          .exec(rr("key ok", key().isEL("#{id}")), rr("key ko", key().is("other")))
          // Gatling's chain on Kafka's sources, every step in one request that must pass.
          .exec(
              rr(
                  "chain ok",
                  jsonPath("$.items[*]").findAll().transform(List::size).is(2),
                  jsonPath("$.items[*]").count().is(2),
                  jsonPath("$.items[*]").find(1).is("2"),
                  jsonPath("$.absent").notExists(),
                  jsonPath("$.absent").optional().saveAs("optional"),
                  jsonPath("$.status").in("OK", "ACCEPTED").name("status in"),
                  jsonPath("$.status").not("KO"),
                  jsonPath("$.n").ofInt().validate("odd", (n, session) -> n % 2 == 1 ? n : null),
                  bodyLength().gt(10),
                  bodyString().transform(String::length).is(BODY.length()),
                  regex("(\\d)").findAll().is(List.of("7", "1", "2")),
                  regex("(\\d)").count().is(3),
                  header("corr").count().is(1),
                  onKey(regex("^([0-9a-f]{8})-").saveAs("keyPrefix")),
                  onHeader("corr", bodyString().isEL("#{id}")),
                  simpleCheck(r -> r.key() != null && r.value().length == BODY.length())))
          .exec(
              session -> {
                System.out.println(
                    "KEY-PREFIX-SAVED "
                        + session.getString("id").startsWith(session.getString("keyPrefix"))
                        + " OPTIONAL-SAVED "
                        + session.contains("optional"));
                return session;
              })
          // saveAs: the next request's key uses the saved value, and its reply must come back under
          // that key.
          .exec(rr("saveAs ok", jsonPath("$.status").saveAs("status")))
          .exec(
              kafka("uses saved")
                  .send("#{status}-#{id}", "x")
                  .replyOn(replyTopic)
                  .check(key().isEL("OK-#{id}")))
          // saveAs of nothing: a KO with Gatling's message, and nothing is saved.
          .exec(rr("saveAs ko", jsonPath("$.absent").saveAs("absent")))
          .exec(
              session -> {
                System.out.println("SAVED-ABSENT " + session.contains("absent"));
                return session;
              })
          // checkIf: the failing check is skipped where its condition does not hold.
          .exec(session -> session.set("strict", false))
          .exec(
              kafka("checkIf skipped")
                  .send("#{id}", BODY)
                  .header("corr", "#{id}")
                  .replyOn(replyTopic)
                  .checkIf("#{strict}")
                  .then(jsonPath("$.status").is("never"))
                  .checkIf((reply, session) -> reply.key() != null)
                  .then(jsonPath("$.status").is("OK")))
          // A consumed record: Gatling's checks on it as on a reply.
          .exec(
              kafka("consume check ok")
                  .consume(topic)
                  .matchKey("#{id}")
                  .check(
                      jsonPath("$.status").is("OK").saveAs("consumedStatus"),
                      header("corr").isEL("#{id}")))
          // The topic's reader keeps one waiting record per key: the failing check gets its own.
          .exec(kafka("consume source").send("c-#{id}", BODY))
          .exec(
              kafka("consume check ko")
                  .consume(topic)
                  .matchKey("c-#{id}")
                  .check(jmesPath("status").is("dkf")))
          // A check that cannot apply (JSON expected, text received) is a KO with its reason; the
          // user goes on.
          .exec(
              kafka("throwing check")
                  .send("#{id}", "not json")
                  .replyOn(replyTopic)
                  .check(jsonPath("$.a")))
          // No key at all: only the header can match the reply, and the check proves it is this
          // user's.
          .exec(
              kafka("match header")
                  .send("x")
                  .header("corr", "c-#{id}")
                  .replyOn(replyTopic)
                  .matchHeader("corr")
                  .check(header("corr").isEL("c-#{id}")))
          .exec(kafka("match value").send("v-#{id}").replyOn(replyTopic).matchValue())
          .exec(
              kafka("match big value")
                  .send(BIG + "#{id}")
                  .replyOn(replyTopic)
                  .matchValue()
                  .timeout(Duration.ofSeconds(3))
                  .check(bodyString().isEL(BIG + "#{id}")))
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
