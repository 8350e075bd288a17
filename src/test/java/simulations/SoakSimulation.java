package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.Map;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.RunParams;

/**
 * A soak: a constant arrival rate for a long time (open model, default 2,000 msg/s for 30 min after
 * a warm-up; -Drate, -Dduration in seconds), with a consumer group under test whose lag is sampled
 * through the run and judged at its end (the shipped echo service by default, or a real service's
 * groups with -Dsut=external -Dlag.groups=...), the injector's health and heap sampled every
 * second, and every acked record reconciled at the end. The topic keeps everything the run sends
 * (rate x recordSize x seconds), and the echo service's reply topic as much again: see
 * docs/soak.md.
 */
public class SoakSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  static final Map<String, String> DEFAULTS =
      Map.of("duration", "1800", "topic", "kafkaload-soak", "lag.windowSeconds", "300");
  Params params = Params.fromSystemProperties().withDefaults(DEFAULTS);
  int rate = params.positiveInt("rate", 2000);
  RunParams unscaled = RunParams.of(params);
  // The read-back reads every record of the run: its bound grows with them.
  RunParams shared = unscaled.withReadBackFor((long) rate * unscaled.phases().loadSeconds());
  String replyTopic = params.string("reply.topic", "kafkaload-soak-replies");
  String sut = params.oneOf("sut", "embedded", "embedded", "external");
  String sutGroup = params.string("sut.group", "kafkaload-soak-echo");
  int sutConsumers = params.positiveInt("sut.consumers", 4);
  int sutDelayMs = params.nonNegativeInt("sut.delayMs", 0);

  RunParams plan = shared.judgingLagOf(sut, sutGroup);
  KafkaProtocolBuilder kafkaProtocol = plan.protocol(1);
  EchoService echo;

  ScenarioBuilder warmUp =
      scenario("warm-up arrivals")
          .exec(plan.fed(kafka("warm-up send").send(plan.keyFunction(), plan.valueFunction())));
  ScenarioBuilder measured =
      scenario("arrivals")
          .exec(plan.fed(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

  {
    PopulationBuilder load =
        plan.withReconciliation(
            measured.injectOpen(constantUsersPerSec(rate).during(plan.phases().durationSeconds())));
    setUp(
            plan.phases().warmupSeconds() == 0
                ? load
                : warmUp
                    .injectOpen(constantUsersPerSec(rate).during(plan.phases().warmupSeconds()))
                    .andThen(load))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.phases().loadSeconds()))
        .assertions(plan.gates("send"));
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
