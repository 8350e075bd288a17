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
import kafkaload.internal.schema.RegistryOAuth;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;
import org.apache.kafka.common.security.auth.AuthenticateCallbackHandler;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Test;

/**
 * OAUTHBEARER, GSSAPI and AWS_MSK_IAM settings without a broker (OAuthIT and KerberosIT cover the
 * broker side; MSK IAM cannot be run here): Kafka's property names, the -D and environment layer,
 * and the errors named before any load.
 */
class SaslLoginsTest {
  private final PropertyTests d = new PropertyTests();

  private static AppConfigurationEntry jaas(Map<String, ?> p) {
    return JaasContext.loadClientContext(
            Map.of("sasl.jaas.config", new Password(String.valueOf(p.get("sasl.jaas.config")))))
        .configurationEntries()
        .get(0);
  }

  @Test
  void oauthBearerFromTheBuilderUsesKafkasOwnNamesAndHandler() {
    KafkaProtocol p =
        resolved(
            KafkaDsl.kafka()
                .params(d.params())
                .saslOAuthBearer(
                    "https://idp.example.com/oauth2/token", "loadtest", "s3cret", "kafka"));
    Map<String, Object> c = p.producerProperties();
    assertEquals("OAUTHBEARER", c.get("sasl.mechanism"));
    assertEquals("SASL_PLAINTEXT", c.get("security.protocol"));
    assertEquals(
        "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler",
        c.get("sasl.login.callback.handler.class"));
    assertEquals(
        "https://idp.example.com/oauth2/token", c.get("sasl.oauthbearer.token.endpoint.url"));
    assertEquals("loadtest", c.get("sasl.oauthbearer.client.credentials.client.id"));
    assertEquals("s3cret", c.get("sasl.oauthbearer.client.credentials.client.secret"));
    assertEquals("kafka", c.get("sasl.oauthbearer.scope"));
    assertEquals(
        "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule",
        jaas(c).getLoginModuleName());
    // Kafka 4 refuses a token URL not allow-listed: the one the run was given is added.
    assertTrue(
        System.getProperty(SaslLogins.ALLOWED_URLS)
            .contains("https://idp.example.com/oauth2/token"));
    assertEquals(Secrets.MASK, Secrets.masked(c).get(SaslLogins.CLIENT_SECRET));
  }

  @Test
  void allowListKeepsWhatTheUserSetAndAddsOnce() {
    String before = System.getProperty(SaslLogins.ALLOWED_URLS);
    try {
      System.setProperty(SaslLogins.ALLOWED_URLS, "https://jwks.example.com/keys");
      Map<String, String> p =
          Map.of(SaslLogins.TOKEN_ENDPOINT_URL, "https://idp.example.com/token");
      SaslLogins.allowTokenEndpoint(p);
      SaslLogins.allowTokenEndpoint(p);
      assertEquals(
          "https://jwks.example.com/keys,https://idp.example.com/token",
          System.getProperty(SaslLogins.ALLOWED_URLS));
    } finally {
      if (before == null) {
        System.clearProperty(SaslLogins.ALLOWED_URLS);
      } else {
        System.setProperty(SaslLogins.ALLOWED_URLS, before);
      }
    }
  }

  @Test
  void oauthBearerFromSystemPropertiesTakesTheSecretFromTheEnvironmentOnly() {
    d.set("sasl.mechanism", "OAUTHBEARER");
    d.set("sasl.oauthbearer.token.endpoint.url", "https://idp.example.com/token");
    d.set("sasl.oauthbearer.client.credentials.client.id", "loadtest");
    d.set("sasl.login.refresh.buffer.seconds", "30");
    assertTrue(
        error(() -> KafkaDsl.kafka().params(d.params()).protocol())
            .startsWith(
                "The environment variable KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET is not set"));
    d.env("KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET", "from-env");
    Map<String, Object> c = resolved(KafkaDsl.kafka().params(d.params())).producerProperties();
    assertEquals("from-env", c.get("sasl.oauthbearer.client.credentials.client.secret"));
    assertEquals("30", c.get("sasl.login.refresh.buffer.seconds"));
    assertEquals("SASL_PLAINTEXT", c.get("security.protocol"));

    d.set("sasl.oauthbearer.client.credentials.client.secret", "hunter2");
    String msg = error(() -> KafkaDsl.kafka().params(d.params()).protocol());
    assertTrue(
        msg.startsWith(
            "-Dsasl.oauthbearer.client.credentials.client.secret is refused: secrets never come from -D"),
        msg);
    assertTrue(msg.contains("KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET") && !msg.contains("hunter2"));
  }

