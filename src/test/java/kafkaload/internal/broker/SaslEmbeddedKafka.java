package kafkaload.internal.broker;

import java.io.IOException;
import java.util.Map;
import java.util.Properties;

/**
 * The embedded KRaft broker with one SASL_PLAINTEXT listener for the mechanisms whose login goes to
 * an outside authority (OAUTHBEARER against an identity provider's JWKS, GSSAPI against a KDC),
 * plus the PLAINTEXT listener for inter-broker traffic and test set-up. The SASL listener is
 * advertised as "localhost": a Kerberos client asks for a ticket to kafka/&lt;the host it connects
 * to&gt;. Test-only.
 */
public final class SaslEmbeddedKafka implements AutoCloseable {
  private final EmbeddedKafka broker;
  private final int plainPort;
  private final int saslPort;

  private SaslEmbeddedKafka(EmbeddedKafka broker, int plainPort, int saslPort) {
    this.broker = broker;
    this.plainPort = plainPort;
    this.saslPort = saslPort;
  }

  /**
   * Starts with {@code mechanisms} (sasl.enabled.mechanisms) on the SASL listener and these broker
   * settings ({@code listener.name.sasl_plaintext.<mechanism>.*} and the like).
   */
  public static SaslEmbeddedKafka start(String mechanisms, Map<String, String> settings)
      throws IOException {
    int plain = EmbeddedKafka.freePort();
    int sasl = EmbeddedKafka.freePort();
    int controller = EmbeddedKafka.freePort();
    Properties p = new Properties();
    p.put(
        "listeners",
        "PLAINTEXT://127.0.0.1:"
            + plain
            + ",SASL_PLAINTEXT://127.0.0.1:"
            + sasl
            + ",CONTROLLER://127.0.0.1:"
            + controller);
    p.put(
        "advertised.listeners",
        "PLAINTEXT://127.0.0.1:" + plain + ",SASL_PLAINTEXT://localhost:" + sasl);
    p.put("controller.quorum.voters", "1@127.0.0.1:" + controller);
    p.put(
        "listener.security.protocol.map",
        "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT");
    p.put("sasl.enabled.mechanisms", mechanisms);
    p.putAll(settings);
    return new SaslEmbeddedKafka(EmbeddedKafka.start(p), plain, sasl);
  }

  /** localhost:port of the SASL_PLAINTEXT listener. */
  public String saslBootstrap() {
    return "localhost:" + saslPort;
  }

  /** 127.0.0.1:port of the PLAINTEXT listener. */
  public String plainBootstrap() {
    return "127.0.0.1:" + plainPort;
  }

  @Override
  public void close() {
    broker.close();
  }
}
