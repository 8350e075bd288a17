package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.List;
import kafkaload.config.Params;
import kafkaload.config.RunParams;
import kafkaload.protocol.KafkaProtocolBuilder;
import kafkaload.sut.EchoService;

/**
 * Producers plus the consumers of a system under test. Producers send to the request topic in the closed model;
 * the shipped echo service (a consumer group writing every record to the reply topic) consumes them. The run
 * passes only if the group keeps up: its lag is sampled during the load and judged after it ("lag kept rising",
 * "max lag", "not drained"), whatever the producers' throughput. -Dsut=external judges a real service's group
 * (-Dlag.groups) instead.
 */
public class EndToEndSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see the README's parameter table) ----
  RunParams base = RunParams.fromSystemProperties();
  int users = Params.positiveInt("users", 10);
  String replyTopic = Params.string("reply.topic", "kafkaload-replies");
  String sut = Params.oneOf("sut", "embedded", "embedded", "external");
  String sutGroup = Params.string("sut.group", "kafkaload-echo");
  int sutConsumers = Params.positiveInt("sut.consumers", 4);
  int sutDelayMs = Params.nonNegativeInt("sut.delayMs", 0);

  RunParams plan = base.lagGroups().isEmpty() ? base.withLagGroups(List.of(sutGroup)) : base;
  KafkaProtocolBuilder kafkaProtocol = plan.protocol(users);
  EchoService echo;

  ScenarioBuilder producers = scenario("producers")
      .during(plan.warmupSeconds()).on(exec(kafka("warm-up send").send(plan.keyFunction(), plan.valueFunction())))
      .during(plan.durationSeconds()).on(exec(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

  {
    setUp(plan.withReconciliation(
            producers.injectClosed(constantConcurrentUsers(users).during(plan.warmupSeconds() + plan.durationSeconds()))))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.warmupSeconds() + plan.durationSeconds()))
        .assertions(plan.gates("send"));
  }

  @Override
  public void before() {
    if (sut.equals("embedded")) {
      echo = EchoService.startFor(kafkaProtocol.protocol(), replyTopic, sutGroup, sutConsumers, sutDelayMs);
    }
  }

  @Override
  public void after() {
    if (echo != null) {
      echo.close();
    }
  }
}
