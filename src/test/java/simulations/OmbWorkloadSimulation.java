package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.ArrayList;
import java.util.List;
import kafkaload.CapacitySearchActionBuilder;
import kafkaload.Gates;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.echo.EchoService;
import kafkaload.kit.CapacityParams;
import kafkaload.kit.RunParams;
import kafkaload.kit.SubscriptionParams;
import kafkaload.kit.Workload;

/**
 * An OpenMessaging Benchmark workload file (-Dworkload=path/to/workload.yaml, docs/workloads.md),
 * with an OMB Kafka driver file's settings (-Domb.driver=path/to/kafka-*.yaml), run with this
 * project's verification: its fields become the common knobs (topics, partitions, record size or
 * payload file, keys, producers, rate, warm-up and duration), a field this project cannot honour is
 * refused before any load, and a -D knob still wins. Three kinds, as OMB has them:
 *
 * <ul>
 *   <li>a fixed producerRate: ConstantRateSimulation's load (a warm-up under its own request name,
 *       the measured "send", every acked record reconciled), its subscriptions (a consumer group
 *       per subscription and topic) each reading and reconciling every record of its topic;
 *   <li>producerRate 0: the capacity search (docs/capacity.md) from OMB's start rate, the
 *       subscriptions' groups the lag the search judges (OMB's "consumers keep up");
 *   <li>consumerBacklogSizeGB above 0: the backlog build and drain (docs/backlog.md), the one
 *       subscription's group (the shipped echo service's consumers) paused while it builds.
 * </ul>
 *
 * <p>The run also writes OMB's result file, omb-result.json, beside kafka-summary.json.
 */
public class OmbWorkloadSimulation extends Simulation {
  Workload workload = Workload.of(Params.fromSystemProperties());
  Params params = workload.params();
  RunParams unscaled = RunParams.of(params);
  SubscriptionParams subscriptions = SubscriptionParams.of(params);
  int load = unscaled.phases().loadSeconds();
  EchoService echo;
  KafkaProtocolBuilder protocol;
  // Backlog: the echo service's group is the subscription paused and resumed.
  String echoGroup;
  String echoReplies;
  int echoConsumers;

  {
    switch (workload.mode()) {
      case MAX_RATE -> maxRate();
      case BACKLOG -> backlogRun();
      default -> fixedRate();
    }
  }

  void fixedRate() {
    int totalRate = params.positiveInt("rate", 20000);
    // On injector i of N (docs/distributed.md): its share of the rate.
    int rate = params.share("rate", 20000);
    int burst = params.positiveInt("burst", Math.max(1, Math.min(16, rate / 2500)));
    double arrivalsPerSec = (double) rate / burst;
    RunParams plan = subscriptions.judgingLag(unscaled.withReadBackFor((long) totalRate * load));
    ScenarioBuilder warmUp =
        scenario("warm-up arrivals")
            .exec(
                plan.fed(
                    kafka("warm-up send")
                        .send(plan.keyFunction(), workload.valueFunction(plan))
                        .burst(burst)
                        .silent()));
    ScenarioBuilder measured =
        scenario("arrivals")
            .exec(
                plan.fed(
                    kafka("send")
                        .send(plan.keyFunction(), workload.valueFunction(plan))
                        .burst(burst)));
    PopulationBuilder sends =
        plan.withReconciliation(
            measured.injectOpen(
                constantUsersPerSec(arrivalsPerSec).during(plan.phases().durationSeconds())));
    List<PopulationBuilder> populations = new ArrayList<>();
    populations.add(
        plan.phases().warmupSeconds() == 0
            ? sends
            : warmUp
                .injectOpen(
                    constantUsersPerSec(arrivalsPerSec).during(plan.phases().warmupSeconds()))
                .andThen(sends));
    populations.add(result(plan.phases().warmupSeconds(), plan.phases().durationSeconds()));
    List<Assertion> gates = new ArrayList<>(plan.gates("send"));
    subscribed(populations, gates, plan.phases().warmupSeconds(), plan.phases().durationSeconds());
    protocol = workload.protocol(subscriptions.protocol(plan, 1));
    setUp(populations)
        .protocols(protocol)
        .maxDuration(plan.maxDurationSeconds(load) + subscriptions.extraSeconds())
        .assertions(gates);
  }

