package kafkaload.internal.schema;

import static kafkaload.TestProtocols.resolved;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLContext;
import kafkaload.KafkaDsl;
import kafkaload.Params;
import kafkaload.internal.broker.TestPki;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The registry client over HTTPS against the embedded registry's HTTPS mode, with a PKI made for
 * the test: a trusted truststore works, an untrusted certificate, a missing store and a wrong
 * password fail naming what to fix, mutual TLS, TLS settings with an http URL, and the settings
 * read from the properties file, -D and the environment. No message holds a password.
 */
class RegistryTlsTest {
  private static TestPki pki;
  private static EmbeddedRegistry https;
  private static EmbeddedRegistry mtls;
  private static String pw;
  private final LongAdder calls = new LongAdder();

  @BeforeAll
  static void start() throws Exception {
    pki = TestPki.generate();
    pw = pki.password;
    // The registry's own context: its certificate (signed by the test CA), and the CA to check
    // client certificates.
    SSLContext server =
        new RegistryTls(
                pki.truststore.toString(), pw, null, pki.brokerKeystore.toString(), pw, null, null)
            .sslContext(() -> {});
    https = EmbeddedRegistry.startHttps(null, server, false);
    mtls = EmbeddedRegistry.startHttps("alice:basic-" + pw, server, true);
  }

  @AfterAll
  static void stop() {
    https.close();
    mtls.close();
    pki.delete();
  }

  private static String order() {
    return new AvroSchema(Schemas.read("schemas/order.avsc", "schema file")).text();
  }

  private static RegistryTls trust(Path store, String password) {
    return new RegistryTls(store.toString(), password, null, null, null, null, null);
  }

  private RegistryClient.RegistryException refused(RegistryClient c) {
    RegistryClient.RegistryException e =
        assertThrows(
            RegistryClient.RegistryException.class,
            () -> c.register("tls-value", SchemaFormat.AVRO, order()));
    assertFalse(e.getMessage().contains(pw), "a password in: " + e.getMessage());
    return e;
  }

  @Test
  void aTrustedTruststoreWorksAndTheJvmDefaultDoesNotTrustATestCa() {
    assertTrue(
        https.url().startsWith("https://127.0.0.1:")
            || https.url().startsWith("https://localhost:"),
        https.url());
    RegistryClient c =
        new RegistryClient(https.url(), null, trust(pki.truststore, pw), null, calls);
    int id = c.register("tls-value", SchemaFormat.AVRO, order()).id();
    assertEquals(order(), c.byId(id).schema());
    assertEquals(1, https.requests());

    RegistryClient.RegistryException e =
        refused(new RegistryClient(https.url(), null, RegistryTls.NONE, null, calls));
    assertTrue(
        e.getMessage()
            .startsWith(
                "Schema Registry at "
                    + https.url()
                    + ": TLS handshake failed (POST "
                    + "/subjects/tls-value/versions): the registry's certificate is not trusted by the JVM's default truststore: "
                    + "set schema.registry.ssl.truststore.location to a truststore holding the registry's CA"),
        e.getMessage());
  }

