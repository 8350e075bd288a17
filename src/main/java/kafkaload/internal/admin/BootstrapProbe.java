package kafkaload.internal.admin;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Asks each bootstrap address one ApiVersions request over a plain socket first: a Kafka client
 * reads any answer's first 4 bytes as a frame size, so an HTTP server's "HTTP" becomes a 1.2 GB
 * buffer (KAFKA-4090). A listener that answers but not as Kafka is named here; silent addresses are
 * left to the client's timeout.
 */
final class BootstrapProbe {
  private static final int TIMEOUT_MS = 3000;
  private static final int CORRELATION_ID = 0x6b6c6f61; // "kloa"
  private static final int MAX_PLAUSIBLE_FRAME = 64 * 1024 * 1024;

  private BootstrapProbe() {}

  /** Throws a one-line error when an address answers, but not as a plaintext Kafka listener. */
  static void check(String bootstrap, Object securityProtocol) {
    checkResolves(bootstrap);
    String protocol = securityProtocol == null ? "PLAINTEXT" : securityProtocol.toString();
    if (!protocol.equals("PLAINTEXT") && !protocol.equals("SASL_PLAINTEXT")) {
      return; // a TLS client's first bytes are a handshake; the client reports TLS problems itself
    }
    for (String address : bootstrap.split(",")) {
      String a = address.trim();
      int colon = a.lastIndexOf(':');
      if (colon > 0) {
        try {
          checkOne(a, a.substring(0, colon), Integer.parseInt(a.substring(colon + 1)), protocol);
        } catch (NumberFormatException e) {
          throw new KafkaLoadConfigException(
              "Kafka bootstrap address '" + a + "' has no numeric port");
        }
      }
    }
  }

  /**
   * At least one bootstrap host resolves, as Kafka's client needs ("No resolvable bootstrap urls"
   * otherwise): refused naming the hosts, before any client is made.
   */
  static void checkResolves(String bootstrap) {
    List<String> unresolved = new ArrayList<>();
    for (String address : bootstrap.split(",")) {
      String a = address.trim();
      int colon = a.lastIndexOf(':');
      String host = colon > 0 ? a.substring(0, colon) : a;
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      try {
        InetAddress.getAllByName(host);
        return;
      } catch (UnknownHostException e) {
        unresolved.add(host);
      }
    }
    throw refused(
        "Kafka bootstrap '%s': the host%s %s do%s not resolve (UnknownHostException); check"
            + " -Dkafka.bootstrap.servers (or kafka().bootstrapServers(..)) and the DNS",
        bootstrap,
        unresolved.size() == 1 ? "" : "s",
        String.join(", ", unresolved),
        unresolved.size() == 1 ? "es" : "");
  }

  private static void checkOne(String address, String host, int port, String protocol) {
    byte[] answer;
    try (Socket s = new Socket()) {
      try {
        s.connect(new InetSocketAddress(host, port), TIMEOUT_MS);
      } catch (IOException | RuntimeException unreachable) {
        return; // the client's own timeout reports it
      }
      s.setSoTimeout(TIMEOUT_MS);
      s.getOutputStream().write(apiVersionsV0());
      s.getOutputStream().flush();
      answer = new byte[8];
      new DataInputStream(s.getInputStream()).readFully(answer);
    } catch (IOException | RuntimeException silentClosedOrReset) {
      // A TLS listener drops a plaintext request without a word: ask it in TLS.
      if (TlsProbe.speaksTls(host, port, TIMEOUT_MS)) {
        throw notKafka(address, true, new byte[0], protocol);
      }
      return; // not conclusive: the client's own timeout reports it
    }
    ByteBuffer b = ByteBuffer.wrap(answer);
    int size = b.getInt();
    int correlationId = b.getInt();
    if (size >= 4 && size <= MAX_PLAUSIBLE_FRAME && correlationId == CORRELATION_ID) {
      return;
    }
    boolean tls = answer[0] == 0x15 || answer[0] == 0x16; // a TLS alert or handshake record
    throw notKafka(address, tls, answer, protocol);
  }

  private static KafkaLoadConfigException notKafka(
      String address, boolean tls, byte[] answer, String protocol) {
    return refused(
        "Kafka bootstrap '%s' accepts TCP connections but did not answer as a Kafka "
            + "broker %s; security.protocol=%s",
        address,
        tls
            ? "(it speaks TLS: set security.protocol=SSL or SASL_SSL)"
            : "(it answered \"" + printable(answer) + "\"; is it a Kafka listener?)",
        protocol);
  }

  /** An ApiVersions v0 request, length-prefixed: every Kafka broker answers it. */
  private static byte[] apiVersionsV0() {
    byte[] clientId = "kafkaload-probe".getBytes(StandardCharsets.US_ASCII);
    ByteBuffer b = ByteBuffer.allocate(4 + 2 + 2 + 4 + 2 + clientId.length);
    b.putInt(b.capacity() - 4)
        .putShort((short) 18)
        .putShort((short) 0)
        .putInt(CORRELATION_ID)
        .putShort((short) clientId.length)
        .put(clientId);
    return b.array();
  }

  /** The answer's bytes, each one not printable ASCII shown as '.'. */
  private static String printable(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1).replaceAll("[^\\x20-\\x7e]", ".");
  }
}
