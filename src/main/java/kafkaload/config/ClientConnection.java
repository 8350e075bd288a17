package kafkaload.config;

import java.util.Map;
import java.util.Properties;

/**
 * What every client of the run (preflight's AdminClient, the read-back, consume readers, consumer-throughput
 * consumers) takes from the producers' configuration to reach the same cluster the same way.
 */
public final class ClientConnection {
  private ClientConnection() {}

  /** security.*, sasl.* and ssl.* settings: how to connect, as opposed to how to produce. */
  public static boolean isSecuritySetting(String key) {
    return key.startsWith("security.") || key.startsWith("sasl.") || key.startsWith("ssl.");
  }

  /** bootstrap.servers plus the producers' security settings; add the client's own settings to it. */
  public static Properties of(String bootstrap, Map<String, Object> producerProperties) {
    Properties p = new Properties();
    producerProperties.forEach((k, v) -> {
      if (isSecuritySetting(k)) {
        p.put(k, v);
      }
    });
    p.put("bootstrap.servers", bootstrap);
    return p;
  }
}
