package kafkaload.internal.admin;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.security.auth.login.LoginException;
import kafkaload.internal.config.ClientSecurity;
import kafkaload.internal.config.SaslLogins;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;

/** A failed SASL login or TLS handshake as one line saying what to fix (never a secret). */
final class SecurityFailure {
  private SecurityFailure() {}

  static String describe(AuthenticationException e, String bootstrap, Map<String, ?> props) {
    String mechanism = String.valueOf(props.get(ClientSecurity.SASL_MECHANISM));
    if (e instanceof SaslAuthenticationException && mechanism.equals(SaslLogins.OAUTHBEARER)) {
      return oneLine(
          String.format(
              "SASL/OAUTHBEARER authentication failed on %s for client '%s': the broker refused"
                  + " the token from %s (%s). An expired token, or one whose audience, issuer or"
                  + " signing key the broker does not accept (its sasl.oauthbearer.expected.* and"
                  + " JWKS settings)",
              bootstrap,
              props.get(SaslLogins.CLIENT_ID),
              props.get(SaslLogins.TOKEN_ENDPOINT_URL),
              e.getMessage()));
    }
    if (e instanceof SaslAuthenticationException && mechanism.equals(SaslLogins.GSSAPI)) {
      String principal = SaslLogins.jaasOption(props, "principal");
      return oneLine(
          "SASL/GSSAPI authentication failed on %s for principal '%s': %s (%s)"
              .formatted(bootstrap, principal, kerberosHint(e, props), innermost(e)));
    }
    if (e instanceof SaslAuthenticationException) {
      return String.format(
          "SASL authentication failed for user '%s' on %s (%s): %s. Check the user name and "
              + "password",
          ClientSecurity.username(props),
          bootstrap,
          props.get(ClientSecurity.SASL_MECHANISM),
          e.getMessage());
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
      return String.format(
          "%sthe broker's certificate is not trusted by %s (%s)",
          prefix,
          (store != null
              ? "ssl.truststore.location=" + store
              : "the JVM's default truststore (no ssl.truststore.location set)"),
          root);
    }
    if (anyMessage(e, "(?s).*(No subject alternative|No name matching).*")) {
      return prefix
          + ("the broker's certificate does not name the host it was reached at (hostname"
                  + " verification, ssl.endpoint.identification.algorithm) (%s)")
              .formatted(root);
    }
    if (anyMessage(e, "(?s).*(certificate_required|bad_certificate|unknown_ca).*")) {
      Object store = props.get("ssl.keystore.location");
      return String.format(
          "%sthe broker rejected this client's certificate (%s) (%s)",
          prefix,
          (store != null
              ? "ssl.keystore.location=" + store
              : "no ssl.keystore.location set, and the broker requires a client certificate (mTLS)"),
          root);
    }
    return prefix + root;
  }

  /** A failed login before connecting, as one line; null for other failures. */
  static String describeLogin(Throwable e, String bootstrap, Map<String, ?> props) {
    return anyCause(e, LoginException.class::isInstance)
        ? oneLine(login(e, bootstrap, props))
        : null;
  }

  private static String oneLine(String s) {
    return s.replaceAll("\\s*\\R\\s*", " ").trim();
  }

  private static String login(Throwable e, String bootstrap, Map<String, ?> props) {
    String mechanism = String.valueOf(props.get(ClientSecurity.SASL_MECHANISM));
    String all = Preflight.messages(e);
    if (mechanism.equals(SaslLogins.OAUTHBEARER)) {
      Object url = props.get(SaslLogins.TOKEN_ENDPOINT_URL);
      Object client = props.get(SaslLogins.CLIENT_ID);
      String prefix =
          "SASL/OAUTHBEARER login failed before connecting to %s: the token endpoint %s"
              .formatted(bootstrap, url);
      Matcher refused = TOKEN_REFUSED.matcher(all);
      if (refused.find()) {
        String code = refused.group(1);
        return String.format(
            "%s refused client '%s' (%s %s)%s",
            prefix,
            client,
            code,
            refused.group(2),
            (code.equals("401") || code.equals("400")
                ? String.format(
                    ". Check %s and the client secret (%s or %s in the properties file)",
                    SaslLogins.CLIENT_ID,
                    SaslLogins.OAUTH_CLIENT_SECRET_ENV,
                    SaslLogins.CLIENT_SECRET)
                : ""));
      }
      // Kafka passes the I/O failure on as text: "...KafkaException: java.net.ConnectException:
      // ..."
      Matcher io = UNREACHABLE.matcher(all);
      if (io.find()) {
        return "%s is unreachable (%s), retried for sasl.login.retry.backoff.max.ms. Check %s"
            .formatted(prefix, io.group(1), SaslLogins.TOKEN_ENDPOINT_URL);
      }
      return prefix + " gave no usable token for client '" + client + "': " + innermost(e);
    }
    if (mechanism.equals(SaslLogins.GSSAPI)) {
      String principal = SaslLogins.jaasOption(props, "principal");
      String keytab = SaslLogins.jaasOption(props, "keyTab");
      return String.format(
          "SASL/GSSAPI (Kerberos) login failed before connecting to %s for principal '%s'%s: "
              + "%s (%s)",
          bootstrap,
          principal,
          (keytab != null ? " with the keytab " + keytab : " from the ticket cache"),
          kerberosHint(e, props),
          innermost(e));
    }
    return "SASL " + mechanism + " login failed before connecting to " + bootstrap + ": " + all;
  }

