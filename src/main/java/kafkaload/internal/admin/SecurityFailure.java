package kafkaload.internal.admin;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.util.Map;
import java.util.function.Predicate;
import kafkaload.internal.config.ClientSecurity;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;

/**
 * Turns a failed SASL login or TLS handshake into one line that says what to fix, naming the user
 * or the store involved (never a secret), instead of the JSSE exception chain.
 */
final class SecurityFailure {
  private SecurityFailure() {}

  static String describe(AuthenticationException e, String bootstrap, Map<String, ?> props) {
    if (e instanceof SaslAuthenticationException) {
      return "SASL authentication failed for user '"
          + ClientSecurity.username(props)
          + "' on "
          + bootstrap
          + " ("
          + props.get(ClientSecurity.SASL_MECHANISM)
          + "): "
          + e.getMessage()
          + ". Check the user name and password";
    }
    if (!(e instanceof SslAuthenticationException)) {
      return "Authentication failed on " + bootstrap + ": " + Preflight.rootMessage(e);
    }
    String root = innermost(e);
    String prefix = "TLS handshake failed on " + bootstrap + ": ";
    if (anyCause(
        e,
        c ->
            c instanceof CertPathBuilderException
                || c instanceof CertPathValidatorException
                || String.valueOf(c.getMessage()).contains("PKIX path"))) {
      Object store = props.get("ssl.truststore.location");
      return prefix
          + "the broker's certificate is not trusted by "
          + (store != null
              ? "ssl.truststore.location=" + store
              : "the JVM's default truststore (no ssl.truststore.location set)")
          + " ("
          + root
          + ")";
    }
    if (anyCause(
        e,
        c ->
            String.valueOf(c.getMessage())
                .matches("(?s).*(No subject alternative|No name matching).*"))) {
      return prefix
          + "the broker's certificate does not name the host it was reached at (hostname verification, "
          + "ssl.endpoint.identification.algorithm) ("
          + root
          + ")";
    }
    if (anyCause(
        e,
        c ->
            String.valueOf(c.getMessage())
                .matches("(?s).*(certificate_required|bad_certificate|unknown_ca).*"))) {
      Object store = props.get("ssl.keystore.location");
      return prefix
          + "the broker rejected this client's certificate ("
          + (store != null
              ? "ssl.keystore.location=" + store
              : "no ssl.keystore.location set, and the broker requires a client certificate (mTLS)")
          + ") ("
          + root
          + ")";
    }
    return prefix + root;
  }

  /**
   * Kafka wraps the JSSE reason ("PKIX path building failed", "Received fatal alert: ...") a few
   * levels down.
   */
  private static String innermost(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) {
      c = c.getCause();
    }
    return c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage());
  }

  private static boolean anyCause(Throwable t, Predicate<Throwable> test) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (test.test(c)) {
        return true;
      }
    }
    return false;
  }
}
