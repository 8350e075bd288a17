package kafkaload.it;

import static kafkaload.TestProtocols.resolved;
import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import kafkaload.KafkaDsl;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.broker.SaslEmbeddedKafka;
import kafkaload.internal.broker.TestKdc;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.SaslLogins;
import kafkaload.internal.protocol.KafkaProtocol;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SASL/GSSAPI against a real KDC in the test JVM (Apache Kerby) and the embedded broker on a
 * SASL_PLAINTEXT listener with GSSAPI: a shipped simulation runs over Kerberos, and a principal the
 * keytab does not hold, a principal the KDC does not know, a missing keytab and a wrong service
 * name fail before any load in one line.
 */
class KerberosIT {
  private static final long TIMEOUT_MS = 5_000;
  private static TestKdc kdc;
  private static SaslEmbeddedKafka kafka;

  @BeforeAll
  static void start() throws Exception {
    kdc = TestKdc.start();
    // The broker's login and the in-JVM clients read the KDC from here (the JDK's own property).
    System.setProperty(SaslLogins.KRB5_CONF, kdc.krb5Conf.toString());
    kafka =
        SaslEmbeddedKafka.start(
            "GSSAPI",
            Map.of(
                "listener.name.sasl_plaintext.gssapi.sasl.jaas.config",
                "com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true storeKey=true"
                    + " keyTab=\""
                    + kdc.brokerKeytab
                    + "\" principal=\""
                    + TestKdc.BROKER_PRINCIPAL
                    + "\";",
                "sasl.kerberos.service.name",
                TestKdc.SERVICE));
  }

  @AfterAll
  static void stop() {
    if (kafka != null) {
      kafka.close();
    }
    if (kdc != null) {
      kdc.close();
    }
  }

  private static KafkaProtocol gssapi(String principal, String keytab, String service) {
    return resolved(KafkaDsl.kafka().saslGssapi(principal, keytab, service));
  }

  @Test
  void badPrincipalsKeytabAndServiceNameFailBeforeAnyLoad() {
    String keytab = kdc.clientKeytab.toString();
    String missing = kdc.dir.resolve("nope.keytab").toString();
    assertEquals(
        "SASL GSSAPI for principal '"
            + TestKdc.CLIENT_PRINCIPAL
            + "': the keytab "
            + missing
            + " does not exist (sasl.kerberos.keytab)",
        assertThrows(
                KafkaLoadConfigException.class,
                () -> gssapi(TestKdc.CLIENT_PRINCIPAL, missing, TestKdc.SERVICE))
            .getMessage());

    String stranger = "stranger@" + TestKdc.REALM;
    String msg = preflightError(gssapi(stranger, keytab, TestKdc.SERVICE));
    assertTrue(
        msg.startsWith(
            "SASL/GSSAPI (Kerberos) login failed before connecting to "
                + kafka.saslBootstrap()
                + " for principal '"
                + stranger
                + "' with the keytab "
                + keytab
                + ": the keytab holds no key for this principal"),
        msg);

    msg =
        preflightError(
            gssapi(TestKdc.DELETED_PRINCIPAL, kdc.deletedKeytab.toString(), TestKdc.SERVICE));
    assertTrue(
        msg.contains(
            "for principal '"
                + TestKdc.DELETED_PRINCIPAL
                + "' with the keytab "
                + kdc.deletedKeytab
                + ": the KDC does not know this principal"),
        msg);

    // Kafka retries a service ticket the KDC refuses: the bootstrap's timeout, with the hint.
    msg = preflightError(gssapi(TestKdc.CLIENT_PRINCIPAL, keytab, "kafka-typo"));
    assertTrue(
        msg.startsWith("Kafka bootstrap '" + kafka.saslBootstrap() + "' did not answer within")
            && msg.endsWith(
                "With SASL/GSSAPI, Kafka retries a service ticket the KDC refuses until this"
                    + " timeout: check sasl.kerberos.service.name=kafka-typo (the KDC must know"
                    + " <service name>/<broker host>) and that the bootstrap names the brokers by"
                    + " the host names in their principals"),
        msg);
  }

  /** BaselineSimulation over Kerberos, configured with -D only, as a user would. */
  @Test
  void shippedSimulationRunsOverKerberos() throws Exception {
    String topic = uniqueTopic("kerberos");
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props(
                "kafka.bootstrap.servers",
                kafka.saslBootstrap(),
                "topic",
                topic,
                "warmup",
                "0",
                "duration",
                "3",
                "users",
                "2",
                "sasl.mechanism",
                "GSSAPI",
                "sasl.kerberos.service.name",
                TestKdc.SERVICE,
                "sasl.kerberos.principal",
                TestKdc.CLIENT_PRINCIPAL,
                "sasl.kerberos.keytab",
                kdc.clientKeytab.toString(),
                "java.security.krb5.conf",
                kdc.krb5Conf.toString()),
            90);
    long[] send = run.counts("send");
    assertTrue(
        send[1] > 0 && send[2] == 0, "no failed send: " + Arrays.toString(send) + run.tail());
    // -Dwarmup=0 sends no warm-up record (Gatling's during(0) alone would loop once).
    assertFalse(run.output().contains("> warm-up send"), run.tail());
    JsonNode p = summaryJson(run).at("/protocols/0");
    assertEquals(0, p.at("/reconciliation/lost").asLong(), p.toString());
    assertEquals(
        "GSSAPI", p.at("/config/producerProperties/sasl.mechanism").asText(), p.toString());
    assertEquals(
        "SASL_PLAINTEXT",
        p.at("/config/producerProperties/security.protocol").asText(),
        p.toString());
    assertEquals(0, run.exitCode(), run.tail());
  }

  private static String preflightError(KafkaProtocol p) {
    String msg =
        assertThrows(
                KafkaLoadConfigException.class,
                () ->
                    Preflight.ensureTopic(
                        new Connection(kafka.saslBootstrap(), p.producerProperties(), TIMEOUT_MS),
                        "kerberos-" + UUID.randomUUID().toString().substring(0, 8),
                        new TopicPlan(true, 1, (short) 1, 1, false, TIMEOUT_MS, 0)))
            .getMessage();
    assertFalse(msg.contains("\n"), "one line: " + msg);
    return msg;
  }
}
