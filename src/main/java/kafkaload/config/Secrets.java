package kafkaload.config;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Masks secret-bearing Kafka properties before anything is printed or written. */
public final class Secrets {
  public static final String MASK = "******";

  private Secrets() {}

  public static boolean isSecret(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    return k.contains("password") || k.contains("secret") || k.contains("jaas") || k.endsWith(".key")
        || k.contains("token") || k.contains("credential");
  }

  /** A sorted copy with every secret value replaced by {@link #MASK}. */
  public static Map<String, String> masked(Map<String, ?> props) {
    Map<String, String> out = new TreeMap<>();
    props.forEach((k, v) -> out.put(k, isSecret(k) ? MASK : String.valueOf(v)));
    return out;
  }
}
