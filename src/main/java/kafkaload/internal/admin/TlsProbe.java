package kafkaload.internal.admin;

import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;

/**
 * Whether an address that dropped a plaintext request speaks TLS: a TLS handshake, its certificate
 * taken unseen, since only the answer's kind matters here (no byte of the run ever goes over this
 * socket), so a plaintext client on a TLS port is named as such instead of timing out.
 */
final class TlsProbe {
  private TlsProbe() {}

  static boolean speaksTls(String host, int port, int timeoutMs) {
    SSLContext context;
    try {
      context = SSLContext.getInstance("TLS");
      // Takes any certificate: the probe sends nothing, it only learns that the peer speaks TLS.
      context.init(null, InsecureTrustManagerFactory.INSTANCE.getTrustManagers(), null);
    } catch (GeneralSecurityException e) {
      return false;
    }
    try (SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket()) {
      s.connect(new InetSocketAddress(host, port), timeoutMs);
      s.setSoTimeout(timeoutMs);
      s.startHandshake();
      return true;
    } catch (SSLException e) {
      // A TLS server that wants a client certificate answers with a certificate alert.
      String m = String.valueOf(e.getMessage());
      return m.contains("certificate") || m.contains("bad_certificate");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
