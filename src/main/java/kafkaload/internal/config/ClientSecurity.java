package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;
import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Kafka client security settings (SASL PLAIN, SCRAM, TLS stores) by Kafka's names, for the typed
 * helpers and the -D / environment layer. Secrets come from the environment or the client
 * properties file only.
 */
public final class ClientSecurity {
  public static final String SASL_PASSWORD_ENV = "KAFKA_SASL_PASSWORD";
  public static final String TRUSTSTORE_PASSWORD_ENV = "KAFKA_SSL_TRUSTSTORE_PASSWORD";
  public static final String KEYSTORE_PASSWORD_ENV = "KAFKA_SSL_KEYSTORE_PASSWORD";
  public static final String KEY_PASSWORD_ENV = "KAFKA_SSL_KEY_PASSWORD";

  public static final String SECURITY_PROTOCOL = "security.protocol";
  public static final String SASL_MECHANISM = "sasl.mechanism";
  public static final String SASL_JAAS_CONFIG = "sasl.jaas.config";

  /** Not a Kafka property: the -D naming the SASL user (sasl.jaas.config, env password). */
  public static final String SASL_USERNAME = "sasl.username";

  private static final List<String> MECHANISMS = List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");

  /** Secret-bearing settings refused as -D, with where they may come from instead. */
  private static final Map<String, String> SECRET_PROPERTIES =
      Map.ofEntries(
          Map.entry("sasl.password", SASL_PASSWORD_ENV),
          Map.entry(SASL_JAAS_CONFIG, SASL_PASSWORD_ENV + " with -D" + SASL_USERNAME),
          Map.entry("ssl.truststore.password", TRUSTSTORE_PASSWORD_ENV),
          Map.entry("ssl.keystore.password", KEYSTORE_PASSWORD_ENV),
          Map.entry("ssl.key.password", KEY_PASSWORD_ENV),
          Map.entry(SaslLogins.CLIENT_SECRET, SaslLogins.OAUTH_CLIENT_SECRET_ENV),
          Map.entry("sasl.oauthbearer.assertion.private.key.passphrase", "the properties file"),
          Map.entry("basic.auth.user.info", "SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO"),
          Map.entry("bearer.auth.client.secret", "SCHEMA_REGISTRY_BEARER_AUTH_CLIENT_SECRET"),
          Map.entry("bearer.auth.token", "the properties file"),
          Map.entry(
              "schema.registry.ssl.truststore.password", "SCHEMA_REGISTRY_SSL_TRUSTSTORE_PASSWORD"),
          Map.entry(
              "schema.registry.ssl.keystore.password", "SCHEMA_REGISTRY_SSL_KEYSTORE_PASSWORD"),
          Map.entry("schema.registry.ssl.key.password", "SCHEMA_REGISTRY_SSL_KEY_PASSWORD"));

  private ClientSecurity() {}

  /** Security settings and which layers (SASL, TLS) they add to security.protocol. */
  public record Settings(Map<String, String> properties, boolean sasl, boolean tls) {}

  /** sasl.mechanism and sasl.jaas.config for PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512. */
  public static Map<String, String> sasl(String mechanism, String username, String password) {
    String m = mechanism == null ? "" : mechanism.trim().toUpperCase(Locale.ROOT);
    if (!MECHANISMS.contains(m)) {
      throw refused(
          "SASL mechanism '%s' is not one of %s (OAUTHBEARER, GSSAPI and AWS_MSK_IAM have their own"
              + " helpers and -D settings; any other: sasl.mechanism and sasl.jaas.config in the"
              + " client properties file)",
          mechanism, MECHANISMS);
    }
    refuseIf(username == null || username.isBlank(), "SASL " + m + ": the user name is empty");
    if (password == null || password.isEmpty()) {
      throw refused("SASL %s for user '%s': the password is empty", m, username);
    }
    String module =
        m.equals("PLAIN")
            ? "org.apache.kafka.common.security.plain.PlainLoginModule"
            : "org.apache.kafka.common.security.scram.ScramLoginModule";
    return ClientProperties.present(
        SASL_MECHANISM,
        m,
        SASL_JAAS_CONFIG,
        "%s required username=\"%s\" password=\"%s\";"
            .formatted(module, jaasQuote(username), jaasQuote(password)));
  }

  /** {@link #sasl} for SCRAM-SHA-256 or SCRAM-SHA-512 only, as the DSL's saslScram(..) asks. */
  public static Map<String, String> scram(String mechanism, String username, String password) {
    if (mechanism == null || !mechanism.trim().toUpperCase(Locale.ROOT).startsWith("SCRAM-")) {
      throw refused("saslScram: mechanism '%s' is not SCRAM-SHA-256 or SCRAM-SHA-512", mechanism);
    }
    return sasl(mechanism, username, password);
  }

  /** ssl.truststore.*: the CAs the broker's certificate must chain to; the password may be null. */
  public static Map<String, String> truststore(String location, String password) {
    return store("truststore", location, "ssl.truststore.password", password);
  }

