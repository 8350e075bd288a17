package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.broker.SecureEmbeddedKafka;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 45's untested bad input, end to end and cheap: each run is a dry run (-Ddry.run=true), so a
 * refusal that did not come ends in seconds with exit 0 instead of a load, and the runs go two at a
 * time. A misspelled knob and a replication factor above the brokers on the shared broker; a
 * plaintext client on a TLS port, a topic the client's ACLs deny and share groups whose state topic
 * the cluster cannot create, on one secured broker with an authorizer and Kafka's default
 * share-state replication (3) on its single node. And the dry run itself: the plan, exit 0, nothing
 * sent.
 */
class InputRefusalIT {
  private static final String BASELINE = "simulations.BaselineSimulation";
  private static SecureEmbeddedKafka secured;

  @BeforeAll
  static void startSecuredBroker() throws Exception {
    Properties extra = new Properties();
    // Every principal but the broker's own (PLAINTEXT and the controller, ANONYMOUS) needs ACLs.
    extra.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
    extra.put("super.users", "User:ANONYMOUS");
    // Kafka's default, which a single node cannot meet (issue 45's stock broker).
    extra.put("share.coordinator.state.topic.replication.factor", "3");
    secured = SecureEmbeddedKafka.start(extra);
  }

  @AfterAll
  static void stop() {
    if (secured != null) {
      secured.close();
    }
  }

  /** A dry run of the simulation that must stop before any load with its one error line. */
  private static Callable<String> refused(
      String simulation, Map<String, String> env, String... kv) {
    return () -> {
      Map<String, String> p = new LinkedHashMap<>(props("warmup", "0", "duration", "3"));
      p.putAll(props(kv));
      p.put("dry.run", "true");
      p.putIfAbsent("kafka.bootstrap.servers", bootstrap());
      GatlingRun run = runGatling(simulation, p, env, 120);
      assertNotEquals(0, run.exitCode(), run.tail());
      assertFalse(run.output().contains("---- Requests"), "no load:\n" + run.tail());
      assertFalse(run.output().contains("dry run: the plan"), "refused first:\n" + run.tail());
      return run.output()
          .lines()
          .filter(l -> l.startsWith("[kafkaload] ERROR: "))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no '[kafkaload] ERROR:' line in:\n" + run.tail()))
          .substring("[kafkaload] ERROR: ".length());
    };
  }

  private static void print(List<String> lines) {
    lines.forEach(l -> System.out.println("[refused] " + l));
  }

  @Test
  void aMisspelledKnobAndAReplicationAboveTheBrokersStopBeforeAnyLoad() throws Exception {
    String topic = uniqueTopic("replicas");
    List<String> lines =
        sideBySide(
            List.of(
                refused(BASELINE, Map.of(), "duraton", "60"),
                refused(BASELINE, Map.of(), "topic", topic, "topic.replication", "3")));
    print(lines);
    assertEquals("-Dduraton: unknown; did you mean -Dduration?", lines.get(0));
    assertEquals(
        "Topic '"
            + topic
            + "' would be created with replication factor 3 but the cluster has 1 broker(s):"
            + " lower -Dtopic.replication (createTopic(partitions, replicationFactor) in code) to"
            + " at most 1, or add brokers",
        lines.get(1));
    try (Admin admin = admin()) {
      assertFalse(admin.listTopics().names().get().contains(topic), "nothing created");
    }
  }

  @Test
  void aPlaintextClientOnATlsPortADeniedTopicAndUnservableShareGroupsAreNamed() throws Exception {
    String denied = uniqueTopic("denied");
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", secured.bootstrap("PLAINTEXT")))) {
      admin
          .createTopics(List.of(new NewTopic(denied, 1, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
    String tls = secured.bootstrap("SSL");
    String sasl = secured.bootstrap("SASL_PLAINTEXT");
    String plain = secured.bootstrap("PLAINTEXT");
    List<String> lines =
        sideBySide(
            List.of(
                refused(BASELINE, Map.of(), "kafka.bootstrap.servers", tls),
                refused(
                    BASELINE,
                    Map.of("KAFKA_SASL_PASSWORD", secured.plainPassword),
                    "kafka.bootstrap.servers",
                    sasl,
                    "sasl.mechanism",
                    "PLAIN",
                    "sasl.username",
                    SecureEmbeddedKafka.PLAIN_USER,
                    "topic",
                    denied,
                    "topic.create",
                    "false"),
                refused(
                    "simulations.ShareGroupSimulation",
                    Map.of(),
                    "kafka.bootstrap.servers",
                    plain,
                    "topic",
                    uniqueTopic("share"))));
    print(lines);
    assertEquals(
        "Kafka bootstrap '"
            + tls
            + "' accepts TCP connections but did not answer as a Kafka broker (it speaks TLS: set"
            + " security.protocol=SSL or SASL_SSL); security.protocol=PLAINTEXT",
        lines.get(0));
    assertTrue(
        lines
            .get(1)
            .startsWith(
                "Topic '"
                    + denied
                    + "' is denied to this client by the broker's ACLs"
                    + " (TopicAuthorizationException: "),
        lines.get(1));
    assertEquals(
        "Share groups cannot run on the cluster at '"
            + plain
            + "': the broker setting share.coordinator.state.topic.replication.factor=3 is above"
            + " the cluster's 1 broker(s), so the share-group state topic __share_group_state"
            + " cannot be created and no share consumer would acquire a record. Set"
            + " share.coordinator.state.topic.replication.factor=1 on the broker(s), or add"
            + " brokers",
        lines.get(2));
  }

  @Test
  void aDryRunPrintsThePlanAndExitsZeroWithoutSendingARecord() throws Exception {
    String topic = uniqueTopic("dry");
    GatlingRun run =
        runGatling(
            BASELINE,
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "users",
                "2",
                "warmup",
                "0",
                "duration",
                "3",
                "dry.run",
                "true"),
            120);
    String out = run.output();
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(out.contains("[kafkaload] dry run: the plan"), run.tail());
    assertTrue(
        out.contains("[kafkaload]   simulation: simulations.BaselineSimulation"), run.tail());
    assertTrue(
        out.contains(
            "[kafkaload]   topics: "
                + topic
                + " (created if missing: 16 partition(s), replication factor 1)"),
        run.tail());
    // The injection profile's knobs and the gates, each with its value and source.
    assertTrue(planLine(run, "Load shape").contains("users=2 (-D)"), run.tail());
    assertTrue(planLine(run, "Load shape").contains("duration=3 (-D)"), run.tail());
    assertTrue(planLine(run, "Gates").contains("gate.maxErrorPct=0.1 (default)"), run.tail());
    assertTrue(planLine(run, "Producer").contains("acks=1 (default)"), run.tail());
    assertTrue(out.contains("[kafkaload] dry run: every check passed, nothing sent; exit 0"));
    assertFalse(out.contains("---- Requests"), run.tail());
    assertEquals(0, endOffsetSum(topic), "nothing sent");
  }

  private static String planLine(GatlingRun run, String section) {
    return run.output()
        .lines()
        .filter(l -> l.startsWith("[kafkaload]   " + section + ": "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no plan line '" + section + "':\n" + run.tail()));
  }
}
