package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kafkaload.ChurnActionBuilder;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * What a rebalance costs a consumer group under load, with the classic protocol (eager and
 * cooperative) against KIP-848 ({@code group.protocol=consumer}): for each protocol in turn, 4
 * consumers (each a process of its own) of a group of their own on a 16-partition topic, the
 * producers writing churn.rate msg/s, and a rolling restart of every consumer one at a time by
 * default. Per protocol and step: the longest time a partition had no owner (the pause), until
 * every partition was owned and read again, the longest time nobody read, the records read twice.
 * Every record produced is read at least once ("churn read all", a KO naming the partitions
 * otherwise); the gates -Dchurn.maxPauseMs and -Dchurn.maxReadTwicePct are "churn pause" and "churn
 * read twice". Zero setup: the embedded broker when -Dbootstrap is unset (docs/churn.md). The
 * default plan is graceful: a crash waits for the session timeout, 45 s under KIP-848 on a broker
 * with Kafka's defaults.
 */
public class ConsumerChurnSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params = Params.fromSystemProperties().withDefaults(Map.of("topic", "kafkaload-churn"));
  RunParams plan = RunParams.of(params);
  int consumers = params.positiveInt("churn.consumers", 4);
  String churnPlan = params.string("churn.plan", "rolling@5s+5s");
  String protocols = params.string("churn.protocols", "classic-eager,classic-cooperative,consumer");
  int seconds = params.positiveInt("churn.seconds", 40);
  int rate = params.positiveInt("churn.rate", 500);
  long maxPauseMs = params.positiveLong("churn.maxPauseMs", 30_000);
  double maxReadTwicePct = params.nonNegativeDouble("churn.maxReadTwicePct", 5.0);
  int sessionTimeoutMs = params.positiveInt("churn.sessionTimeoutMs", 10_000);
  int maxPollIntervalMs = params.positiveInt("churn.maxPollIntervalMs", 10_000);
  int maxWaitSeconds = params.positiveInt("churn.maxWaitSeconds", 60);

  KafkaProtocolBuilder kafkaProtocol = plan.protocol(1);

  ChurnActionBuilder churn =
      churn("churn")
          .consumers(consumers)
          .plan(churnPlan)
          .protocols(protocols)
          .during(Duration.ofSeconds(seconds))
          .rate(rate)
          .recordSize(plan.records().size())
          .sessionTimeout(Duration.ofMillis(sessionTimeoutMs))
          .maxPollInterval(Duration.ofMillis(maxPollIntervalMs))
          .maxWait(Duration.ofSeconds(maxWaitSeconds))
          .maxPauseMs(maxPauseMs)
          .maxReadTwicePct(maxReadTwicePct);

  ScenarioBuilder churnRun = scenario("churn").exec(churn);

  {
    int rounds = protocols.split(",").length;
    setUp(churnRun.injectOpen(atOnceUsers(1)))
        .protocols(kafkaProtocol)
        .maxDuration(rounds * (seconds + 3 * maxWaitSeconds) + 60)
        .assertions(
            List.of(
                details("churn send").failedRequests().count().is(0L),
                details("churn read all").failedRequests().count().is(0L),
                details("churn pause").failedRequests().count().is(0L),
                details("churn read twice").failedRequests().count().is(0L)));
  }
}
