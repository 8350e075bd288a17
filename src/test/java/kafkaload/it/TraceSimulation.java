package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.UUID;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.echo.EchoService;

/**
 * Trace context against the echo service: each user sends {@link #ROUNDS} requests carrying a
 * {@code tracestate} of their own and waits for each reply ("traced order"), and sends a record it
 * then reads back, as the echo's reply, end to end ("traced read"). The sampling ratio comes from
 * -Dtrace.sampleRatio.
 */
public class TraceSimulation extends Simulation {
  static final int USERS = 4;
  static final int ROUNDS = 25;

  String topic = System.getProperty("topic");
  String replyTopic = kafkaload.Params.fromSystemProperties().raw("replyTopic");
  KafkaProtocolBuilder kafkaProtocol = kafka().topic(topic).createTopic(2, 1);
  EchoService echo;

  ScenarioBuilder scn =
      scenario("traced")
          .repeat(ROUNDS)
          .on(
              exec(session -> session.set("id", UUID.randomUUID().toString()))
                  .exec(
                      kafka("traced order")
                          .send("#{id}", "order-#{id}")
                          .header("tracestate", "kafkaload=#{id}")
                          .replyOn(replyTopic))
                  .exec(kafka("send for read").send("c-#{id}", "read-#{id}"))
                  .exec(kafka("traced read").consume(replyTopic).matchKey("c-#{id}")));

  {
    setUp(scn.injectOpen(atOnceUsers(USERS))).protocols(kafkaProtocol).maxDuration(90);
  }

  @Override
  public void before() {
    echo = EchoService.startFor(kafkaProtocol, replyTopic, "trace-echo-" + topic, 2, 0);
  }

  @Override
  public void after() {
    if (echo != null) {
      echo.close();
    }
  }
}
