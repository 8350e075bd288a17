package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.RunParams;

/**
 * A demonstration that FAILS by design: producers send 1,000 msg/s (open model) and every send is
 * acked quickly, but the one echo consumer spends 2 ms per record, so it handles at most 500/s. The
 * producer gates pass; the lag verdict fails the run ("lag kept rising", "not drained"). This is
 * the seed's rule: rising lag is a FAIL even when producer TPS meets its target.
 */
public class SlowConsumerSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties();
  RunParams base = RunParams.of(params);
  int rate = params.positiveInt("rate", 1000);
  String replyTopic = params.string("reply.topic", "kafkaload-slow-replies");
  String sutGroup = params.string("sut.group", "kafkaload-slow-echo");
  int sutConsumers = params.positiveInt("sut.consumers", 1);
  int sutDelayMs = params.nonNegativeInt("sut.delayMs", 2);

  RunParams plan = base.judgingLagOf("embedded", sutGroup);
  KafkaProtocolBuilder kafkaProtocol = plan.protocol(1);
  EchoService echo;

  ScenarioBuilder arrivals =
      scenario("arrivals")
          .exec(plan.fed(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

  {
    setUp(
            plan.withReconciliation(
                arrivals.injectOpen(
                    constantUsersPerSec(rate).during(plan.phases().durationSeconds()))))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.phases().durationSeconds()))
        .assertions(plan.gates("send"));
  }

  @Override
  public void before() {
    echo = EchoService.startFor(kafkaProtocol, replyTopic, sutGroup, sutConsumers, sutDelayMs);
  }

  @Override
  public void after() {
    echo.close();
  }
}
