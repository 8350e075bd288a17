package kafkaload.it;

import static kafkaload.TestProtocols.resolved;
import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;
import javax.security.auth.login.AppConfigurationEntry;
import kafkaload.KafkaDsl;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.broker.SaslEmbeddedKafka;
import kafkaload.internal.broker.TestOidcProvider;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.config.SaslLogins;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.schema.EmbeddedRegistry;
import kafkaload.internal.schema.RegistryClient;
import kafkaload.internal.schema.RegistryOAuth;
import kafkaload.internal.schema.RegistryTls;
import kafkaload.internal.schema.SchemaFormat;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.security.oauthbearer.BrokerJwtValidator;
import org.apache.kafka.common.security.oauthbearer.JwtValidatorException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SASL/OAUTHBEARER and the Schema Registry's OAuth against a real OAuth2/OIDC server (a test double
 * of an identity provider, {@link TestOidcProvider}): the embedded broker and the embedded registry
 * validate the tokens against its JWKS with Kafka's own validator. A run longer than the tokens'
 * life refreshes them with no failed send; a wrong secret, an unreachable token endpoint and an
 * expired token fail before any load in one line; no secret reaches any output.
 */
class OAuthIT {
  private static final long TIMEOUT_MS = 10_000;
  private static final String REGISTRY_AUDIENCE = "schema-registry";
  private static TestOidcProvider oidc;
  private static SaslEmbeddedKafka kafka;
  private static EmbeddedRegistry registry;
  private static BrokerJwtValidator registryValidator;

  @BeforeAll
  static void start() throws Exception {
    oidc = TestOidcProvider.start();
    // The broker and the registry fetch the JWKS: Kafka 4 only reads allow-listed URLs.
    System.setProperty(SaslLogins.ALLOWED_URLS, oidc.jwks());
    String l = "listener.name.sasl_plaintext.oauthbearer.";
    kafka =
        SaslEmbeddedKafka.start(
            "OAUTHBEARER",
            Map.of(
                l + "sasl.jaas.config",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;",
                l + "sasl.server.callback.handler.class",
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler",
                // Clients must re-authenticate every 2 s: a token not refreshed in time fails.
                "connections.max.reauth.ms",
                "2000",
                "sasl.oauthbearer.jwks.endpoint.url",
                oidc.jwks(),
                "sasl.oauthbearer.expected.audience",
                TestOidcProvider.AUDIENCE,
                "sasl.oauthbearer.expected.issuer",
                oidc.issuer()));
    registryValidator = new BrokerJwtValidator();
    registryValidator.configure(
        new ConsumerConfig(
                Map.of(
                    "bootstrap.servers",
                    "unused:9092",
                    "key.deserializer",
                    ByteArrayDeserializer.class,
                    "value.deserializer",
                    ByteArrayDeserializer.class,
                    "sasl.oauthbearer.jwks.endpoint.url",
                    oidc.jwks(),
                    "sasl.oauthbearer.expected.audience",
                    List.of(REGISTRY_AUDIENCE),
                    "sasl.oauthbearer.expected.issuer",
                    oidc.issuer()))
            .values(),
        "OAUTHBEARER",
        List.of(
            new AppConfigurationEntry(
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule",
                AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                Map.of())));
    registry =
        EmbeddedRegistry.startWithTokens(
            token -> {
              try {
                registryValidator.validate(token);
                return null;
              } catch (JwtValidatorException e) {
                return e.getMessage();
              }
            });
  }

  @AfterAll
  static void stop() throws Exception {
    if (registry != null) {
      registry.close();
    }
    if (registryValidator != null) {
      registryValidator.close();
    }
    if (kafka != null) {
      kafka.close();
    }
    if (oidc != null) {
      oidc.close();
    }
  }

  private static KafkaProtocol oauth(String tokenEndpoint, String secret) {
    return resolved(
        KafkaDsl.kafka()
            .saslOAuthBearer(tokenEndpoint, TestOidcProvider.CLIENT_ID, secret, "kafka"));
  }

