package kafkaload.it;

import static kafkaload.TestProtocols.resolved;
import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.KafkaDsl;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.broker.SecureEmbeddedKafka;
import kafkaload.internal.config.ClientSecurity;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaProtocol;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * Every security case against a real broker with SASL (PLAIN, SCRAM) and TLS listeners and a PKI
 * made at run time: the right credentials work, a wrong password or an untrusted certificate fails
 * before any load with one clear line in seconds, mTLS works, and no secret reaches any output of a
 * run.
 */
// Its tests two at a time: topics of their own; the two refusal bounds (30 s) are far above a
// refusal.
@Execution(ExecutionMode.CONCURRENT)
class SecurityIT {
  private static final long TIMEOUT_MS = 10_000;
  private static SecureEmbeddedKafka kafka;

  @BeforeAll
  static void startSecureBroker() throws Exception {
    kafka = SecureEmbeddedKafka.start();
  }

  @AfterAll
  static void stop() {
    if (kafka != null) {
      kafka.close();
    }
  }

  @Test
  @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
  void rightCredentialsConnectAndSendWithEveryMechanism() throws Exception {
    String listener = kafka.bootstrap("SASL_PLAINTEXT");
    String user = SecureEmbeddedKafka.SCRAM_USER;
    for (KafkaProtocolBuilder b :
        new KafkaProtocolBuilder[] {
          KafkaDsl.kafka().saslPlain(SecureEmbeddedKafka.PLAIN_USER, kafka.plainPassword),
          KafkaDsl.kafka().saslScram("SCRAM-SHA-256", user, kafka.scramPassword),
          KafkaDsl.kafka().saslScram("SCRAM-SHA-512", user, kafka.scramPassword)
        }) {
      KafkaProtocol p = resolved(b);
      assertEquals("SASL_PLAINTEXT", p.producerProperties().get("security.protocol"));
      assertSends(p, listener);
    }
  }

  /**
   * Kafka's own property names, in code or in a client properties file, work as they always did.
   */
  @Test
  @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
  void rawPropertiesAndThePropertiesFileStillWork() throws Exception {
    Map<String, String> raw = new LinkedHashMap<>();
    raw.put("security.protocol", "SASL_SSL");
    raw.put("sasl.mechanism", "SCRAM-SHA-256");
    raw.put(
        "sasl.jaas.config",
        "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
            + SecureEmbeddedKafka.SCRAM_USER
            + "\" password=\""
            + kafka.scramPassword
            + "\";");
    raw.put("ssl.truststore.location", kafka.pki.truststore.toString());
    raw.put("ssl.truststore.type", "PKCS12");
    raw.put("ssl.truststore.password", kafka.pki.password);
    assertSends(resolved(KafkaDsl.kafka().properties(raw)), kafka.bootstrap("SASL_SSL"));

    Path file = Files.createTempFile("client", ".properties");
    Properties p = new Properties();
    p.putAll(raw);
    try (var out = Files.newOutputStream(file)) {
      p.store(out, null);
    }
    // The file says SASL_SSL; adding credentials in code keeps TLS on.
    KafkaProtocol fromFile =
        resolved(
            KafkaDsl.kafka()
                .propertiesFile(file.toString())
                .saslScram("SCRAM-SHA-512", SecureEmbeddedKafka.SCRAM_USER, kafka.scramPassword));
    assertEquals("SASL_SSL", fromFile.producerProperties().get("security.protocol"));
    assertSends(fromFile, kafka.bootstrap("SASL_SSL"));
  }

  @Test
  @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
  void wrongPasswordFailsAtOnceNamingTheUserAndAuthentication() {
    String listener = kafka.bootstrap("SASL_PLAINTEXT");
    for (String mechanism : new String[] {"SCRAM-SHA-512", "PLAIN"}) {
      boolean plain = mechanism.equals("PLAIN");
      String user = plain ? SecureEmbeddedKafka.PLAIN_USER : SecureEmbeddedKafka.SCRAM_USER;
      KafkaProtocol p =
          resolved(
              plain
                  ? KafkaDsl.kafka().saslPlain(user, "wrong")
                  : KafkaDsl.kafka().saslScram(mechanism, user, "wrong"));
      long t0 = System.nanoTime();
      KafkaLoadConfigException e =
          assertThrows(KafkaLoadConfigException.class, () -> preflight(p, listener));
      long ms = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(
          e.getMessage()
              .startsWith(
                  "SASL authentication failed for user '"
                      + user
                      + "' on "
                      + listener
                      + " ("
                      + mechanism
                      + "): "),
          e.getMessage());
      assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
      assertTrue(
          ms < 30_000,
          "an authentication failure is not retried until a timeout: took " + ms + " ms");
    }
  }