  /** Kafka retries some Kerberos failures until the timeout: says where to look. */
  static String retriedLoginHint(Map<String, ?> props) {
    if (!SaslLogins.GSSAPI.equals(String.valueOf(props.get(ClientSecurity.SASL_MECHANISM)))) {
      return "";
    }
    return String.format(
        ". With SASL/GSSAPI, Kafka retries a service ticket the KDC refuses until this "
            + "timeout: check %s=%s (the KDC must know <service name>/<broker host>) and that the "
            + "bootstrap names the brokers by the host names in their principals",
        SaslLogins.KERBEROS_SERVICE_NAME, props.get(SaslLogins.KERBEROS_SERVICE_NAME));
  }

  private static final Pattern UNREACHABLE =
      Pattern.compile(
          "java\\.(?:net|net\\.http)\\.((?:Connect|UnknownHost|SocketTimeout|NoRouteToHost|HttpTimeout|HttpConnectTimeout)"
              + "Exception(?:: [^:\\n]*)?)");

  private static final Pattern TOKEN_REFUSED =
      Pattern.compile("response code (\\d+) and error response (\\{[^}]*\\}|\\S+)");

  /** What a Kerberos failure means, from the KDC's or the JDK's reason. */
  private static String kerberosHint(Throwable e, Map<String, ?> props) {
    String all = Preflight.messages(e);
    String krb5 = System.getProperty(SaslLogins.KRB5_CONF);
    String conf =
        krb5 != null ? SaslLogins.KRB5_CONF + "=" + krb5 : "the default krb5.conf (/etc/krb5.conf)";
    if (all.contains("Clock skew too great")) {
      return "this machine's clock and the KDC's differ by more than the allowed skew (5 minutes by "
          + "default): synchronise the clock (NTP)";
    }
    if (all.contains("Client not found in Kerberos database")) {
      return "the KDC does not know this principal: check the principal's name and realm";
    }
    if (all.contains("Unable to obtain password from user")
        || all.contains("being asked for a password")) {
      return "the keytab holds no key for this principal (or, without a keytab, the ticket cache "
          + "holds no ticket: run kinit): check the principal's name and realm against the keytab";
    }
    if (all.contains("Pre-authentication information was invalid")
        || all.contains("Integrity check on decrypted field failed")) {
      return "the KDC refused the pre-authentication: the keytab is out of date for this principal "
          + "(exported before its key was changed), or this machine's clock is off (some KDCs, "
          + "Kerby among them, report a skewed clock so)";
    }
    if (all.contains("Server not found in Kerberos database")) {
      return ("the KDC knows no service principal %s/<broker host>: check %s and that the bootstrap"
              + " names the brokers by the host names in their principals")
          .formatted(props.get(SaslLogins.KERBEROS_SERVICE_NAME), SaslLogins.KERBEROS_SERVICE_NAME);
    }
    if (all.matches(
        "(?s).*(Cannot locate KDC|Cannot get kdc|Receive timed out|Connection refused"
            + "|Cannot locate default realm).*")) {
      return "no KDC answered for the realm: check " + conf;
    }
    return "check the principal, the keytab and " + conf;
  }

  /** Kafka wraps the JSSE reason ("PKIX path building failed", ...) a few levels down. */
  private static String innermost(Throwable t) {
    Throwable c = Preflight.causes(t).reduce((outer, inner) -> inner).orElseThrow();
    return c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage());
  }

  private static boolean anyMessage(Throwable t, String regex) {
    return anyCause(t, c -> String.valueOf(c.getMessage()).matches(regex));
  }

  private static boolean anyCause(Throwable t, Predicate<Throwable> test) {
    return Preflight.causes(t).anyMatch(test);
  }
}
