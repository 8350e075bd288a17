package kafkaload.it;

import static kafkaload.TestProtocols.resolved;
import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import kafkaload.KafkaDsl;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.broker.SecureEmbeddedKafka;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaProtocol;
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
  private static Callable<String> refused(String simulation, String... kv) {
    return () -> {
      Map<String, String> p = new LinkedHashMap<>(props("warmup", "0", "duration", "3"));
      p.putAll(props(kv));
      p.put("dry.run", "true");
      p.putIfAbsent("kafka.bootstrap.servers", bootstrap());
      GatlingRun run = runGatling(simulation, p, 120);
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

  /**
   * Four child JVMs, two at a time: three refusals (the first two on the shared broker, the third
   * on the secured one) and a dry run that passes.
   */
  @Test
  void refusalsStopBeforeAnyLoadAndADryRunPrintsThePlanAndExitsZero() throws Exception {
    String replicated = uniqueTopic("replicas");
    String dry = uniqueTopic("dry");
    String plain = secured.bootstrap("PLAINTEXT");
    List<String> lines =
        sideBySide(
            List.of(
                refused(BASELINE, "duraton", "60"),
                refused(BASELINE, "topic", replicated, "topic.replication", "3"),
                refused(
                    "simulations.ShareGroupSimulation",
                    "kafka.bootstrap.servers",
                    plain,
                    "topic",
                    uniqueTopic("share")),
                () -> dryRun(dry),
                InputRefusalIT::starvedShareGroup));
    print(lines.subList(0, 3));
    assertEquals("-Dduraton: unknown; did you mean -Dduration?", lines.get(0));
    assertEquals(
        "Topic '"
            + replicated
            + "' would be created with replication factor 3 but the cluster has 1 broker(s):"
            + " lower -Dtopic.replication (createTopic(partitions, replicationFactor) in code) to"
            + " at most 1, or add brokers",
        lines.get(1));
    try (Admin admin = admin()) {
      assertFalse(admin.listTopics().names().get().contains(replicated), "nothing created");
    }
    assertEquals(
        "Share groups cannot run on the cluster at '"
            + plain
            + "': the broker setting share.coordinator.state.topic.replication.factor=3 is above"
            + " the cluster's 1 broker(s), so the share-group state topic __share_group_state"
            + " cannot be created and no share consumer would acquire a record. Set"
            + " share.coordinator.state.topic.replication.factor=1 on the broker(s), or add"
            + " brokers",
        lines.get(2));
    assertEquals(0, endOffsetSum(dry), "the dry run sent nothing");
  }

  /**
   * What a run's preflight does with the client's settings, in this JVM (no Gatling run: the line
   * printed is the exception's message, as BadInputIT shows end to end for the other bootstrap
   * refusals): a plaintext client on the TLS port, and a SASL user without ACLs on a topic.
   */
  @Test
  void aPlaintextClientOnATlsPortAndATopicTheAclsDenyAreNamed() throws Exception {
    String tls = secured.bootstrap("SSL");
    KafkaLoadConfigException onTls =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                new Connection(tls, resolved(KafkaDsl.kafka()).producerProperties(), 10_000)
                    .admin());
    print(List.of(onTls.getMessage()));
    assertEquals(
        "Kafka bootstrap '"
            + tls
            + "' accepts TCP connections but did not answer as a Kafka broker (it speaks TLS: set"
            + " security.protocol=SSL or SASL_SSL); security.protocol=PLAINTEXT",
        onTls.getMessage());

    String denied = uniqueTopic("denied");
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", secured.bootstrap("PLAINTEXT")))) {
      admin
          .createTopics(List.of(new NewTopic(denied, 1, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
    KafkaProtocol user =
        resolved(KafkaDsl.kafka().saslPlain(SecureEmbeddedKafka.PLAIN_USER, secured.plainPassword));
    Connection sasl =
        new Connection(secured.bootstrap("SASL_PLAINTEXT"), user.producerProperties(), 10_000);
    KafkaLoadConfigException acl;
    try (Admin admin = sasl.admin()) {
      Preflight.checkBootstrap(admin, sasl);
      acl =
          assertThrows(
              KafkaLoadConfigException.class,
              () ->
                  Preflight.checkPlan(
                      admin,
                      denied,
                      new TopicPlan(false, 1, (short) 1, 1, false, 10_000, 0),
                      10_000,
                      false,
                      1));
    }
    print(List.of(acl.getMessage()));
    assertEquals(
        "Topic '"
            + denied
            + "' is denied to this client by the broker's ACLs (TopicAuthorizationException: Topic"
            + " authorization failed.): its principal needs DESCRIBE and WRITE (READ to read back)"
            + " on the topic, e.g. kafka-acls.sh --add --allow-principal User:<name> --operation"
            + " Describe --operation Write --operation Read --topic "
            + denied,
        acl.getMessage());
  }

  /**
   * A share group that acquires nothing for its bound while the run's records are acked: a KO with
   * its reason, not a silent run (the group reads a topic nobody writes).
   */
  private static String starvedShareGroup() throws Exception {
    String topic = uniqueTopic("written");
    String idle = uniqueTopic("idle");
    createTopic(idle, 1);
    GatlingRun run =
        runGatling(
            "kafkaload.it.StarvedShareSimulation",
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "idleTopic", idle),
            120);
    // No gate in this simulation: the KO and its reason are the behaviour, not the exit code.
    long[] ack = run.counts("idle ack");
    assertEquals(1, ack[2], "one KO for the group: " + ack[0] + " " + ack[1] + " " + ack[2]);
    assertTrue(run.output().contains(" on '" + idle + "' acquired no record in 3 s"), run.tail());
    assertTrue(endOffsetSum(topic) > 0, "the run's records were acked");
    return "starved: a KO";
  }

  /**
   * Dry runs hosted in this test's JVM, as the refusals above are (InProcessGatling): the plan and
   * exit 0 without the JVM's exit, twice (each run ends its own); then a run with load in the same
   * JVM, which the dry runs before it leave as they found it: no thread of theirs left (no user
   * parked), its load sent, counted and reconciled, its files written.
   */
  @Test
  void dryRunsInTheTestJvmLeaveNothingBehindForTheNextRun() throws Exception {
    Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
    for (int i = 0; i < 2; i++) {
      String topic = uniqueTopic("hosted-dry");
      GatlingRun dry =
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
      assertEquals(ProcessHandle.current().pid(), dry.pid(), "hosted in this JVM");
      assertEquals(0, dry.exitCode(), dry.tail());
      assertTrue(dry.output().contains("[kafkaload] dry run: the plan"), dry.tail());
      assertTrue(
          dry.output().contains("[kafkaload] dry run: every check passed, nothing sent; exit 0"),
          dry.tail());
      // Nothing a JVM's exit would not have printed: no requests table, no run summary, no file,
      // no stack trace of the run's end.
      for (String absent :
          List.of(
              "---- Requests",
              "[kafkaload] Kafka page:",
              "Run crashed",
              "A task raised an exception",
              "\tat ")) {
        assertFalse(dry.output().contains(absent), absent + " in:\n" + dry.tail());
      }
      assertEquals(0, endOffsetSum(topic), "the dry run sent nothing");
      assertNoRunThreadLeft(before);
    }
    String topic = uniqueTopic("after-dry");
    GatlingRun load =
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
                "2"),
            120);
    assertEquals(ProcessHandle.current().pid(), load.pid(), "hosted in this JVM");
    assertEquals(0, load.exitCode(), load.tail());
    assertFalse(load.output().contains("dry run"), load.tail());
    long[] send = load.counts("send");
    assertTrue(send[1] > 0 && send[2] == 0, "sends OK: " + send[1] + " OK, " + send[2] + " KO");
    assertTrue(load.output().contains("| lost 0 | duplicates 0"), load.tail());
    assertEquals(
        send[1], summaryJson(load).at("/protocols/0/reconciliation/ackedOk").asLong(), "summary");
    assertTrue(endOffsetSum(topic) >= send[1], "its records on the topic");
    assertNoRunThreadLeft(before);
  }

  /**
   * No thread a Gatling run starts (Gatling's event loops, kafkaload's threads, the Kafka clients'
   * network threads) outlives the run, and none waits in a dry run's user; within 10 s, as some end
   * once their executor's shutdown reaches them.
   */
  private static void assertNoRunThreadLeft(Set<Thread> before) throws InterruptedException {
    List<String> left = List.of();
    for (int i = 0; i < 100; i++) {
      left =
          Thread.getAllStackTraces().entrySet().stream()
              .filter(e -> !before.contains(e.getKey()))
              .filter(
                  e ->
                      e.getKey().getName().matches("(gatling-|kafkaload-|kafka-producer-).*")
                          || Arrays.stream(e.getValue())
                              .anyMatch(f -> f.getClassName().endsWith(".DryRun")))
              .map(e -> e.getKey().getName())
              .sorted()
              .toList();
      if (left.isEmpty()) {
        return;
      }
      Thread.sleep(100);
    }
    fail("threads of a run left after it: " + left);
  }

  /** The baseline as a dry run on the shared broker: the plan, exit 0, no load. */
  private static String dryRun(String topic) throws Exception {
    // The product's own end: a JVM of its own, which exits 0 (an option the JVM has by default).
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
            Map.of(),
            OWN_JVM,
            120);
    assertNotEquals(ProcessHandle.current().pid(), run.pid(), "a JVM of its own");
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
    return "dry run: exit 0";
  }

  private static String planLine(GatlingRun run, String section) {
    return run.output()
        .lines()
        .filter(l -> l.startsWith("[kafkaload]   " + section + ": "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no plan line '" + section + "':\n" + run.tail()));
  }
}
