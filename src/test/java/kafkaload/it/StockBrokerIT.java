package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The shipped simulations against stock Apache Kafka, not the embedded broker's settings: Kafka's
 * own server ({@code kafka.Kafka} from its Maven jars, in a process of its own, StockBroker) with
 * Kafka's defaults but for what one node needs, each simulation run with {@code
 * -Dkafka.bootstrap.servers} and short durations only, one after another on one broker. Every
 * simulation that does not need the embedded cluster's fault control (BrokerFailover, BrokerLoss)
 * passes its own gates on Kafka 4.4.0 (SlowConsumer fails by design, on its lag verdict, as it does
 * on the embedded broker); the share-group simulation chooses its lock and delivery limit inside
 * the broker's bounds, and a lock set outside them is refused before any load, naming both. The
 * consumer, transaction and request-reply simulations run on the oldest broker of the compatibility
 * table (docs/benchmark.md) as well, so a setting only a newer broker accepts is caught. The
 * latency and rate gates are loosened (runGatling): this machine is shared.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
class StockBrokerIT {
  /** The oldest broker of bench/compat.sh's table. */
  static final String OLDEST = "3.9.1";

  /** A simulation, its short -D settings, and what it must print (null: exit 0 is enough). */
  record Case(String simulation, Map<String, String> props, String mustPrint, boolean fails) {
    static Case passes(String simulation, String... kv) {
      return new Case(simulation, KafkaTestSupport.props(kv), null, false);
    }

    Case printing(String text) {
      return new Case(simulation, props, text, fails);
    }

    static Case failsByDesign(String simulation, String text, String... kv) {
      return new Case(simulation, KafkaTestSupport.props(kv), text, true);
    }

    String name() {
      return simulation.substring(simulation.lastIndexOf('.') + 1);
    }
  }

  static final Case CONSUMER =
      Case.passes(
              "simulations.ConsumerThroughputSimulation",
              "topic.partitions",
              "4",
              "records",
              "3000",
              "recordSize",
              "100",
              "consumer.threads",
              "2")
          .printing("records 3000 of 3000");
  static final Case TRANSACTIONS =
      Case.passes(
          "simulations.TransactionsSimulation",
          "txn.users",
          "2",
          "txn.records",
          "5",
          "duration",
          "4",
          "gate.commitP99Ms",
          "600000");
  static final Case REQUEST_REPLY =
      Case.passes(
          "simulations.RequestReplySimulation",
          "users",
          "4",
          "warmup",
          "1",
          "duration",
          "4",
          "lag.windowSeconds",
          "3");

  static List<Case> shipped() {
    return List.of(
        Case.passes("simulations.BaselineSimulation", "warmup", "1", "duration", "4")
            .printing("| lost 0 | duplicates 0"),
        Case.passes(
            "simulations.ConstantRateSimulation", "rate", "300", "warmup", "1", "duration", "4"),
        Case.passes(
            "simulations.StepRampClosedSimulation",
            "startUsers",
            "2",
            "stepUsers",
            "2",
            "targetUsers",
            "4",
            "stepSeconds",
            "3"),
        Case.passes(
            "simulations.StepRampOpenSimulation",
            "startRate",
            "100",
            "rateStep",
            "100",
            "targetRate",
            "200",
            "stepSeconds",
            "3"),
        REQUEST_REPLY,
        Case.passes(
            "simulations.EndToEndSimulation",
            "warmup",
            "1",
            "duration",
            "5",
            "lag.windowSeconds",
            "4",
            "lag.intervalMs",
            "500"),
        Case.passes(
                "simulations.SoakSimulation",
                "rate",
                "200",
                "warmup",
                "1",
                "duration",
                "5",
                "lag.intervalMs",
                "500",
                "lag.windowSeconds",
                "4")
            .printing("LAG VERDICT: PASS"),
        Case.failsByDesign(
            "simulations.SlowConsumerSimulation",
            "LAG VERDICT: FAIL (lag kept rising",
            "duration",
            "8",
            "lag.windowSeconds",
            "6",
            "lag.intervalMs",
            "500",
            "gate.lagDrainSeconds",
            "3"),
        CONSUMER,
        TRANSACTIONS,
        Case.passes(
            "simulations.ExactlyOncePipelineSimulation",
            "users",
            "4",
            "warmup",
            "0",
            "duration",
            "4"),
        Case.passes(
            "simulations.AvroOrdersSimulation", "warmup", "0", "duration", "3", "users", "2"),
        Case.passes(
            "simulations.ProtobufRequestReplySimulation",
            "warmup",
            "0",
            "duration",
            "3",
            "users",
            "2"),
        Case.passes(
            "simulations.BacklogDrainSimulation",
            "topic.partitions",
            "4",
            "backlog.rate",
            "500",
            "backlog.bytes",
            String.valueOf(1024 * 1024),
            "backlog.maxDrainSeconds",
            "60"),
        Case.passes(
            "simulations.CapacitySearchSimulation",
            "topic.partitions",
            "4",
            "capacity.warmUpSeconds",
            "2",
            "capacity.plateauSeconds",
            "2",
            "capacity.maxSeconds",
            "30"),
        // Only the bootstrap and a short load: the lock and the delivery limit come from the
        // broker's bounds, the slow consumer's time from the lock.
        Case.passes("simulations.ShareGroupSimulation", "duration", "5"),
        Case.passes(
                "simulations.ConsumerChurnSimulation",
                "topic.partitions",
                "4",
                "churn.consumers",
                "2",
                "churn.seconds",
                "6",
                "churn.rate",
                "200",
                "churn.plan",
                "rolling@1s+2s",
                "churn.protocols",
                "classic-eager,consumer")
            .printing("read twice: nothing lost"));
  }

