package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.RunParams;

/**
 * Request-reply against a service: each virtual user sends an order with a fresh correlation id and
 * waits for the reply carrying the same header on the reply topic; the response time runs from the
 * send to the reply, and a check reads the reply's JSON. The shipped echo service answers by
 * default; -Dsut=external targets a real service that replies on -Dreply.topic (its group, if named
 * in -Dlag.groups, is judged as well).
 */
public class RequestReplySimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties();
  RunParams base = RunParams.of(params);
  int users = params.positiveInt("users", 10);
  String replyTopic = params.string("reply.topic", "kafkaload-rr-replies");
  int replyTimeoutMs = params.positiveInt("reply.timeoutMs", 10_000);
  String sut = params.oneOf("sut", "embedded", "embedded", "external");
  String sutGroup = params.string("sut.group", "kafkaload-rr-echo");
  int sutConsumers = params.positiveInt("sut.consumers", 4);
  int sutDelayMs = params.nonNegativeInt("sut.delayMs", 0);

  RunParams plan =
      sut.equals("embedded") && base.lag().groups().isEmpty()
          ? base.withLagGroups(List.of(sutGroup))
          : base;
  KafkaProtocolBuilder kafkaProtocol =
      plan.protocol(users).replyTimeout(Duration.ofMillis(replyTimeoutMs));
  EchoService echo;

  ChainBuilder order(String name) {
    return exec(session -> session.set("correlationId", UUID.randomUUID().toString()))
        .exec(
            kafka(name)
                .send("#{correlationId}", Map.of("sku", "A-100", "qty", 3))
                .header("correlation-id", "#{correlationId}")
                .replyOn(replyTopic)
                .matchHeader("correlation-id")
                .check(jsonPath("$.sku").is("A-100")));
  }

  ScenarioBuilder clients =
      scenario("clients")
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
    if (sut.equals("embedded")) {
      echo = EchoService.startFor(kafkaProtocol, replyTopic, sutGroup, sutConsumers, sutDelayMs);
    }
  }

  @Override
  public void after() {
    if (echo != null) {
      echo.close();
    }
  }
}
