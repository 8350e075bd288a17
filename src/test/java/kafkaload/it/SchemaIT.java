package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.broker.TestPki;
import kafkaload.internal.schema.AvroSchema;
import kafkaload.internal.schema.EmbeddedRegistry;
import kafkaload.internal.schema.RegistryClient;
import kafkaload.internal.schema.RegistryTls;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Records with schemas against the embedded broker, Gatling in a child JVM, a registry in this JVM
 * that the test reads: the shipped simulations run with zero setup; decoded consume matching; a
 * record that cannot be built is a KO and the run goes on; subject strategies; schema evolution;
 * every bad input stops the run before any load with its message; a run against a registry that
 * requires mutual TLS, and its Kafka page in Chromium. The tests run two at a time, each on topics
 * of its own; a test that counts a registry's requests has that registry to itself.
 */
@Execution(ExecutionMode.CONCURRENT)
class SchemaIT {
  private static EmbeddedRegistry registry;

  /** The decoded-consume test's own: it counts every request its registry served. */
  private static EmbeddedRegistry flowRegistry;

  private static EmbeddedRegistry secured;
  private static TestPki pki;

  /** HTTPS requiring a client certificate signed by the test CA (mutual TLS). */
  private static EmbeddedRegistry mtls;

  /**
   * The same, for the refused TLS runs: the mutual-TLS run counts every request {@link #mtls}
   * served.
   */
  private static EmbeddedRegistry mtlsRefusing;

  @BeforeAll
  static void start() throws Exception {
    registry = EmbeddedRegistry.start(null);
    flowRegistry = EmbeddedRegistry.start(null);
    secured = EmbeddedRegistry.start("alice:s3cret-pw");
    pki = TestPki.generate();
    mtls = startMutualTls();
    mtlsRefusing = startMutualTls();
  }

  private static EmbeddedRegistry startMutualTls() throws Exception {
    return EmbeddedRegistry.startHttps(
        null,
        new RegistryTls(
                pki.truststore.toString(),
                pki.password,
                null,
                pki.brokerKeystore.toString(),
                pki.password,
                null,
                null)
            .sslContext(() -> {}),
        true);
  }

  @AfterAll
  static void stop() {
    registry.close();
    flowRegistry.close();
    secured.close();
    mtls.close();
    mtlsRefusing.close();
    pki.delete();
  }

  private static Map<String, String> with(Map<String, String> base, String... kv) {
    Map<String, String> m = new HashMap<>(base);
    m.putIfAbsent("topic", uniqueTopic("schema-bad"));
    m.putAll(props(kv));
    return m;
  }