  @Test
  @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
  void untrustedBrokerCertificateFailsWithATlsErrorNamingTheTruststore() {
    String listener = kafka.bootstrap("SSL");
    KafkaProtocol p =
        resolved(
            KafkaDsl.kafka()
                .sslTruststore(kafka.pki.untrustedTruststore.toString(), kafka.pki.password));
    assertEquals("SSL", p.producerProperties().get("security.protocol"));
    long t0 = System.nanoTime();
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> preflight(p, listener));
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(
        e.getMessage()
            .startsWith(
                "TLS handshake failed on "
                    + listener
                    + ": the broker's certificate is not "
                    + "trusted by ssl.truststore.location="
                    + kafka.pki.untrustedTruststore),
        e.getMessage());
    assertTrue(ms < 30_000, "took " + ms + " ms");
  }

  @Test
  @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
  void aTruststoreThatDoesNotOpenIsNamedBeforeAnyConnection() {
    KafkaProtocol p =
        resolved(
            KafkaDsl.kafka().sslTruststore(kafka.pki.truststore.toString(), "not-the-password"));
    String msg =
        assertThrows(KafkaLoadConfigException.class, () -> preflight(p, kafka.bootstrap("SSL")))
            .getMessage();
    assertTrue(
        msg.contains(kafka.pki.truststore.toString()) && msg.contains("password was incorrect"),
        msg);
    assertFalse(msg.contains("not-the-password"), msg);
  }

  @Test
  @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
  void tlsAndMutualTlsConnectAndSend() throws Exception {
    String truststore = kafka.pki.truststore.toString();
    assertSends(
        resolved(KafkaDsl.kafka().sslTruststore(truststore, kafka.pki.password)),
        kafka.bootstrap("SSL"));

    KafkaProtocol mtls =
        resolved(
            KafkaDsl.kafka()
                .sslTruststore(truststore, kafka.pki.password)
                .sslKeystore(
                    kafka.pki.clientKeystore.toString(), kafka.pki.password, kafka.pki.password));
    assertSends(mtls, kafka.bootstrap("MTLS"));

    // The same listener refuses a client without a certificate, and says why.
    KafkaProtocol noCert = resolved(KafkaDsl.kafka().sslTruststore(truststore, kafka.pki.password));
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class, () -> preflight(noCert, kafka.bootstrap("MTLS")));
    assertTrue(
        e.getMessage()
            .startsWith(
                "TLS handshake failed on "
                    + kafka.bootstrap("MTLS")
                    + ": the broker rejected "
                    + "this client's certificate (no ssl.keystore.location set"),
        e.getMessage());
  }

  /**
   * A whole run over SASL_SSL, configured as a user would: non-secret parts as -D, the SCRAM
   * password from the environment, the truststore password from the properties file. It passes its
   * gates (the read-back reaches the broker the same way) and neither secret appears in the console
   * or any file of the report.
   */
  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // a hosted run sets its -D properties
  void gatlingRunOverSaslSslKeepsSecretsOutOfEveryOutput() throws Exception {
    Path clientConfig = Files.createTempFile("secure-client", ".properties");
    Files.writeString(clientConfig, "ssl.truststore.password=" + kafka.pki.password + "\n");
    String topic = uniqueTopic("secure");
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            secureRun(topic, clientConfig),
            Map.of(ClientSecurity.SASL_PASSWORD_ENV, kafka.scramPassword),
            150);
    assertEquals(0, run.exitCode(), run.tail());
    Path dir = reportDir(run);
    JsonNode p =
        new ObjectMapper()
            .readTree(dir.resolve("kafka-summary.json").toFile())
            .get("protocols")
            .get(0);
    assertTrue(p.get("throughput").get("ackedOk").asLong() > 0, p.toString());
    assertEquals(0, p.get("reconciliation").get("lost").asLong());
    assertEquals(
        "SASL_SSL", p.get("config").get("producerProperties").get("security.protocol").asText());
    assertTrue(
        Files.exists(dir.resolve("js").resolve("assertions.xml")),
        "the JUnit file is among the files checked");
    assertNoSecrets(run, dir, kafka.scramPassword, kafka.pki.password);
  }

  /**
   * A consumer churn over SASL_SSL: its consumers, processes of their own, reach the secured
   * listener with the run's settings (given in a file only its owner reads, not on their command
   * line), read every record, and no secret shows in any output.
   */
  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // a hosted run sets its -D properties
  @Tag("long") // a Gatling run with consumer JVMs: mvn -B verify -Plong-tests
  void aChurnsConsumerProcessesConnectWithTheRunsSecuritySettings() throws Exception {
    Path clientConfig = Files.createTempFile("secure-client", ".properties");
    Files.writeString(clientConfig, "ssl.truststore.password=" + kafka.pki.password + "\n");
    Map<String, String> p = new HashMap<>(secureRun(uniqueTopic("secure-churn"), clientConfig));
    p.putAll(
        props(
            "topic.partitions",
            "2",
            "churn.consumers",
            "2",
            "churn.seconds",
            "5",
            "churn.rate",
            "100",
            "churn.plan",
            "leave:1@2s",
            "churn.protocols",
            "consumer",
            "churn.maxWaitSeconds",
            "40"));
    GatlingRun run =
        runGatling(
            "simulations.ConsumerChurnSimulation",
            p,
            Map.of(ClientSecurity.SASL_PASSWORD_ENV, kafka.scramPassword),
            180);
    assertEquals(0, run.exitCode(), run.tail());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("churn read all"), run.tail());
    JsonNode round =
        new ObjectMapper()
            .readTree(reportDir(run).resolve("kafka-summary.json").toFile())
            .at("/protocols/0/churn/rounds/0");
    long produced = round.at("/counts/produced").asLong();
    assertTrue(produced > 0, round.toString());
    assertEquals(produced, round.at("/counts/readAtLeastOnce").asLong(), round.toString());
    assertNoSecrets(run, reportDir(run), kafka.scramPassword, kafka.pki.password);
  }

  /**
   * The same run with a wrong password: one clear line before any load, no retry storm, no secret
   * shown.
   */
  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // a hosted run sets its -D properties
  void gatlingRunWithAWrongPasswordStopsBeforeLoadWithOneClearLine() throws Exception {
    Path clientConfig = Files.createTempFile("secure-client", ".properties");
    Files.writeString(clientConfig, "ssl.truststore.password=" + kafka.pki.password + "\n");
    String wrong = "wrong-" + UUID.randomUUID();
    // Bounded, so a hang fails the test; the JVM's start is most of it.
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            secureRun(uniqueTopic("secure-ko"), clientConfig),
            Map.of(ClientSecurity.SASL_PASSWORD_ENV, wrong),
            90);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output()
            .contains(
                "[kafkaload] ERROR: SASL authentication failed for user 'loadtest' on "
                    + kafka.bootstrap("SASL_SSL")
                    + " (SCRAM-SHA-512): "),
        run.tail());
    assertFalse(run.output().contains("> send "), "no load was sent: " + run.tail());
    long attempts =
        Pattern.compile("failed authentication").matcher(run.output()).results().count();
    assertTrue(
        attempts <= 3, "no retry storm: " + attempts + " failed logins logged\n" + run.tail());
    long ms = logTime(run, "failed authentication") - logTime(run, "Kafka target:");
    assertTrue(ms < 30_000, "from the first connection to the refusal: " + ms + " ms");
    assertNoSecrets(run, null, wrong, kafka.pki.password);
  }

  /**
   * The baseline, short, over SASL_SSL; speed is not what is tested here (gates a loaded machine
   * cannot fail).
   */
  private static Map<String, String> secureRun(String topic, Path clientConfig) {
    return props(
        "kafka.bootstrap.servers",
        kafka.bootstrap("SASL_SSL"),
        "topic",
        topic,
        "warmup",
        "1",
        "duration",
        "3",
        "users",
        "2",
        "topic.partitions",
        "2",
        "gate.minRps",
        "0",
        "gate.p99Ms",
        "60000",
        "kafka.client.config",
        clientConfig.toString(),
        "sasl.mechanism",
        "SCRAM-SHA-512",
        "sasl.username",
        SecureEmbeddedKafka.SCRAM_USER,
        "ssl.truststore.location",
        kafka.pki.truststore.toString());
  }

  /**
   * Milliseconds of the day of the first console log line containing {@code text} (logback's
   * HH:mm:ss.SSS).
   */
  private static long logTime(GatlingRun run, String text) {
    Matcher m =
        Pattern.compile("(?m)^(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .*" + Pattern.quote(text))
            .matcher(run.output());
    assertTrue(m.find(), "no log line with '" + text + "':\n" + run.tail());
    return LocalTime.parse(m.group(1)).toNanoOfDay() / 1_000_000;
  }

  /** Preflight as a run does it: the secured AdminClient, the bootstrap check, the topic. */
  private static void preflight(KafkaProtocol p, String bootstrap) {
    Preflight.ensureTopic(
        new Connection(bootstrap, p.producerProperties(), TIMEOUT_MS),
        "security-" + UUID.randomUUID().toString().substring(0, 8),
        new TopicPlan(true, 1, (short) 1, 1, false, TIMEOUT_MS, 0));
  }

  /** Preflight, then one record through a producer configured by the protocol, acknowledged. */
  private static void assertSends(KafkaProtocol p, String bootstrap) throws Exception {
    String topic = uniqueTopic("security");
    assertEquals(
        1,
        Preflight.ensureTopic(
            new Connection(bootstrap, p.producerProperties(), TIMEOUT_MS),
            topic,
            new TopicPlan(true, 1, (short) 1, 1, false, TIMEOUT_MS, 0)));
    Map<String, Object> c = new HashMap<>(p.producerProperties());
    c.put("bootstrap.servers", bootstrap);
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(c, new ByteArraySerializer(), new ByteArraySerializer())) {
      RecordMetadata m =
          producer.send(new ProducerRecord<>(topic, "ok".getBytes())).get(30, TimeUnit.SECONDS);
      assertEquals(0, m.offset());
    }
  }
}
