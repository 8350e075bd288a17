package kafkaload.internal.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Connection: admin and consumer clients get only the security settings plus bootstrap.servers;
 * TopicPlan withers.
 */
class ConnectionTest {
  @Test
  void propertiesKeepOnlySecuritySettingsAndTheBootstrap() {
    Map<String, Object> client = new LinkedHashMap<>();
    client.put("security.protocol", "SASL_SSL");
    client.put("sasl.mechanism", "PLAIN");
    client.put("ssl.truststore.location", "/x/trust.jks");
    client.put("acks", "all");
    client.put("linger.ms", 5);
    client.put("securityx", "no");
    client.put("bootstrap.servers", "ignored:1");
    Properties p = new Connection("broker:9092", client, 1000).properties();
    Properties expected = new Properties();
    expected.put("security.protocol", "SASL_SSL");
    expected.put("sasl.mechanism", "PLAIN");
    expected.put("ssl.truststore.location", "/x/trust.jks");
    expected.put("bootstrap.servers", "broker:9092");
    assertEquals(expected, p);
  }

  @Test
  void aNullNonSecurityValueIsDroppedQuietly() {
    Map<String, Object> client = new HashMap<>();
    client.put("acks", null);
    client.put("sasl.mechanism", "SCRAM-SHA-512");
    Properties p = new Connection("b:1", client, 1).properties();
    assertEquals(2, p.size());
    assertEquals("SCRAM-SHA-512", p.get("sasl.mechanism"));
  }

  @Test
  void isSecuritySettingLooksAtThePrefixWithItsDot() {
    assertTrue(Connection.isSecuritySetting("security.protocol"));
    assertTrue(Connection.isSecuritySetting("sasl.jaas.config"));
    assertTrue(Connection.isSecuritySetting("ssl.keystore.password"));
    assertFalse(Connection.isSecuritySetting("sasl"));
    assertFalse(Connection.isSecuritySetting("sslx.y"));
    assertFalse(Connection.isSecuritySetting("client.ssl.x"));
  }

  @Test
  void theClientPropertiesAreACopyAndReadOnly() {
    Map<String, Object> client = new HashMap<>(Map.of("ssl.x", "1"));
    Connection c = new Connection("b:1", client, 5);
    client.put("ssl.y", "2");
    assertEquals(Map.of("ssl.x", "1"), c.clientProperties());
    assertThrows(UnsupportedOperationException.class, () -> c.clientProperties().put("a", "b"));
    assertEquals(5, c.timeoutMs());
  }

  @Test
  void topicPlanWithersKeepTheOtherFields() {
    TopicPlan p =
        TopicPlan.DEFAULT
            .withConcurrency(8, true)
            .withBootstrapTimeoutMs(2500)
            .withMinInsyncReplicas(2)
            .withCreate(32, (short) 3);
    assertEquals(new TopicPlan(true, 32, (short) 3, 8, true, 2500, 2), p);
    assertEquals(new TopicPlan(false, 16, (short) 1, 1, false, 10_000, 0), TopicPlan.DEFAULT);
    assertEquals(
        new TopicPlan(false, 1, (short) 1, 1, false, 2500, 0),
        p.existing(),
        "existing(): only the bootstrap timeout survives");
  }
}