  /**
   * The three ways an OIDC login goes wrong, each one line naming the endpoint and client (never
   * the secret), before any topic is made; the right client then connects.
   */
  @Test
  void wrongSecretUnreachableEndpointAndExpiredTokenFailBeforeAnyLoad() {
    String wrong = "wrong-" + UUID.randomUUID();
    String msg = preflightError(oauth(oidc.tokenEndpoint(), wrong));
    assertEquals(
        "SASL/OAUTHBEARER login failed before connecting to "
            + kafka.saslBootstrap()
            + ": the token endpoint "
            + oidc.tokenEndpoint()
            + " refused client '"
            + TestOidcProvider.CLIENT_ID
            + "' (401 {\"invalid_client\" - \"client authentication failed\"}). Check "
            + "sasl.oauthbearer.client.credentials.client.id and the client secret "
            + "(KAFKA_SASL_OAUTHBEARER_CLIENT_SECRET or "
            + "sasl.oauthbearer.client.credentials.client.secret in the properties file)",
        msg);
    assertFalse(msg.contains(wrong));

    // Kafka retries an unreachable endpoint for sasl.login.retry.backoff.max.ms (10 s by default).
    String closed = "http://127.0.0.1:1/token";
    KafkaProtocol unreachable =
        resolved(
            KafkaDsl.kafka()
                .saslOAuthBearer(closed, TestOidcProvider.CLIENT_ID, oidc.clientSecret, null)
                .property("sasl.login.retry.backoff.max.ms", "1000"));
    msg = preflightError(unreachable);
    assertTrue(
        msg.startsWith(
            "SASL/OAUTHBEARER login failed before connecting to "
                + kafka.saslBootstrap()
                + ": the token endpoint "
                + closed
                + " is unreachable (ConnectException"),
        msg);

    oidc.lifetimeSeconds(-600);
    try {
      msg = preflightError(oauth(oidc.tokenEndpoint(), oidc.clientSecret));
    } finally {
      oidc.lifetimeSeconds(3600);
    }
    assertTrue(
        msg.startsWith(
            "SASL/OAUTHBEARER authentication failed on "
                + kafka.saslBootstrap()
                + " for client '"
                + TestOidcProvider.CLIENT_ID
                + "': the broker refused the token from "
                + oidc.tokenEndpoint()),
        msg);
    assertTrue(msg.contains("expired"), msg);
    for (String m : List.of(msg)) {
      assertFalse(m.contains(oidc.clientSecret) || m.contains("\n"), m);
    }
    preflight(oauth(oidc.tokenEndpoint(), oidc.clientSecret));
  }

  /** The registry takes a token from the same provider; a wrong secret is named before any call. */
  @Test
  void registryOAuthWrongSecretIsNamedAndTheRightOneRegisters() {
    String wrong = "wrong-" + UUID.randomUUID();
    long before = registry.requests();
    RegistryClient bad =
        new RegistryClient(
            registry.url(),
            null,
            RegistryTls.NONE,
            new RegistryOAuth(
                oidc.tokenEndpoint(), TestOidcProvider.CLIENT_ID, wrong, REGISTRY_AUDIENCE, 300),
            new LongAdder());
    String msg =
        assertThrows(
                RegistryClient.RegistryException.class,
                () -> bad.register("oauth-value", SchemaFormat.JSON, "{\"type\":\"object\"}"))
            .getMessage();
    assertEquals(
        "Schema Registry OAuth: the token endpoint "
            + oidc.tokenEndpoint()
            + " (bearer.auth.issuer.endpoint.url) refused client '"
            + TestOidcProvider.CLIENT_ID
            + "' (401 invalid_client client authentication failed). Check bearer.auth.client.id "
            + "and the client secret (SCHEMA_REGISTRY_BEARER_AUTH_CLIENT_SECRET or "
            + "bearer.auth.client.secret in the properties file)",
        msg);
    assertEquals(before, registry.requests(), "a refused token request is no registry call");
    // No token at all: the registry itself refuses, and the client says which credentials.
    RegistryClient none =
        new RegistryClient(registry.url(), null, RegistryTls.NONE, null, new LongAdder());
    String refused =
        assertThrows(
                RegistryClient.RegistryException.class,
                () -> none.register("oauth-value", SchemaFormat.JSON, "{\"type\":\"object\"}"))
            .getMessage();
    assertTrue(refused.contains("401"), refused);
    RegistryClient good =
        new RegistryClient(
            registry.url(),
            null,
            RegistryTls.NONE,
            new RegistryOAuth(
                oidc.tokenEndpoint(),
                TestOidcProvider.CLIENT_ID,
                oidc.clientSecret,
                REGISTRY_AUDIENCE,
                300),
            new LongAdder());
    assertTrue(good.register("oauth-value", SchemaFormat.JSON, "{\"type\":\"object\"}").id() > 0);
    assertEquals(1, good.tokensFetched());
  }