  @Test
  void anUntrustedCertificateNamesTheUrlAndTheTruststore() {
    RegistryClient.RegistryException e =
        refused(
            new RegistryClient(https.url(), null, trust(pki.untrustedTruststore, pw), null, calls));
    assertTrue(
        e.getMessage().startsWith("Schema Registry at " + https.url() + ": TLS handshake failed"),
        e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "not trusted by schema.registry.ssl.truststore.location="
                    + pki.untrustedTruststore
                    + ": set schema.registry.ssl.truststore.location to a truststore holding the "
                    + "registry's CA"),
        e.getMessage());
  }

  @Test
  void aCertificateThatDoesNotNameTheHostIsNamedAsSuch() {
    // The client certificate has no subject alternative names: trusted, but not for 127.0.0.1.
    try (EmbeddedRegistry misnamed =
        EmbeddedRegistry.startHttps(
            null,
            new RegistryTls(null, null, null, pki.clientKeystore.toString(), pw, null, null)
                .sslContext(() -> {}),
            false)) {
      RegistryClient.RegistryException e =
          refused(new RegistryClient(misnamed.url(), null, trust(pki.truststore, pw), null, calls));
      assertTrue(
          e.getMessage()
              .startsWith(
                  "Schema Registry at "
                      + misnamed.url()
                      + ": TLS handshake failed (POST "
                      + "/subjects/tls-value/versions): the registry's certificate does not name the host of "
                      + misnamed.url()),
          e.getMessage());
    }
  }

  @Test
  void aMissingStoreAWrongPasswordAndAWrongTypeFailWhenTheClientIsMade() {
    KafkaLoadConfigException missing =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                new RegistryClient(
                    https.url(), null, trust(pki.dir.resolve("nope.p12"), pw), null, calls));
    assertEquals(
        "schema.registry.ssl.truststore.location=" + pki.dir.resolve("nope.p12") + ": no such file",
        missing.getMessage());
    KafkaLoadConfigException wrong =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                new RegistryClient(
                    https.url(), null, trust(pki.truststore, "not-" + pw), null, calls));
    assertEquals(
        "schema.registry.ssl.truststore.location="
            + pki.truststore
            + " (PKCS12) does not open: the "
            + "password schema.registry.ssl.truststore.password is wrong",
        wrong.getMessage());
    KafkaLoadConfigException keystore =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                new RegistryClient(
                    https.url(),
                    null,
                    new RegistryTls(
                        null, null, null, pki.clientKeystore.toString(), "bad-" + pw, null, null),
                    null,
                    calls));
    assertTrue(
        keystore
            .getMessage()
            .startsWith(
                "schema.registry.ssl.keystore.location="
                    + pki.clientKeystore
                    + " (PKCS12) does not open: the password schema.registry.ssl.keystore.password is wrong"),
        keystore.getMessage());
    KafkaLoadConfigException type =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                new RegistryClient(
                    https.url(),
                    null,
                    new RegistryTls(pki.truststore.toString(), pw, "PEM", null, null, null, null),
                    null,
                    calls));
    assertEquals("schema.registry.ssl.truststore.type=PEM is not JKS or PKCS12", type.getMessage());
    for (Exception e : new Exception[] {missing, wrong, keystore, type}) {
      assertFalse(e.getMessage().contains(pw), e.getMessage());
    }
  }

  @Test
  void mutualTlsNeedsTheClientKeystore() {
    RegistryClient.RegistryException e =
        refused(
            new RegistryClient(
                mtls.url(), "alice:basic-" + pw, trust(pki.truststore, pw), null, calls));
    assertTrue(
        e.getMessage().startsWith("Schema Registry at " + mtls.url() + ": TLS handshake failed"),
        e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "the registry requires a client certificate (mutual TLS) and did not accept "
                    + "this client's: no schema.registry.ssl.keystore.location is set"),
        e.getMessage());
    // An untrusted server certificate is named as such, though the registry also asked for a client
    // certificate.
    e =
        refused(
            new RegistryClient(
                mtls.url(),
                null,
                new RegistryTls(null, null, null, pki.clientKeystore.toString(), pw, null, null),
                null,
                calls));
    assertTrue(
        e.getMessage()
            .contains("the registry's certificate is not trusted by the JVM's default truststore"),
        e.getMessage());
    // A certificate its CA did not sign: the other CA's own key pair.
    Path stranger = pki.dir.resolve("other-ca.p12");
    e =
        refused(
            new RegistryClient(
                mtls.url(),
                "alice:basic-" + pw,
                new RegistryTls(
                    pki.truststore.toString(), pw, null, stranger.toString(), pw, null, null),
                null,
                calls));
    assertTrue(
        e.getMessage()
            .contains(
                "did not accept this client's: schema.registry.ssl.keystore.location="
                    + stranger
                    + " is not signed by a CA it trusts"),
        e.getMessage());
    RegistryTls both =
        new RegistryTls(
            pki.truststore.toString(), pw, null, pki.clientKeystore.toString(), pw, null, null);
    assertTrue(
        new RegistryClient(mtls.url(), "alice:basic-" + pw, both, null, calls)
                .register("mtls-value", SchemaFormat.AVRO, order())
                .id()
            > 0);
  }

  @Test
  void tlsSettingsWithAnHttpUrlAreRefused() {
    try (EmbeddedRegistry plain = EmbeddedRegistry.start(null)) {
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () -> new RegistryClient(plain.url(), null, trust(pki.truststore, pw), null, calls));
      assertEquals(
          "schema.registry.url="
              + plain.url()
              + " is not https, but schema.registry.ssl.* settings are set: "
              + "use an https:// URL, or remove the TLS settings",
          e.getMessage());
    }
    // A plain HTTP server answers a TLS hello with an HTTP error, as a Jetty-served registry does.
    try (ServerSocket plainHttp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread answer =
          new Thread(
              () -> {
                try (Socket sock = plainHttp.accept()) {
                  sock.getInputStream().read(new byte[512]);
                  sock.getOutputStream()
                      .write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes());
                } catch (IOException ignored) {
                  // the client has gone: nothing to answer
                }
              });
      answer.start();
      String wrongScheme = "https://127.0.0.1:" + plainHttp.getLocalPort();
      RegistryClient.RegistryException tls =
          refused(new RegistryClient(wrongScheme, null, RegistryTls.NONE, null, calls));
      assertTrue(
          tls.getMessage()
              .startsWith(
                  "Schema Registry at "
                      + wrongScheme
                      + ": TLS handshake failed (POST "
                      + "/subjects/tls-value/versions): the registry does not speak TLS at this address: is it served over "
                      + "http://?"),
          tls.getMessage());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    RegistrySettings noUrl =
        new RegistrySettings(
            null,
            null,
            true,
            false,
            SubjectStrategy.TOPIC,
            SubjectStrategy.TOPIC,
            trust(pki.truststore, pw),
            null);
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> SchemaContext.of(noUrl, calls));
    assertTrue(e.getMessage().contains("the embedded registry speaks plain HTTP"), e.getMessage());
  }

  @Test
  void settingsComeFromTheFileDashDAndTheEnvironmentAndPasswordsAreMasked() throws Exception {
    Path file = Files.createTempFile(pki.dir, "client", ".properties");
    Files.writeString(
        file,
        "schema.registry.url="
            + https.url()
            + "\n"
            + "schema.registry.ssl.truststore.location="
            + pki.dir.resolve("from-file.jks")
            + "\n"
            + "schema.registry.ssl.truststore.password="
            + pw
            + "\n"
            + "schema.registry.ssl.truststore.type=PKCS12\n");
    // -D wins for the location; the keystore's passwords come from the environment.
    RegistrySettings s =
        resolved(
                KafkaDsl.kafka()
                    .params(
                        Params.of(
                            Map.of(
                                "kafka.client.config",
                                file.toString(),
                                "schema.registry.ssl.truststore.location",
                                pki.truststore.toString(),
                                "schema.registry.ssl.keystore.location",
                                pki.clientKeystore.toString()),
                            Map.of("SCHEMA_REGISTRY_SSL_KEYSTORE_PASSWORD", pw))))
            .schemaRegistry();
    assertEquals(
        new RegistryTls(
            pki.truststore.toString(), pw, "PKCS12", pki.clientKeystore.toString(), pw, null, null),
        s.tls());
    assertTrue(
        new RegistryClient(https.url(), null, s.tls(), null, calls)
                .register("file-value", SchemaFormat.AVRO, order())
                .id()
            > 0);
    String described = s.describe().toString();
    assertFalse(described.contains(pw), described);
    assertTrue(described.contains("schema.registry.ssl.truststore.password=******"), described);
    assertTrue(described.contains("schema.registry.ssl.key.password=(none)"), described);
    assertTrue(described.contains("schema.registry.ssl.keystore.type=PKCS12"), described);

    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                KafkaDsl.kafka()
                    .params(
                        Params.of(Map.of("schema.registry.ssl.truststore.password", pw), Map.of()))
                    .protocol());
    assertTrue(
        e.getMessage().startsWith("-Dschema.registry.ssl.truststore.password is refused"),
        e.getMessage());
    assertTrue(e.getMessage().contains("SCHEMA_REGISTRY_SSL_TRUSTSTORE_PASSWORD"), e.getMessage());
    assertFalse(e.getMessage().contains(pw), e.getMessage());
  }

  @Test
  void aNullPasswordInCodeLeavesTheFilesInPlace() throws Exception {
    Path file = Files.createTempFile(pki.dir, "client", ".properties");
    Files.writeString(file, "schema.registry.ssl.truststore.password=" + pw + "\n");
    RegistrySettings s =
        resolved(
                KafkaDsl.kafka()
                    .params(Params.of(Map.of(), Map.of()))
                    .propertiesFile(file.toString())
                    .schemaRegistryTruststore(pki.truststore.toString(), null))
            .schemaRegistry();
    assertEquals(pw, s.tls().truststorePassword());
  }

  @Test
  void theDslSetsConfluentsNames() {
    RegistrySettings s =
        resolved(
                KafkaDsl.kafka()
                    .params(Params.of(Map.of(), Map.of()))
                    .schemaRegistry(https.url())
                    .schemaRegistryTruststore(pki.truststore.toString(), pw)
                    .schemaRegistryKeystore(pki.clientKeystore.toString(), pw, "key-" + pw))
            .schemaRegistry();
    assertEquals(
        new RegistryTls(
            pki.truststore.toString(),
            pw,
            null,
            pki.clientKeystore.toString(),
            pw,
            "key-" + pw,
            null),
        s.tls());
  }

  /** Keeps the configs it was given. */
  public static final class ConfigsSerializer implements Serializer<Object> {
    static volatile Map<String, ?> configs;

    @Override
    public void configure(Map<String, ?> given, boolean isKey) {
      configs = Map.copyOf(given);
    }

    @Override
    public byte[] serialize(String topic, Object data) {
      return new byte[0];
    }
  }

  @Test
  void aSerializerNamedByClassGetsTheRegistrysTlsSettingsItLacks() {
    RegistryTls tls =
        new RegistryTls(
            pki.truststore.toString(), pw, null, pki.clientKeystore.toString(), pw, null, null);
    SchemaContext c =
        new SchemaContext(
            new RegistrySettings(
                https.url(),
                null,
                true,
                false,
                SubjectStrategy.TOPIC,
                SubjectStrategy.TOPIC,
                tls,
                null),
            calls,
            InjectorShare.SINGLE);
    c.bind(
        new SchemaValueSpec(
            null,
            null,
            null,
            null,
            SessionValue.constant("x"),
            ConfigsSerializer.class.getName(),
            Map.of(RegistryTls.KEYSTORE_LOCATION, "/its/own.p12"),
            null),
        false,
        "t",
        "s",
        n -> {});
    Map<String, ?> got = ConfigsSerializer.configs;
    assertEquals(https.url(), got.get("schema.registry.url"));
    assertEquals(pki.truststore.toString(), got.get("schema.registry.ssl.truststore.location"));
    assertEquals(pw, got.get("schema.registry.ssl.truststore.password"));
    assertEquals("PKCS12", got.get("schema.registry.ssl.truststore.type"));
    assertEquals(
        "/its/own.p12", got.get("schema.registry.ssl.keystore.location"), "its own keystore wins");
    for (String k :
        List.of(
            "schema.registry.ssl.keystore.password",
            "schema.registry.ssl.keystore.type",
            "schema.registry.ssl.key.password")) {
      assertFalse(got.containsKey(k), "not mixed into its own keystore: " + k);
    }
  }
}