  @Test
  void oauthBearerBadInputIsNamed() {
    assertEquals(
        "SASL OAUTHBEARER: sasl.oauthbearer.token.endpoint.url=idp.example.com/token is not an"
            + " http(s):// URL (or a file: with a token)",
        error(() -> SaslLogins.oauthbearer("idp.example.com/token", "c", "s", null)));
    assertEquals(
        "SASL OAUTHBEARER with sasl.oauthbearer.token.endpoint.url=https://idp/token:"
            + " sasl.oauthbearer.client.credentials.client.id is empty",
        error(() -> SaslLogins.oauthbearer("https://idp/token", " ", "s", null)));
    assertEquals(
        "SASL OAUTHBEARER for client 'c': the client secret is empty",
        error(() -> SaslLogins.oauthbearer("https://idp/token", "c", "", null)));
  }

  @Test
  void gssapiWithAKeytabOrTheTicketCacheParsesAsKafkaReadsIt() throws Exception {
    Path keytab = Files.createTempFile("client", ".keytab");
    Map<String, Object> c =
        resolved(
                KafkaDsl.kafka()
                    .params(d.params())
                    .saslGssapi("loadtest@EXAMPLE.COM", keytab.toString(), "kafka"))
            .producerProperties();
    assertEquals("GSSAPI", c.get("sasl.mechanism"));
    assertEquals("kafka", c.get("sasl.kerberos.service.name"));
    AppConfigurationEntry e = jaas(c);
    assertEquals("com.sun.security.auth.module.Krb5LoginModule", e.getLoginModuleName());
    assertEquals("true", e.getOptions().get("useKeyTab"));
    assertEquals(keytab.toString(), e.getOptions().get("keyTab"));
    assertEquals("loadtest@EXAMPLE.COM", e.getOptions().get("principal"));

    AppConfigurationEntry cache = jaas(SaslLogins.gssapi("kafka", null, null));
    assertEquals("true", cache.getOptions().get("useTicketCache"));
    assertNull(cache.getOptions().get("keyTab"));
  }

  @Test
  void gssapiFromSystemPropertiesAndItsBadInput() throws Exception {
    Path keytab = Files.createTempFile("client", ".keytab");
    d.set("sasl.mechanism", "GSSAPI");
    d.set("sasl.kerberos.principal", "loadtest@EXAMPLE.COM");
    d.set("sasl.kerberos.keytab", keytab.toString());
    Map<String, Object> c = resolved(KafkaDsl.kafka().params(d.params())).producerProperties();
    assertEquals("kafka", c.get("sasl.kerberos.service.name"), "the usual service name");
    assertEquals(keytab.toString(), jaas(c).getOptions().get("keyTab"));

    d.set("java.security.krb5.conf", "/nope/krb5.conf");
    assertEquals(
        "SASL GSSAPI: -Djava.security.krb5.conf=/nope/krb5.conf: no such file",
        error(() -> KafkaDsl.kafka().params(d.params()).protocol()));
    d.clear("java.security.krb5.conf");
    d.set("sasl.kerberos.keytab", "/nope/client.keytab");
    assertEquals(
        "SASL GSSAPI for principal 'loadtest@EXAMPLE.COM': the keytab /nope/client.keytab does not"
            + " exist (sasl.kerberos.keytab)",
        error(() -> KafkaDsl.kafka().params(d.params()).protocol()));
    assertEquals(
        "SASL GSSAPI with the keytab " + keytab + ": the principal is empty",
        error(() -> SaslLogins.gssapi("kafka", "", keytab.toString())));
  }

