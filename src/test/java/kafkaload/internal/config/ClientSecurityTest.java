package kafkaload.internal.config;

import static kafkaload.TestProtocols.resolved;
import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import kafkaload.KafkaDsl;
import kafkaload.internal.protocol.KafkaProtocol;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The security helpers and the -D / environment layer, without a broker (SecurityIT covers the
 * broker side).
 */
class ClientSecurityTest {
  private final PropertyTests d = new PropertyTests();

  @Test
  void securityLayersAreOnlyAdded() {
    assertNull(ClientSecurity.protocol(null, false, false));
    assertEquals("SASL_PLAINTEXT", ClientSecurity.protocol(null, true, false));
    assertEquals("SSL", ClientSecurity.protocol("PLAINTEXT", false, true));
    assertEquals("SASL_SSL", ClientSecurity.protocol("SSL", true, false));
    assertEquals("SASL_SSL", ClientSecurity.protocol("sasl_ssl", true, false));
    assertEquals("SASL_SSL", ClientSecurity.protocol("SASL_PLAINTEXT", false, true));
  }

  @Test
  void credentialsWithQuotesAndBackslashesSurviveKafkasJaasParser() {
    String password = "p\"a\\ss word;=x";
    Map<String, String> p = ClientSecurity.sasl("scram-sha-512", "us\"er", password);
    assertEquals("SCRAM-SHA-512", p.get("sasl.mechanism"));
    AppConfigurationEntry entry =
        JaasContext.loadClientContext(
                Map.of("sasl.jaas.config", new Password(p.get("sasl.jaas.config"))))
            .configurationEntries()
            .get(0);
    assertEquals(
        "org.apache.kafka.common.security.scram.ScramLoginModule", entry.getLoginModuleName());
    assertEquals(password, entry.getOptions().get("password"));
    assertEquals("us\"er", entry.getOptions().get("username"));
    assertEquals("us\"er", ClientSecurity.username(p));
  }

  @Test
  void badHelperInputIsRefusedNamingIt() {
    assertTrue(
        error(() -> ClientSecurity.sasl("GSSAPI", "u", "p"))
            .contains("SASL mechanism 'GSSAPI' is not one of"));
    assertTrue(
        error(() -> ClientSecurity.sasl("PLAIN", "u", ""))
            .contains("for user 'u': the password is empty"));
    assertTrue(
        error(() -> KafkaDsl.kafka().params(d.params()).saslScram("PLAIN", "u", "p"))
            .contains("is not SCRAM-SHA-256 or SCRAM-SHA-512"));
    assertEquals(
        "ssl.truststore.location=/nope/trust.p12: no such file",
        error(() -> KafkaDsl.kafka().params(d.params()).sslTruststore("/nope/trust.p12", null)));
  }

  @Test
  void secretsAreRefusedAsSystemProperties() {
    d.set("ssl.truststore.password", "hunter2");
    String msg = error(() -> KafkaDsl.kafka().params(d.params()).protocol());
    assertTrue(
        msg.startsWith("-Dssl.truststore.password is refused: secrets never come from -D"), msg);
    assertTrue(msg.contains("KAFKA_SSL_TRUSTSTORE_PASSWORD"), msg);
    assertFalse(msg.contains("hunter2"));
  }

  @Test
  void systemPropertiesAddSecurityOverCodeAndTakeThePasswordFromTheEnvironment() throws Exception {
    Path trust = Files.createTempFile("trust", ".p12");
    d.set("ssl.truststore.location", trust.toString());
    d.set("sasl.mechanism", "SCRAM-SHA-512");
    // Without -Dsasl.username the JAAS config (and its password) comes from code or the properties
    // file.
    KafkaProtocol p =
        resolved(KafkaDsl.kafka().params(d.params()).property("sasl.jaas.config", "x required;"));
    assertEquals("SASL_SSL", p.producerProperties().get("security.protocol"));
    assertEquals("SCRAM-SHA-512", p.producerProperties().get("sasl.mechanism"));
    assertEquals("PKCS12", p.producerProperties().get("ssl.truststore.type"));

    Assumptions.assumeTrue(System.getenv(ClientSecurity.SASL_PASSWORD_ENV) == null);
    d.set("sasl.username", "loadtest");
    assertTrue(
        error(() -> KafkaDsl.kafka().params(d.params()).protocol())
            .startsWith("The environment variable KAFKA_SASL_PASSWORD is not set"));
    d.clear("sasl.mechanism");
    assertEquals(
        "-Dsasl.username=loadtest needs -Dsasl.mechanism (one of [PLAIN, SCRAM-SHA-256, SCRAM-SHA-512])",
        error(() -> KafkaDsl.kafka().params(d.params()).protocol()));
  }
}
