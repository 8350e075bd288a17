package kafkaload.internal.admin;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.KafkaException;

/**
 * Where and how every client of a run connects: the bootstrap servers, the client properties (the
 * producers'; of them, admin and consumer clients take only security.*, sasl.* and ssl.*), and how
 * long the cluster gets to answer.
 *
 * @param bootstrap bootstrap.servers
 * @param clientProperties the producers' properties, security settings included; never
 *     bootstrap.servers
 * @param timeoutMs how long the bootstrap servers get to answer an admin call
 */
public record Connection(String bootstrap, Map<String, Object> clientProperties, long timeoutMs) {

  public Connection {
    clientProperties = Collections.unmodifiableMap(new LinkedHashMap<>(clientProperties));
  }

  /** security.*, sasl.* and ssl.* settings: how to connect, as opposed to how to produce. */
  public static boolean isSecuritySetting(String key) {
    return key.startsWith("security.") || key.startsWith("sasl.") || key.startsWith("ssl.");
  }

  /** bootstrap.servers and the security settings: the base of an admin or consumer client. */
  public Properties properties() {
    Properties p = new Properties();
    clientProperties.entrySet().stream()
        .filter(e -> isSecuritySetting(e.getKey()))
        .forEach(e -> p.put(e.getKey(), e.getValue()));
    p.put("bootstrap.servers", bootstrap);
    return p;
  }

  /** An AdminClient timing out after {@link #timeoutMs}; bootstrap probed first (KAFKA-4090). */
  public Admin admin() {
    Properties c = properties();
    c.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) Math.max(timeoutMs, 1000));
    c.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.max(timeoutMs, 1000));
    c.put(AdminClientConfig.CLIENT_ID_CONFIG, "kafkaload-preflight");
    BootstrapProbe.check(bootstrap, c.get(AdminClientConfig.SECURITY_PROTOCOL_CONFIG));
    try {
      return Admin.create(c);
    } catch (KafkaException e) {
      String login = SecurityFailure.describeLogin(e, bootstrap, clientProperties);
      if (login != null) {
        throw new KafkaLoadConfigException(login);
      }
      // For example a keystore that does not open: the reason is at the end of the chain, the file
      // at its middle.
      throw new KafkaLoadConfigException(
          "Cannot create a Kafka client for '" + bootstrap + "': " + Preflight.messages(e));
    }
  }
}
