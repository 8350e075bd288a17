package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Masks secret-bearing Kafka properties before anything is printed or written. */
public final class Secrets {
  public static final String MASK = "******";

  private Secrets() {}

  public static boolean isSecret(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    // Named after a secret's kind but not secrets: sasl.oauthbearer.token.endpoint.url,
    // sasl.oauthbearer.client.credentials.client.id.
    if (k.endsWith("endpoint.url") || k.endsWith("client.id")) {
      return false;
    }
    return k.contains("password")
        || k.contains("passphrase")
        || k.contains("secret")
        || k.contains("jaas")
        || k.endsWith(".key")
        || k.contains("token")
        || k.contains("credential")
        || k.endsWith("user.info");
  }

  /** A secret from the environment (code and -D would show in build logs and process lists). */
  public static String env(String name) {
    return require(name, HostEnvironment.get(name));
  }

  /** {@code value}, environment variable {@code name}: unset or empty is env(name)'s error. */
  public static String require(String name, String value) {
    if (value == null || value.isEmpty()) {
      throw refused(
          "The environment variable %s is not set; it must hold the secret (secrets come from the"
              + " environment or the -Dkafka.client.config file, never from code or -D)",
          name);
    }
    return value;
  }

  /** A sorted copy with every secret value replaced by {@link #MASK}. */
  public static Map<String, String> masked(Map<String, ?> props) {
    Map<String, String> out = new TreeMap<>();
    props.forEach((k, v) -> out.put(k, isSecret(k) ? MASK : String.valueOf(v)));
    return out;
  }
}