  /** producerRate 0: the capacity search paces the send; no kit throughput gate, as its own. */
  void maxRate() {
    RunParams plan = subscriptions.judgingLag(unscaled);
    CapacityParams capacity = CapacityParams.of(params);
    CapacitySearchActionBuilder search =
        capacity.search(kafka("send").send(plan.keyFunction(), workload.valueFunction(plan)));
    List<PopulationBuilder> populations = new ArrayList<>();
    populations.add(
        plan.withReconciliation(
            scenario("capacity search").exec(search).injectOpen(atOnceUsers(1))));
    List<Assertion> gates = new ArrayList<>(search.gates());
    if (plan.verification().enabled()) {
      gates.addAll(Gates.reconciliation());
    }
    populations.add(result(capacity.warmUpSeconds(), capacity.maxSeconds()));
    int searchSeconds = capacity.warmUpSeconds() + capacity.maxSeconds();
    subscribed(populations, gates, capacity.warmUpSeconds(), capacity.maxSeconds());
    protocol = workload.protocol(subscriptions.protocol(plan, 1));
    setUp(populations)
        .protocols(protocol)
        .maxDuration(searchSeconds + 120 + subscriptions.extraSeconds())
        .assertions(gates);
  }

  /** consumerBacklogSizeGB: its one subscription's group paused, the backlog built, drained. */
  void backlogRun() {
    RunParams plan = unscaled;
    String group = subscriptions.groups(plan.topic().name()).get(0);
    String replies = plan.topic().name() + "-replies";
    int maxBuild = params.positiveInt("backlog.maxBuildSeconds", 60);
    int maxDrain = params.positiveInt("backlog.maxDrainSeconds", 60);
    protocol = workload.protocol(plan.protocol(1));
    ScenarioBuilder run =
        scenario("backlog")
            .exec(
                backlog("backlog")
                    .group(group)
                    .rate(params.positiveInt("backlog.rate", 1000))
                    .recordSize(plan.records().size())
                    .bytes(params.positiveLong("backlog.bytes", 10L * 1024 * 1024))
                    .drainRatio(params.positiveDouble("backlog.drainRatio", 0.99))
                    .maxBuildSeconds(maxBuild)
                    .maxDrainSeconds(maxDrain)
                    .replyTopic(replies)
                    .pause(() -> echo.pause())
                    .resume(() -> echo.resume()));
    List<Assertion> gates = new ArrayList<>(plan.gates("backlog send"));
    gates.add(details("backlog drained").failedRequests().count().is(0L));
    echoConsumers = Math.max(1, subscriptions.consumers());
    echoGroup = group;
    echoReplies = replies;
    setUp(plan.withReconciliation(run.injectOpen(atOnceUsers(1))), result(0, 0))
        .protocols(protocol)
        .maxDuration(plan.maxDurationSeconds(maxBuild + maxDrain + 10))
        .assertions(gates);
  }

  /**
   * OMB's result file, omb-result.json in the run's folder, its windows after the warm-up for the
   * test's length (0: until the end, a backlog's drain).
   */
  PopulationBuilder result(int warmupSeconds, int testSeconds) {
    return scenario("omb result")
        .exec(workload.resultStep(warmupSeconds, testSeconds))
        .injectOpen(atOnceUsers(1));
  }

  /** The subscriptions, reading from the warm-up's start, when the workload has them. */
  void subscribed(
      List<PopulationBuilder> populations, List<Assertion> gates, int warmup, int seconds) {
    if (subscriptions.subscriptions() > 0) {
      populations.add(
          scenario("subscriptions")
              .exec(workload.subscriptions(subscriptions.subscribe(warmup, seconds)))
              .injectOpen(atOnceUsers(1)));
      gates.addAll(subscriptions.gates());
    }
  }

  @Override
  public void before() {
    if (echoGroup != null) {
      echo = EchoService.startFor(protocol, echoReplies, echoGroup, echoConsumers, 0);
    }
  }

  @Override
  public void after() {
    if (echo != null) {
      echo.close();
    }
  }
}