  @Test
  void everyShippedSimulationRunsOnAStockKafka44() throws Exception {
    try (StockBroker broker = StockBroker.start("4.4.0")) {
      // Kafka's defaults, not the embedded broker's: a lock of at least 15 s.
      Map<String, String> config = brokerConfig(broker);
      assertEquals(
          "15000", config.get("group.share.min.record.lock.duration.ms"), config.toString());
      assertEquals("3000", config.get("group.initial.rebalance.delay.ms"), config.toString());
      List<String> failures = runAll(broker, shipped());

      // A lock the user sets outside the bounds: refused before any load, naming both.
      GatlingRun refused =
          run(
              broker,
              Case.passes(
                  "simulations.ShareGroupSimulation",
                  "duration",
                  "3",
                  "share.record.lock.duration.ms",
                  "2000"));
      String out = refused.output();
      if (refused.exitCode() == 0
          || !out.contains("share.record.lock.duration.ms=2000 is outside the broker's bounds")
          || !out.contains("group.share.min.record.lock.duration.ms=15000")
          || out.contains("[kafkaload] ---- Share group")) {
        failures.add(
            "ShareGroupSimulation with a 2 s lock was not refused before any load:\n"
                + refused.tail());
      }
      assertTrue(failures.isEmpty(), String.join("\n\n", failures));
    }
  }

  /**
   * Issue 45's new user: a single stock 4.4 broker with Kafka's defaults, whose share-group state
   * topic wants 3 replicas. ShareGroupSimulation once ran its whole load acquiring nothing; now
   * preflight refuses it, naming the broker setting and its value, before any load.
   */
  @Test
  void shareGroupsOnAStockSingleNodeWithKafkasDefaultsAreRefusedNamingTheSetting()
      throws Exception {
    try (StockBroker broker = StockBroker.start("4.4.0", true)) {
      assertEquals(
          "3",
          brokerConfig(broker).get("share.coordinator.state.topic.replication.factor"),
          "Kafka's default");
      GatlingRun run =
          run(broker, Case.passes("simulations.ShareGroupSimulation", "dry.run", "true"));
      assertNotEquals(0, run.exitCode(), run.tail());
      String line =
          run.output()
              .lines()
              .filter(l -> l.startsWith("[kafkaload] ERROR: "))
              .findFirst()
              .orElseThrow(() -> new AssertionError(run.tail()));
      System.out.println("[stock] " + line);
      assertTrue(
          line.contains(
              "Share groups cannot run on the cluster at '"
                  + broker.bootstrap()
                  + "': the broker setting share.coordinator.state.topic.replication.factor=3 is"
                  + " above the cluster's 1 broker(s)"),
          line);
      assertFalse(run.output().contains("---- Requests"), run.tail());
      assertFalse(run.output().contains("dry run: the plan"), run.tail());
    }
  }