  /**
   * The shipped Avro simulation, configured as a user would (non-secret settings as -D, both client
   * secrets from the environment): tokens live 4 s, the broker makes clients re-authenticate every
   * 2 s, and the run lasts 8 s: Kafka's login refreshes the token with no failed send. The registry
   * is called with its own token. Neither secret appears in any output.
   */
  @Test
  void shippedAvroSimulationOverOAuthOutlivesItsTokensWithNoFailedSend() throws Exception {
    oidc.lifetimeSeconds(4);
    int issuedBefore = oidc.issued();
    long registryBefore = registry.requests();
    String topic = uniqueTopic("oauth-orders");
    GatlingRun run;
    try {
      run =
          runGatling(
              "simulations.AvroOrdersSimulation",
              props(
                  "kafka.bootstrap.servers",
                  kafka.saslBootstrap(),
                  "topic",
                  topic,
                  "warmup",
                  "0",
                  "duration",
                  "8",
                  "users",
                  "2",
                  // Idempotent, as a client of such a cluster runs: a re-authentication the broker
                  // refused with ILLEGAL_SASL_STATE (its connection dropped, the token was valid)
                  // once failed 5 in-flight sends of a busy suite under retries=0. A token not
                  // refreshed still fails: authentication errors are not retried.
                  "acks",
                  "all",
                  "enable.idempotence",
                  "true",
                  "sasl.mechanism",
                  "OAUTHBEARER",
                  "sasl.oauthbearer.token.endpoint.url",
                  oidc.tokenEndpoint(),
                  "sasl.oauthbearer.client.credentials.client.id",
                  TestOidcProvider.CLIENT_ID,
                  "sasl.oauthbearer.scope",
                  "kafka",
                  "sasl.login.refresh.min.period.seconds",
                  "1",
                  "sasl.login.refresh.buffer.seconds",
                  "1",
                  "schema.registry.url",
                  registry.url(),
                  "bearer.auth.credentials.source",
                  "OAUTHBEARER",
                  "bearer.auth.issuer.endpoint.url",
                  oidc.tokenEndpoint(),
                  "bearer.auth.client.id",
                  TestOidcProvider.CLIENT_ID,
                  "bearer.auth.scope",
                  REGISTRY_AUDIENCE),
              Map.of(
                  SaslLogins.OAUTH_CLIENT_SECRET_ENV,
                  oidc.clientSecret,
                  RegistryOAuth.CLIENT_SECRET_ENV,
                  oidc.clientSecret),
              120);
    } finally {
      oidc.lifetimeSeconds(3600);
    }
    int issued = oidc.issued() - issuedBefore;
    long[] send = run.counts("send");
    assertTrue(
        send[1] > 0 && send[2] == 0, "no failed send: " + Arrays.toString(send) + run.tail());
    JsonNode p = summaryJson(run).at("/protocols/0");
    assertEquals(0, p.at("/reconciliation/lost").asLong(), p.toString());
    assertEquals(
        "OAUTHBEARER", p.at("/config/producerProperties/sasl.mechanism").asText(), p.toString());
    assertEquals(
        "******",
        p.at("/config/producerProperties/sasl.oauthbearer.client.credentials.client.secret")
            .asText(),
        p.toString());
    // One token to start, one for the registry, and at least one refresh in 8 s of 4 s tokens.
    assertTrue(issued >= 3, "tokens issued during the run: " + issued + "\n" + run.tail());
    assertTrue(registry.requests() > registryBefore, "the run called the registry");
    assertTrue(
        run.exitCode() == 0 || run.output().contains("Gatling simulation assertions failed"),
        run.tail());
    assertNoSecrets(run, reportDir(run), oidc.clientSecret);
  }

  /**
   * A shipped simulation with a wrong client secret, as a user runs it: one console line before any
   * load, the build fails, and the wrong secret is not shown.
   */
  @Test
  void shippedSimulationWithAWrongSecretStopsBeforeAnyLoad() throws Exception {
    String wrong = "wrong-" + UUID.randomUUID();
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props(
                "kafka.bootstrap.servers",
                kafka.saslBootstrap(),
                "topic",
                uniqueTopic("oauth-ko"),
                "warmup",
                "0",
                "duration",
                "3",
                "sasl.mechanism",
                "OAUTHBEARER",
                "sasl.oauthbearer.token.endpoint.url",
                oidc.tokenEndpoint(),
                "sasl.oauthbearer.client.credentials.client.id",
                TestOidcProvider.CLIENT_ID),
            Map.of(SaslLogins.OAUTH_CLIENT_SECRET_ENV, wrong),
            90);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output()
            .contains(
                "[kafkaload] ERROR: SASL/OAUTHBEARER login failed before connecting to "
                    + kafka.saslBootstrap()
                    + ": the token endpoint "
                    + oidc.tokenEndpoint()
                    + " refused client '"
                    + TestOidcProvider.CLIENT_ID
                    + "' (401 "),
        run.tail());
    assertFalse(run.output().contains("> send "), "no load was sent: " + run.tail());
    assertNoSecrets(run, null, wrong, oidc.clientSecret);
  }

  private static String preflightError(KafkaProtocol p) {
    String msg = assertThrows(KafkaLoadConfigException.class, () -> preflight(p)).getMessage();
    assertFalse(msg.contains("\n"), "one line: " + msg);
    return msg;
  }

  private static void preflight(KafkaProtocol p) {
    Preflight.ensureTopic(
        new Connection(kafka.saslBootstrap(), p.producerProperties(), TIMEOUT_MS),
        "oauth-" + UUID.randomUUID().toString().substring(0, 8),
        new TopicPlan(true, 1, (short) 1, 1, false, TIMEOUT_MS, 0));
  }
}
