package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import kafkaload.Gates;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.RunParams;

/**
 * Request-reply through an exactly-once pipeline: the shipped echo service in its exactly-once mode
 * (consume-transform-produce in transactions, read_committed input) answers each order, and the
 * users read the replies read_committed, so each reply's latency includes the wait for the echo's
 * commit. After the load the reconciliation judges exactly-once by record identity: every committed
 * order has exactly one committed reply. -Dsut=external loads a pipeline already running (the echo
 * as its own process, or a real one) that reads -Dtopic and writes -Dreply.topic, carrying the
 * records' headers over.
 */
public class ExactlyOncePipelineSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params =
      Params.fromSystemProperties()
          .withDefaults(
              Map.of(
                  "topic", "kafkaload-eos-requests",
                  "topic.partitions", "4",
                  "isolation.level", "read_committed",
                  // A committed input is one every in-sync replica has.
                  "acks", "all",
                  "enable.idempotence", "true",
                  "warmup", "5",
                  // Each reply waits for the echo's commit: a p99 of a transaction or two.
                  "gate.p99Ms", "1000",
                  "gate.minRps", "20"));
  RunParams base = RunParams.of(params);
  int users = params.positiveInt("users", 10);
  String replyTopic = params.string("reply.topic", "kafkaload-eos-replies");
  int replyTimeoutMs = params.positiveInt("reply.timeoutMs", 30_000);
  String sut = params.oneOf("sut", "embedded", "embedded", "external");
  String sutGroup = params.string("sut.group", "kafkaload-eos-echo");
  int sutConsumers = params.positiveInt("sut.consumers", 4);
  int sutTransactionMs = params.positiveInt("sut.transactionMs", 100);

  RunParams plan =
      sut.equals("embedded") && base.lag().groups().isEmpty()
          ? base.withLagGroups(List.of(sutGroup))
          : base;
  KafkaProtocolBuilder kafkaProtocol =
      plan.protocol(users).replyTimeout(Duration.ofMillis(replyTimeoutMs));
  EchoService echo;

  ChainBuilder order(String name) {
    return exec(session -> session.set("orderId", UUID.randomUUID().toString()))
        .exec(
            kafka(name)
                .send("#{orderId}", Map.of("sku", "A-100", "qty", 3))
                .header("correlation-id", "#{orderId}")
                .replyOn(replyTopic)
                .matchHeader("correlation-id")
                .check(jsonPath("$.sku").is("A-100")));
  }

  ScenarioBuilder clients =
      scenario("clients")
          .exec(plan.warmUp(order("warm-up order")))
          .exec(plan.measured(exec(order("order"))));

  {
    List<Assertion> gates = new ArrayList<>(plan.gates("order"));
    if (plan.verification().enabled()) {
      gates.addAll(Gates.exactlyOnce());
    }
    setUp(
            plan.withReconciliation(
                clients.injectClosed(
                    constantConcurrentUsers(users).during(plan.phases().loadSeconds())),
                replyTopic))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.phases().loadSeconds()))
        .assertions(gates);
  }

  @Override
  public void before() {
    if (sut.equals("embedded")) {
      echo =
          EchoService.startExactlyOnce(
              kafkaProtocol, replyTopic, sutGroup, sutConsumers, sutTransactionMs);
    }
  }

  @Override
  public void after() {
    if (echo != null) {
      echo.close();
    }
  }
}