  /**
   * What can be checked of MSK IAM without AWS: Amazon's callback handler loads and is the one
   * Kafka gets, SASL_SSL is implied, and no credentials at all are named before any load.
   */
  @Test
  void awsMskIamHandlerLoadsAndMissingCredentialsAreNamed() throws Exception {
    Map<String, String> iam = SaslLogins.awsMskIam("perf", "arn:aws:iam::123456789012:role/load");
    assertEquals("AWS_MSK_IAM", iam.get("sasl.mechanism"));
    AppConfigurationEntry e = jaas(iam);
    assertEquals("software.amazon.msk.auth.iam.IAMLoginModule", e.getLoginModuleName());
    assertEquals("perf", e.getOptions().get("awsProfileName"));
    assertEquals("arn:aws:iam::123456789012:role/load", e.getOptions().get("awsRoleArn"));
    Object handler =
        Utils.newInstance(Class.forName(iam.get("sasl.client.callback.handler.class")));
    assertInstanceOf(AuthenticateCallbackHandler.class, handler);

    // The AWS SDK's chain, pointed away from anything on this machine (IMDS off: no 1 s probes).
    Map<String, String> saved =
        Map.of(
            "aws.sharedCredentialsFile", "/nonexistent/credentials",
            "aws.configFile", "/nonexistent/config",
            "aws.disableEc2Metadata", "true");
    saved.forEach(System::setProperty);
    try {
      org.junit.jupiter.api.Assumptions.assumeTrue(
          System.getenv("AWS_ACCESS_KEY_ID") == null
              && System.getenv("AWS_WEB_IDENTITY_TOKEN_FILE") == null
              && System.getenv("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") == null,
          "this machine has AWS credentials in its environment");
      d.set("sasl.mechanism", "AWS_MSK_IAM");
      String msg = error(() -> KafkaDsl.kafka().params(d.params()).protocol());
      assertTrue(msg.startsWith("SASL AWS_MSK_IAM: no AWS credentials found (set"), msg);
      System.setProperty("aws.accessKeyId", "AKIAEXAMPLEEXAMPLE00");
      System.setProperty("aws.secretAccessKey", "not-a-real-secret-key");
      Map<String, Object> c = resolved(KafkaDsl.kafka().params(d.params())).producerProperties();
      assertEquals("SASL_SSL", c.get("security.protocol"), "MSK serves IAM over TLS only");
      assertEquals(
          "software.amazon.msk.auth.iam.IAMClientCallbackHandler",
          c.get("sasl.client.callback.handler.class"));
    } finally {
      saved.keySet().forEach(System::clearProperty);
      System.clearProperty("aws.accessKeyId");
      System.clearProperty("aws.secretAccessKey");
    }
  }

  @Test
  void registryOAuthFromSystemPropertiesMasksTheSecret() {
    d.set("schema.registry.url", "https://registry.example.com");
    d.set("bearer.auth.credentials.source", "OAUTHBEARER");
    d.set("bearer.auth.issuer.endpoint.url", "https://idp.example.com/token");
    assertEquals(
        "bearer.auth.credentials.source=OAUTHBEARER needs bearer.auth.client.id",
        error(() -> KafkaDsl.kafka().params(d.params()).protocol()));
    d.set("bearer.auth.client.id", "registry-client");
    assertTrue(
        error(() -> KafkaDsl.kafka().params(d.params()).protocol())
            .startsWith(
                "The environment variable SCHEMA_REGISTRY_BEARER_AUTH_CLIENT_SECRET is not set"));
    d.env(RegistryOAuth.CLIENT_SECRET_ENV, "registry-secret");
    RegistryOAuth o = resolved(KafkaDsl.kafka().params(d.params())).schemaRegistry().oauth();
    assertEquals("registry-client", o.clientId());
    assertEquals("registry-secret", o.clientSecret());
    assertEquals(300, o.expiryBufferSeconds());
    assertFalse(o.toString().contains("registry-secret"), o.toString());
    d.set("bearer.auth.client.secret", "registry-secret");
    assertTrue(
        error(() -> KafkaDsl.kafka().params(d.params()).protocol())
            .startsWith("-Dbearer.auth.client.secret is refused"));
  }
}
