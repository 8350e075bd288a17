package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.RunParams;

/**
 * Producers plus the consumers of a system under test. Each virtual user sends a record with a
 * fresh key to the request topic, waits for its ack ("send"), then waits for the system's reply
 * with the same key on the reply topic ("e2e": from the request's production to the reply's
 * arrival). The shipped echo service is the system under test by default. The run passes only if
 * the service's consumer group keeps up: its lag is sampled during the load and judged after it
 * ("lag kept rising", "max lag", "not drained"), whatever the producers' throughput. -Dsut=external
 * targets a real service, whose group(s) -Dlag.groups must name.
 */
public class EndToEndSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties();
  RunParams base = RunParams.of(params);
  int users = params.positiveInt("users", 10);
  String replyTopic = params.string("reply.topic", "kafkaload-replies");
  String sut = params.oneOf("sut", "embedded", "embedded", "external");
  String sutGroup = params.string("sut.group", "kafkaload-echo");
  int sutConsumers = params.positiveInt("sut.consumers", 4);
  int sutDelayMs = params.nonNegativeInt("sut.delayMs", 0);
  int replyTimeoutMs = params.positiveInt("reply.timeoutMs", 10_000);

  RunParams plan = base.judgingLagOf(sut, sutGroup);
  KafkaProtocolBuilder kafkaProtocol = plan.protocol(users);
  EchoService echo;

  ScenarioBuilder producers =
      scenario("producers")
          .exec(plan.warmUp(roundTrip("warm-up send", "warm-up e2e")))
          .exec(plan.measured(exec(roundTrip("send", "e2e"))));

  ChainBuilder roundTrip(String send, String reply) {
    return exec(session -> session.set("correlationId", UUID.randomUUID().toString()))
        .exec(kafka(send).send("#{correlationId}", plan.valueFunction()))
        .exec(
            kafka(reply)
                .consume(replyTopic)
                .matchKey("#{correlationId}")
                .timeout(Duration.ofMillis(replyTimeoutMs)));
  }

  {
    setUp(
            plan.withReconciliation(
                producers.injectClosed(
                    constantConcurrentUsers(users).during(plan.phases().loadSeconds()))))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.phases().loadSeconds()))
        .assertions(gates());
  }

  List<Assertion> gates() {
    List<Assertion> all = new java.util.ArrayList<>(plan.gates("send"));
    all.add(details("e2e").failedRequests().percent().lte(plan.gate().maxErrorPct()));
    return all;
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