  @Test
  void consumerTransactionAndRequestReplyRunOnTheOldestBroker() throws Exception {
    try (StockBroker broker = StockBroker.start(OLDEST)) {
      List<String> failures = runAll(broker, List.of(CONSUMER, TRANSACTIONS, REQUEST_REPLY));
      assertTrue(failures.isEmpty(), String.join("\n\n", failures));
    }
  }

  private static Map<String, String> brokerConfig(StockBroker broker) throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrap()))) {
      ConfigResource r = new ConfigResource(ConfigResource.Type.BROKER, "1");
      Config c = admin.describeConfigs(List.of(r)).all().get(30, TimeUnit.SECONDS).get(r);
      Map<String, String> out = new LinkedHashMap<>();
      c.entries().forEach(e -> out.put(e.name(), e.value()));
      return out;
    }
  }

  private static GatlingRun run(StockBroker broker, Case c) throws Exception {
    Map<String, String> p = new LinkedHashMap<>(c.props());
    p.put("kafka.bootstrap.servers", broker.bootstrap());
    String name = c.name().replace("Simulation", "").toLowerCase();
    p.putIfAbsent("topic", uniqueTopic("stock-" + name));
    if (!c.simulation().contains("Soak") && !c.simulation().contains("Capacity")) {
      p.putIfAbsent("reply.topic", uniqueTopic("stock-" + name + "-replies"));
    }
    return runGatling(c.simulation(), p, 240);
  }

  /** Each case in turn; what went wrong with each, with its console's tail. */
  private static List<String> runAll(StockBroker broker, List<Case> cases) throws Exception {
    List<String> failures = new ArrayList<>();
    for (Case c : cases) {
      long t0 = System.nanoTime();
      GatlingRun run = run(broker, c);
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
      boolean ok =
          (c.fails() ? run.exitCode() != 0 : run.exitCode() == 0)
              && (c.mustPrint() == null || run.output().contains(c.mustPrint()));
      System.out.printf(
          "[stock %s] %s: exit %d in %d s: %s%n",
          broker.version(),
          c.name(),
          run.exitCode(),
          seconds,
          ok ? "as expected" : "NOT as expected");
      if (!ok) {
        failures.add(
            "Kafka "
                + broker.version()
                + ", "
                + c.name()
                + " (exit "
                + run.exitCode()
                + "):\n"
                + run.tail());
      } else {
        // Every shipped simulation's Kafka page, read from its DOM, against its summary.
        KafkaPageCheck.problems(reportDir(run)).forEach(p -> failures.add(c.name() + ": " + p));
        if (c.simulation().endsWith("ShareGroupSimulation")) {
          failures.addAll(shareGroupKeptItsPoint(run));
        }
      }
    }
    return failures;
  }

  /** The lock chosen inside the stock bounds, and the slow consumer's records redelivered. */
  private static List<String> shareGroupKeptItsPoint(GatlingRun run) throws Exception {
    JsonNode g = summaryJson(run).path("protocols").path(0).path("shareGroups").path(0);
    List<String> out = new ArrayList<>();
    String lock = g.path("groupConfig").path("share.record.lock.duration.ms").asText();
    String limit = g.path("groupConfig").path("share.delivery.count.limit").asText();
    long slowMs = g.path("perConsumer").path(0).path("processingMsPerRecord").asLong();
    long redelivered = g.path("redelivered").asLong();
    long released = g.path("released").asLong();
    System.out.printf(
        "[stock] share group: lock %s ms, delivery limit %s, slow consumer %d ms a record,"
            + " redelivered %d (released %d)%n",
        lock, limit, slowMs, redelivered, released);
    // 2000 and 3 moved inside Kafka's bounds (15000 to 60000, 2 to 10); the slow consumer 1.5 x it.
    if (!lock.equals("15000") || !limit.equals("3") || slowMs != 22_500) {
      out.add("ShareGroupSimulation did not choose inside the stock bounds: " + g);
    }
    // A redelivery no release explains: the slow consumer's lock expired.
    if (redelivered <= released) {
      out.add("ShareGroupSimulation: no record redelivered after a lock expired: " + g);
    }
    return out;
  }
}
