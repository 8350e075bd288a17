package kafkaload.internal.broker;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded KRaft broker with secured listeners, for the security tests: SASL_PLAINTEXT and
 * SASL_SSL (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512), SSL (server certificate only) and MTLS (SSL
 * requiring a client certificate), with certificates from a {@link TestPki}. A PLAINTEXT listener
 * stays for inter-broker traffic and test set-up. Test-only: it carries throw-away credentials, and
 * users secure their own clusters.
 */
public final class SecureEmbeddedKafka implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SecureEmbeddedKafka.class);
  private static final List<String> LISTENERS =
      List.of("PLAINTEXT", "SASL_PLAINTEXT", "SASL_SSL", "SSL", "MTLS");

  public static final String SCRAM_USER = "loadtest";
  public static final String PLAIN_USER = "plain-user";

  /** Random per broker, so a test can grep every output for them. */
  public final String scramPassword = "scram-" + UUID.randomUUID();

  public final String plainPassword = "plain-" + UUID.randomUUID();

  public final TestPki pki;
  private final Map<String, Integer> ports = new LinkedHashMap<>();
  private EmbeddedKafka broker;

  private SecureEmbeddedKafka(TestPki pki) {
    this.pki = pki;
  }

  /** Generates the PKI, starts the broker and creates the SCRAM user. */
  public static SecureEmbeddedKafka start() throws Exception {
    return start(new Properties());
  }

  /** As above, with broker settings over these (an authorizer, say). */
  public static SecureEmbeddedKafka start(Properties extra) throws Exception {
    long t0 = System.nanoTime();
    SecureEmbeddedKafka k = new SecureEmbeddedKafka(TestPki.generate());
    LOG.info("Test PKI made in {} ms", (System.nanoTime() - t0) / 1_000_000);
    for (String l : LISTENERS) {
      k.ports.put(l, EmbeddedKafka.freePort());
    }
    int controller = EmbeddedKafka.freePort();
    StringBuilder listeners = new StringBuilder();
    StringBuilder map = new StringBuilder("CONTROLLER:PLAINTEXT");
    k.ports.forEach(
        (name, port) -> {
          listeners.append(name).append("://127.0.0.1:").append(port).append(',');
          map.append(',').append(name).append(':').append(name.equals("MTLS") ? "SSL" : name);
        });
    Properties p = new Properties();
    p.put("advertised.listeners", listeners.substring(0, listeners.length() - 1));
    p.put("listeners", listeners + "CONTROLLER://127.0.0.1:" + controller);
    p.put("controller.quorum.voters", "1@127.0.0.1:" + controller);
    p.put("listener.security.protocol.map", map.toString());
    p.put("sasl.enabled.mechanisms", "PLAIN,SCRAM-SHA-256,SCRAM-SHA-512");
    for (String l : List.of("sasl_plaintext", "sasl_ssl")) {
      p.put(
          "listener.name." + l + ".plain.sasl.jaas.config",
          "org.apache.kafka.common.security.plain.PlainLoginModule "
              + "required user_"
              + PLAIN_USER
              + "=\""
              + k.plainPassword
              + "\";");
      for (String scram : List.of("scram-sha-256", "scram-sha-512")) {
        p.put(
            "listener.name." + l + "." + scram + ".sasl.jaas.config",
            "org.apache.kafka.common.security.scram.ScramLoginModule required;");
      }
    }
    p.put("ssl.keystore.location", k.pki.brokerKeystore.toString());
    p.put("ssl.keystore.type", "PKCS12");
    p.put("ssl.keystore.password", k.pki.password);
    p.put("ssl.key.password", k.pki.password);
    p.put("ssl.truststore.location", k.pki.truststore.toString());
    p.put("ssl.truststore.type", "PKCS12");
    p.put("ssl.truststore.password", k.pki.password);
    p.put("listener.name.mtls.ssl.client.auth", "required");
    p.putAll(extra);
    k.broker = EmbeddedKafka.start(p);
    k.createScramUser();
    LOG.info(
        "Secure embedded broker ready {} ms after the start: {}",
        (System.nanoTime() - t0) / 1_000_000,
        k.ports);
    return k;
  }

  /**
   * SCRAM credentials live in the cluster metadata: set them through the PLAINTEXT listener, then
   * wait for them.
   */
  private void createScramUser() throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap("PLAINTEXT")))) {
      // One mechanism per request: Kafka refuses to alter one user twice in a request.
      for (ScramMechanism m : List.of(ScramMechanism.SCRAM_SHA_256, ScramMechanism.SCRAM_SHA_512)) {
        admin
            .alterUserScramCredentials(
                List.of(
                    new UserScramCredentialUpsertion(
                        SCRAM_USER, new ScramCredentialInfo(m, 4096), scramPassword)))
            .all()
            .get(30, TimeUnit.SECONDS);
      }
      long deadline = System.currentTimeMillis() + 30_000;
      while (admin
              .describeUserScramCredentials(List.of(SCRAM_USER))
              .all()
              .get(30, TimeUnit.SECONDS)
              .get(SCRAM_USER)
              .credentialInfos()
              .size()
          < 2) {
        if (System.currentTimeMillis() > deadline) {
          throw new IllegalStateException("SCRAM credentials of " + SCRAM_USER + " did not appear");
        }
        Thread.sleep(100);
      }
    }
  }

  /** host:port of a listener: PLAINTEXT, SASL_PLAINTEXT, SASL_SSL, SSL or MTLS. */
  public String bootstrap(String listener) {
    Integer port = ports.get(listener);
    if (port == null) {
      throw new IllegalArgumentException(
          "no listener " + listener + " (there are " + LISTENERS + ")");
    }
    return "127.0.0.1:" + port;
  }

  @Override
  public void close() {
    if (broker != null) {
      broker.close();
    }
    pki.delete();
  }
}