  /** ssl.keystore.*: this client's certificate and key, for brokers requiring mTLS. */
  public static Map<String, String> keystore(String location, String password, String keyPassword) {
    if (password == null || password.isEmpty()) {
      throw refused("ssl.keystore.location=%s needs the keystore's password", location);
    }
    return store(
        "keystore", location, "ssl.keystore.password", password, "ssl.key.password", keyPassword);
  }

  /**
   * ssl.{@code kind}.location (an existing file) and .type, then the passwords that are set (key,
   * value pairs). Kafka's default store type is JKS: PKCS12 and PEM files are typed by their
   * extension.
   */
  private static Map<String, String> store(String kind, String location, String... passwords) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("ssl." + kind + ".location", existingFile("ssl." + kind + ".location", location));
    String l = location.toLowerCase(Locale.ROOT);
    if (l.endsWith(".p12") || l.endsWith(".pfx")) {
      p.put("ssl." + kind + ".type", "PKCS12");
    } else if (l.endsWith(".pem")) {
      p.put("ssl." + kind + ".type", "PEM");
    }
    p.putAll(ClientProperties.present(passwords));
    return p;
  }

  /** security.protocol once SASL and/or TLS are added: layers are only ever added. */
  public static String protocol(Object current, boolean sasl, boolean tls) {
    String c = current == null ? null : String.valueOf(current).trim().toUpperCase(Locale.ROOT);
    boolean s = sasl || c != null && c.startsWith("SASL_");
    boolean t = tls || "SSL".equals(c) || "SASL_SSL".equals(c);
    if (!s && !t) {
      return c;
    }
    return s ? (t ? "SASL_SSL" : "SASL_PLAINTEXT") : "SSL";
  }

  /**
   * The -D layer through {@code property} and {@code env}: -Dsecurity.protocol, -Dsasl.mechanism,
   * -Dsasl.username (KAFKA_SASL_PASSWORD), -Dssl.truststore.location and -Dssl.keystore.location
   * (their KAFKA_SSL_* passwords). A secret given as -D is refused.
   */
  public static Settings from(Function<String, String> property, Function<String, String> env) {
    SECRET_PROPERTIES.forEach(
        (key, instead) ->
            refuseIf(
                property.apply(key) != null,
                ("-D%s is refused: secrets never come from -D properties (they show in the process"
                        + " list and build logs); use %s or the -Dkafka.client.config file")
                    .formatted(key, instead)));
    Map<String, String> p =
        ClientProperties.present(SECURITY_PROTOCOL, property.apply(SECURITY_PROTOCOL));
    String mechanism = property.apply(SASL_MECHANISM);
    String user = property.apply(SASL_USERNAME);
    if (user != null) {
      if (mechanism == null) {
        throw refused(
            "-D%s=%s needs -D%s (one of %s)", SASL_USERNAME, user, SASL_MECHANISM, MECHANISMS);
      }
      p.putAll(
          sasl(mechanism, user, Secrets.require(SASL_PASSWORD_ENV, env.apply(SASL_PASSWORD_ENV))));
    } else if (mechanism != null) {
      // OAUTHBEARER, GSSAPI and AWS_MSK_IAM have -D settings of their own; otherwise the JAAS
      // config (with the password) comes from the properties file.
      p.put(SASL_MECHANISM, mechanism);
      p.putAll(SaslLogins.fromProperties(mechanism, property, env));
    }
    String trust = property.apply("ssl.truststore.location");
    if (trust != null) {
      p.putAll(truststore(trust, env.apply(TRUSTSTORE_PASSWORD_ENV)));
    }
    String keys = property.apply("ssl.keystore.location");
    if (keys != null) {
      p.putAll(
          keystore(
              keys,
              Secrets.require(KEYSTORE_PASSWORD_ENV, env.apply(KEYSTORE_PASSWORD_ENV)),
              env.apply(KEY_PASSWORD_ENV)));
    }
    // MSK serves IAM over TLS only, with certificates the JVM's default truststore trusts.
    boolean iam = mechanism != null && SaslLogins.AWS_MSK_IAM.equalsIgnoreCase(mechanism.trim());
    return new Settings(p, mechanism != null, trust != null || keys != null || iam);
  }

  /** The SASL user of the JAAS config, for error messages (not a secret), or null. */
  public static String username(Map<String, ?> props) {
    return SaslLogins.jaasOption(props, "username");
  }

  /**
   * Kafka parses JAAS values with a StreamTokenizer, which reads backslash escapes inside quotes.
   */
  static String jaasQuote(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  private static String existingFile(String property, String location) {
    refuseIf(location == null || location.isBlank(), property + " is empty");
    if (!Files.isRegularFile(Paths.get(location))) {
      throw new KafkaLoadConfigException(property + "=" + location + ": no such file");
    }
    return location;
  }
}
