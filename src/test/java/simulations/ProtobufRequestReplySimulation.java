package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.RunParams;

/**
 * Request-reply with Protobuf: each user sends a com.acme.Order (schemas/order.proto) and waits for
 * the com.acme.OrderReply (schemas/order-reply.proto) that the shipped echo service writes back,
 * decoding the request through the Schema Registry and re-encoding its answer. The reply is decoded
 * to JSON for the checks: its status, its order id, and the subject of its schema. With no
 * -Dschema.registry.url, the embedded registry (a test double) is used.
 */
public class ProtobufRequestReplySimulation extends Simulation {
  // Each reply is decoded, answered and re-encoded by the echo service, with its own consumer poll
  // and commit:
  // slower than a plain send, so the gates' defaults are wider here (-D still wins).
  Params params =
      Params.fromSystemProperties()
          .withDefaults(
              Map.of("topic", "kafkaload-proto-orders", "gate.p99Ms", "1000", "gate.minRps", "20"));
  RunParams plan = RunParams.of(params);
  int users = params.positiveInt("users", 10);
  String replyTopic = params.string("reply.topic", "kafkaload-proto-replies");
  KafkaProtocolBuilder kafkaProtocol = plan.protocol(users).replyTimeout(Duration.ofSeconds(10));
  EchoService echo;

  static final String ORDER =
      "{\"orderId\": \"#{orderId}\", \"sku\": \"A-100\", \"qty\": #{qty}, "
          + "\"tags\": [\"load-test\"], \"shipTo\": {\"city\": \"Lyon\", \"zip\": \"69001\"}}";

  ChainBuilder order(String name) {
    return exec(session -> session.set("orderId", UUID.randomUUID().toString()).set("qty", 3))
        .exec(
            kafka(name)
                .send("#{orderId}", protobuf("schemas/order.proto", "com.acme.Order", ORDER))
                .header("correlation-id", "#{orderId}")
                .replyOn(replyTopic)
                .matchHeader("correlation-id")
                .decoded()
                .check(
                    jsonPath("$.status").is("ACCEPTED"),
                    jsonPath("$.orderId").isEL("#{orderId}"),
                    schemaSubject().is(replyTopic + "-value")));
  }

  ScenarioBuilder clients =
      scenario("protobuf clients")
          .exec(plan.warmUp(order("warm-up order")))
          .exec(plan.measured(exec(order("order"))));

  {
    setUp(
            plan.withReconciliation(
                clients.injectClosed(
                    constantConcurrentUsers(users).during(plan.phases().loadSeconds()))))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.phases().loadSeconds()))
        .assertions(plan.gates("order"));
  }

  @Override
  public void before() {
    echo =
        EchoService.startWithSchemas(
            kafkaProtocol,
            replyTopic,
            "kafkaload-proto-echo",
            4,
            "schemas/order-reply.proto",
            "com.acme.OrderReply");
  }

  @Override
  public void after() {
    if (echo != null) {
      echo.close();
    }
  }
}
