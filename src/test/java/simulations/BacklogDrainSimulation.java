package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.BacklogActionBuilder;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.RunParams;

/**
 * Can the consumers catch up after an outage while the producers keep writing (OpenMessaging
 * Benchmark's consumerBacklogSizeGB and backlogDrainRatio)? Producers write backlog.rate msg/s
 * while the group under test is paused, until it is backlog.bytes behind; then it resumes while the
 * producers go on. Measured: the catch-up rate (consumed minus produced msg/s), the time to drain
 * to (1 - backlog.drainRatio) of the peak backlog, the end-to-end latency of the replies during the
 * catch-up ("backlog e2e catch-up") and the producers' ack latency during it ("backlog send
 * catch-up"). The verdict "backlog drained" is a KO naming the lag left when it did not drain
 * within backlog.maxDrainSeconds. The shipped echo service is the group by default (paused in this
 * JVM); -Dsut=external measures a real one, which -Dbacklog.pauseCommand and
 * -Dbacklog.resumeCommand stop and start (docs/backlog.md). Every record is reconciled after the
 * drain.
 */
public class BacklogDrainSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params =
      Params.fromSystemProperties()
          // The producers' ack gate is loose by default: their latency while consumers read old
          // data is measured and shown, the drain is the verdict.
          .withDefaults(
              Map.of("topic", "kafkaload-backlog", "gate.minRps", "50", "gate.p99Ms", "1000"));
  RunParams plan = RunParams.of(params);
  String sut = params.oneOf("sut", "embedded", "embedded", "external");
  String sutGroup = params.string("sut.group", "kafkaload-backlog-echo");
  int sutConsumers = params.positiveInt("sut.consumers", 4);
  int sutDelayMs = params.nonNegativeInt("sut.delayMs", 0);
  String replyTopic = params.string("reply.topic", "kafkaload-backlog-replies");
  int rate = params.positiveInt("backlog.rate", 1000);
  long bytes = params.positiveLong("backlog.bytes", 10L * 1024 * 1024);
  double drainRatio = params.positiveDouble("backlog.drainRatio", 0.99);
  int maxBuildSeconds = params.positiveInt("backlog.maxBuildSeconds", 60);
  int maxDrainSeconds = params.positiveInt("backlog.maxDrainSeconds", 60);
  String pauseCommand = params.string("backlog.pauseCommand", "");
  String resumeCommand = params.string("backlog.resumeCommand", "");

  KafkaProtocolBuilder kafkaProtocol = plan.protocol(1);
  EchoService echo;

  BacklogActionBuilder backlog = backlogUnderTest();

  BacklogActionBuilder backlogUnderTest() {
    BacklogActionBuilder b =
        backlog("backlog")
            .group(sutGroup)
            .rate(rate)
            .recordSize(plan.records().size())
            .bytes(bytes)
            .drainRatio(drainRatio)
            .maxBuildSeconds(maxBuildSeconds)
            .maxDrainSeconds(maxDrainSeconds)
            .replyTopic(replyTopic);
    return sut.equals("embedded")
        ? b.pause(() -> echo.pause()).resume(() -> echo.resume())
        : b.pauseCommand(pauseCommand).resumeCommand(resumeCommand);
  }

  ScenarioBuilder backlogRun = scenario("backlog").exec(backlog);

  {
    List<Assertion> gates = new ArrayList<>(plan.gates("backlog send"));
    gates.add(details("backlog drained").failedRequests().count().is(0L));
    setUp(plan.withReconciliation(backlogRun.injectOpen(atOnceUsers(1))))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(maxBuildSeconds + maxDrainSeconds + 10))
        .assertions(gates);
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
