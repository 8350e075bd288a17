package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import kafkaload.Params;
import kafkaload.RunParams;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.EchoService;

/**
 * A demonstration that FAILS by design: producers send 1,000 msg/s (open model) and every send is acked quickly,
 * but the one echo consumer spends 2 ms per record, so it handles at most 500/s. The producer gates pass; the
 * lag verdict fails the run ("lag kept rising", "not drained"). This is the seed's rule: rising lag is a FAIL
 * even when producer TPS meets its target.
 */
public class SlowConsumerSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see the README's parameter table) ----
  RunParams base = RunParams.fromSystemProperties();
  int rate = Params.positiveInt("rate", 1000);
  String replyTopic = Params.string("reply.topic", "kafkaload-slow-replies");
  String sutGroup = Params.string("sut.group", "kafkaload-slow-echo");
  int sutConsumers = Params.positiveInt("sut.consumers", 1);
  int sutDelayMs = Params.nonNegativeInt("sut.delayMs", 2);

  RunParams plan = base.judgingLagOf("embedded", sutGroup);
  KafkaProtocolBuilder kafkaProtocol = plan.protocol(1);
  EchoService echo;

  ScenarioBuilder arrivals = scenario("arrivals")
      .exec(plan.fed(kafka("send").send(plan.keyFunction(), plan.valueFunction())));

  {
    setUp(plan.withReconciliation(arrivals.injectOpen(constantUsersPerSec(rate).during(plan.durationSeconds()))))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.durationSeconds()))
        .assertions(plan.gates("send"));
  }

  @Override
  public void before() {
    echo = EchoService.startFor(kafkaProtocol.protocol(), replyTopic, sutGroup, sutConsumers, sutDelayMs);
  }

  @Override
  public void after() {
    echo.close();
  }
}