  @Test
  void shippedAvroSimulationRunsWithZeroSetupOneRegistryCall() throws Exception {
    String topic = uniqueTopic("avro-orders");
    GatlingRun run =
        runGatling(
            "simulations.AvroOrdersSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "warmup",
                "0",
                "duration",
                "4",
                "users",
                "2"),
            180);
    assertTrue(
        run.output().contains("No schema.registry.url set: started the embedded Schema Registry"),
        run.tail());
    long[] send = run.counts("send");
    assertTrue(
        send[1] > 0 && send[2] == 0, "all sends OK: " + Arrays.toString(send) + "\n" + run.tail());
    JsonNode schemas = summaryJson(run).at("/protocols/0/schemas");
    assertEquals(
        1, schemas.get("registryCalls").asLong(), "one registration for the whole run: " + schemas);
    long acked = summaryJson(run).at("/protocols/0/throughput/ackedOk").asLong();
    assertEquals(acked, schemas.get("serializedRecords").asLong(), schemas.toString());
    assertTrue(schemas.at("/serializationMs/count").asLong() > 0, schemas.toString());
    // The records on the topic are Confluent-framed Avro that Apache Avro reads back.
    ConsumerRecord<byte[], byte[]> r = readAll(topic, 1).get(0);
    assertEquals(0, r.value()[0], "magic byte");
    // Every gate passes: the latency and rate gates get bounds no run fails (runGatling).
    assertEquals(0, run.exitCode(), run.tail());
  }

  @Test
  void shippedProtobufRequestReplyChecksDecodedReplies() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.ProtobufRequestReplySimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("proto-orders"),
                "reply.topic",
                uniqueTopic("proto-replies"),
                "warmup",
                "0",
                "duration",
                "4",
                "users",
                "2"),
            180);
    long[] order = run.counts("order");
    assertTrue(
        order[1] > 0 && order[2] == 0,
        "every reply decoded and checked OK: " + Arrays.toString(order) + "\n" + run.tail());
    assertEquals(0, run.exitCode(), run.tail());
  }

  @Test
  void decodedConsumeMatchesByFieldABadRecordIsAKoAndTheRunGoesOn() throws Exception {
    String topic = uniqueTopic("schema-flow");
    long requestsBefore = flowRegistry.requests();
    GatlingRun run =
        runGatling(
            SchemaCasesSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "schema.registry.url",
                flowRegistry.url(),
                "value.subject.name.strategy",
                "io.confluent.kafka.serializers.subject.TopicRecordNameStrategy"),
            150);
    int n = SchemaCasesSimulation.RECORDS;
    assertArrayEquals(new long[] {n, n, 0}, run.counts("avro send"), run.tail());
    assertArrayEquals(new long[] {n, n, 0}, run.counts("consume decoded"), run.tail());
    assertArrayEquals(new long[] {1, 0, 1}, run.counts("bad record"), run.tail());
    assertTrue(run.output().contains("field 'qty' should be an int, not \"three\""), run.tail());
    for (String ok : List.of("json send", "proto send", "after the KO")) {
      assertArrayEquals(new long[] {1, 1, 0}, run.counts(ok), ok + "\n" + run.tail());
    }
    long served = flowRegistry.requests() - requestsBefore;
    RegistryClient c =
        new RegistryClient(flowRegistry.url(), null, RegistryTls.NONE, null, new LongAdder());
    String avro = new AvroSchema(Schemas.read("schemas/order.avsc", "schema")).text();
    // TopicRecordNameStrategy named every subject; each schema was registered once for the run
    c.lookup(topic + "-com.acme.Order", SchemaFormat.AVRO, avro);
    c.latest(topic + "-com.acme.OrderJson");
    c.latest(topic + "-com.acme.Order").schema();
    // three registrations (the Avro one shared by three sends), and the subjects of each id the
    // waiting consumers
    // decoded (the Avro orders' always; the JSON and Protobuf records' only when one arrives while
    // a consumer still
    // waits: timing): never one per record, and every call counted is one the registry served
    long calls = summaryJson(run).at("/protocols/0/schemas/registryCalls").asLong();
    assertTrue(calls >= 4 && calls <= 6, summaryJson(run).at("/protocols/0/schemas").toString());
    assertEquals(calls, served);
  }

  /**
   * One subject, version 1 registered by hand: an incompatible schema is refused before any load
   * and leaves the cluster as it was (checks before side effects: its topic is never created); then
   * a compatible second version is registered and written with.
   */
  @Test
  void
      anIncompatibleSchemaIsRefusedBeforeLoadItsTopicNeverCreatedACompatibleSecondVersionIsRegistered()
          throws Exception {
    String topic = uniqueTopic("schema-evolution");
    Map<String, String> p =
        props(
            "kafka.bootstrap.servers",
            bootstrap(),
            "topic",
            topic,
            "schema.registry.url",
            registry.url());
    RegistryClient c =
        new RegistryClient(registry.url(), null, RegistryTls.NONE, null, new LongAdder());
    int v1 =
        c.register(
                topic + "-value",
                SchemaFormat.AVRO,
                new AvroSchema(Schemas.read("schemas/order.avsc", "schema")).text())
            .id();

    GatlingRun bad =
        runGatling(
            SchemaCasesSimulation.class.getName(), with(p, "schema.case", "incompatible"), 120);
    assertNotEquals(0, bad.exitCode());
    assertTrue(
        bad.output()
            .contains(
                "answered 409 (error_code 409) to POST /subjects/"
                    + topic
                    + "-value/versions: "
                    + "Schema being registered is incompatible with an earlier schema"),
        bad.tail());
    assertFalse(bad.output().contains("> avro send "), "no load was sent");
    assertFalse(bad.output().contains("Preflight: created topic"), bad.tail());
    try (Admin admin = admin()) {
      assertFalse(
          admin.listTopics().names().get().contains(topic),
          "the refused run created its topic '"
              + topic
              + "' (createTopic(2, 1)): preflight ran before the schema check");
    }

    GatlingRun v2 =
        runGatling(SchemaCasesSimulation.class.getName(), with(p, "schema.case", "v2"), 120);
    assertArrayEquals(new long[] {1, 1, 0}, v2.counts("avro send v2"), v2.tail());
    int latest =
        new RegistryClient(registry.url(), null, RegistryTls.NONE, null, new LongAdder())
            .latest(topic + "-value")
            .id();
    assertNotEquals(v1, latest, "a second version");
    ConsumerRecord<byte[], byte[]> r = readAll(topic, 1).get(0);
    assertEquals(
        latest, ByteBuffer.wrap(r.value(), 1, 4).getInt(), "written with the new version's id");
  }

  @Test
  void badInputStopsTheRunBeforeAnyLoadWithItsMessage() throws Exception {
    // Each case on a topic of its own: the runs go side by side.
    Map<String, String> p =
        props("kafka.bootstrap.servers", bootstrap(), "schema.registry.url", registry.url());
    String notRegistered = uniqueTopic("schema-bad");
    List<Refusal> refusals =
        List.of(
            new Refusal(
                with(p, "schema.registry.url", "http://127.0.0.1:1"),
                Map.of(),
                "Schema Registry at http://127.0.0.1:1 is unreachable"),
            new Refusal(
                with(p, "schema.registry.url", secured.url()),
                Map.of("SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO", "alice:not-the-pw"),
                "Schema Registry at "
                    + secured.url()
                    + " refused the credentials (401 Unauthorized"),
            new Refusal(
                with(p, "schema.case", "missing-file"),
                Map.of(),
                "Schema file not found on disk or on the classpath: schemas/missing.avsc"),
            new Refusal(
                with(p, "schema.case", "bad-template"),
                Map.of(),
                "the template does not fit the schema: field 'qty' should be an int, not \"three\""),
            new Refusal(
                with(
                    p,
                    "topic",
                    notRegistered,
                    "schema.case",
                    "v2",
                    "auto.register.schemas",
                    "false"),
                Map.of(),
                "the schema is not registered under subject '"
                    + notRegistered
                    + "-value' and auto.register.schemas=false"),
            new Refusal(
                with(p, "basic.auth.user.info", "alice:s3cret-pw"),
                Map.of(),
                "-Dbasic.auth.user.info is refused"));
    List<Callable<GatlingRun>> runs = new ArrayList<>();
    for (Refusal r : refusals) {
      runs.add(() -> runGatling(SchemaCasesSimulation.class.getName(), r.props(), r.env(), 120));
    }
    // the right credentials from the environment work
    runs.add(
        () ->
            runGatling(
                SchemaCasesSimulation.class.getName(),
                with(p, "schema.registry.url", secured.url(), "schema.case", "v2"),
                Map.of("SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO", "alice:s3cret-pw"),
                120));
    List<GatlingRun> done = sideBySide(runs);
    for (int i = 0; i < refusals.size(); i++) {
      assertRefused(done.get(i), refusals.get(i).message());
    }
    GatlingRun ok = done.get(refusals.size());
    assertArrayEquals(new long[] {1, 1, 0}, ok.counts("avro send v2"), ok.tail());
    assertNoSecrets(ok, reportDir(ok), "s3cret-pw");
  }

  @Test
  void overMutualTlsTheRunSendsAndDecodesAndItsKafkaPageShowsTheSerializationInChromium()
      throws Exception {
    String topic = uniqueTopic("schema-tls");
    // Confluent's names in the client properties file; the keystore's password from the
    // environment.
    Path file = Files.createTempFile(pki.dir, "client", ".properties");
    Files.writeString(
        file,
        "schema.registry.url="
            + mtls.url()
            + "\n"
            + "schema.registry.ssl.truststore.location="
            + pki.truststore
            + "\n"
            + "schema.registry.ssl.truststore.password="
            + pki.password
            + "\n"
            + "schema.registry.ssl.keystore.location="
            + pki.clientKeystore
            + "\n");
    long requestsBefore = mtls.requests();
    GatlingRun run =
        runGatling(
            SchemaCasesSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "kafka.client.config",
                file.toString(),
                "value.subject.name.strategy",
                "TopicRecordNameStrategy"),
            Map.of("SCHEMA_REGISTRY_SSL_KEYSTORE_PASSWORD", pki.password),
            150);
    int n = SchemaCasesSimulation.RECORDS;
    assertArrayEquals(new long[] {n, n, 0}, run.counts("avro send"), run.tail());
    assertArrayEquals(new long[] {n, n, 0}, run.counts("consume decoded"), run.tail());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("proto send"), run.tail());
    JsonNode schemas = summaryJson(run).at("/protocols/0/schemas");
    // One call per schema and purpose, never per record: three registrations (Avro, JSON Schema,
    // Protobuf), then
    // one subject look-up per schema id the waiting consumers decoded: the Avro orders' always, the
    // JSON and
    // Protobuf records' only when they arrive while a consumer still waits (timing), so 4 to 6
    // calls.
    long calls = schemas.get("registryCalls").asLong();
    assertTrue(calls >= 4 && calls <= 6, schemas.toString());
    assertEquals(
        calls,
        mtls.requests() - requestsBefore,
        "every call counted went to the https registry, and no other");
    Path dir = reportDir(run);
    assertNoSecrets(run, dir, pki.password);

    // The serialization line of kafka.html, rendered by a real browser.
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(
            KafkaPageIT.chromium(), "--dump-dom", dir.resolve("kafka.html").toUri().toString());
    KafkaPageIT.assertNoConsoleErrors(dom);
    KafkaPageIT.assertNoScriptErrors(dom);
    assertTrue(dom.stdout().contains("data-rendered=\"true\""), "the page script ran to its end");
    Matcher line =
        Pattern.compile(
                "<p class=\"note\" id=\"schemas\">Records with "
                    + "schemas: ([0-9,]+) serialized, serialization \\(not part of the ack latency\\) p50 ([0-9.,]+) ms, p99 "
                    + "([0-9.,]+) ms, max ([0-9.,]+) ms; Schema Registry calls in the run: ([0-9,]+)\\.</p>")
            .matcher(dom.stdout());
    assertTrue(line.find(), "the serialization line: " + dom.stdout());
    assertEquals(
        schemas.get("serializedRecords").asLong(), Long.parseLong(line.group(1).replace(",", "")));
    assertEquals(
        schemas.at("/serializationMs/p99").asDouble(),
        Double.parseDouble(line.group(3).replace(",", "")),
        0.006);
    assertEquals(String.valueOf(calls), line.group(5));
    // The registry settings are rows of the configuration table, the passwords masked.
    for (String row :
        List.of(
            "<td class=\"l \">schema.registry.url</td><td class=\"l \">" + mtls.url() + "</td>",
            "<td class=\"l \">schema.registry.ssl.keystore.location</td><td class=\"l \">"
                + pki.clientKeystore
                + "</td>",
            "<td class=\"l \">schema.registry.ssl.keystore.password</td><td class=\"l \">******</td>")) {
      assertTrue(dom.stdout().contains(row), row + " in " + dom.stdout());
    }
    assertFalse(dom.stdout().contains("[object Object]"), dom.stdout());
  }

  @Test
  void overHttpsAnUntrustedCertificateAndAWrongPasswordStopTheRunBeforeAnyLoad() throws Exception {
    String topic = uniqueTopic("schema-tls-bad");
    Map<String, String> p =
        props(
            "kafka.bootstrap.servers",
            bootstrap(),
            "topic",
            topic,
            "schema.registry.url",
            mtlsRefusing.url(),
            "schema.case",
            "v2");
    expectRefused(
        new Refusal(
            p,
            Map.of(),
            "Schema Registry at "
                + mtlsRefusing.url()
                + ": TLS handshake failed (POST /subjects/"
                + topic
                + "-value/versions): the registry's certificate is not trusted by the JVM's default truststore: set "
                + "schema.registry.ssl.truststore.location to a truststore holding the registry's CA"),
        new Refusal(
            with(
                p,
                "topic",
                uniqueTopic("schema-tls-bad"),
                "schema.registry.ssl.truststore.location",
                pki.truststore.toString()),
            Map.of("SCHEMA_REGISTRY_SSL_TRUSTSTORE_PASSWORD", "not-the-pw"),
            "schema.registry.ssl.truststore.location="
                + pki.truststore
                + " (PKCS12) does not open: the password schema.registry.ssl.truststore.password is wrong"));
  }

  /** A run that must stop before any load, and the message it must print. */
  private record Refusal(Map<String, String> props, Map<String, String> env, String message) {}

  /** Runs the refused cases side by side, then checks each. */
  private static void expectRefused(Refusal... refusals) throws Exception {
    List<Callable<GatlingRun>> runs = new ArrayList<>();
    for (Refusal r : refusals) {
      runs.add(() -> runGatling(SchemaCasesSimulation.class.getName(), r.props(), r.env(), 120));
    }
    List<GatlingRun> done = sideBySide(runs);
    for (int i = 0; i < refusals.length; i++) {
      assertRefused(done.get(i), refusals[i].message());
    }
  }

  private static void assertRefused(GatlingRun run, String message) {
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains(message), "expected '" + message + "' in:\n" + run.tail());
    assertFalse(run.output().contains("> avro send"), "no load was sent:\n" + run.tail());
    assertFalse(
        run.output().contains("not-the-pw")
            || run.output().contains("s3cret-pw")
            || run.output().contains(pki.password),
        "a secret was printed");
  }
}
