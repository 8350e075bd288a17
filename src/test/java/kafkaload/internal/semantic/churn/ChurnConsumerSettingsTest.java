package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;
import kafkaload.internal.admin.Connection;
import org.junit.jupiter.api.Test;

class ChurnConsumerSettingsTest {
  private static final ChurnConsumerSettings STATIC =
      new ChurnConsumerSettings(
          "127.0.0.1:9092",
          "orders",
          "g1",
          ChurnProtocol.of("classic-cooperative-static"),
          "g1-consumer-2",
          6_000,
          20_000,
          ChurnConsumerSettings.NO_FILE);

  @Test
  void theArgumentsReadBackAsTheSettings() {
    assertEquals(STATIC, ChurnConsumerSettings.fromArgs(STATIC.toArgs().toArray(String[]::new)));
  }

  @Test
  void theConsumerCommitsItselfUnderItsProtocolsProperties() {
    Properties p = STATIC.consumerProperties();
    assertEquals("false", p.get("enable.auto.commit"));
    assertEquals("g1-consumer-2", p.get("group.instance.id"));
    assertEquals("g1-consumer-2", p.get("client.id"));
    assertEquals("6000", p.get("session.timeout.ms"));
    assertEquals("20000", p.get("max.poll.interval.ms"));
    Properties kip848 =
        new ChurnConsumerSettings(
                "b:1",
                "t",
                "g",
                ChurnProtocol.of("consumer"),
                "c-1",
                6_000,
                20_000,
                ChurnConsumerSettings.NO_FILE)
            .consumerProperties();
    assertEquals("consumer", kip848.get("group.protocol"));
    assertFalse(kip848.containsKey("session.timeout.ms"));
    assertFalse(kip848.containsKey("group.instance.id"));
  }

  /** The run's security settings reach the consumer in a file its owner alone reads. */
  @Test
  void theConnectionsSecuritySettingsGoInAnOwnerOnlyFile() throws Exception {
    Connection plain = new Connection("b:1", Map.of("acks", "all", "linger.ms", 5), 1_000);
    assertEquals(ChurnConsumerSettings.NO_FILE, ChurnConsumerSettings.writeConnectionFile(plain));
    Connection secure =
        new Connection(
            "b:1",
            Map.of(
                "security.protocol", "SASL_SSL",
                "sasl.jaas.config", "x required password=\"s3cret\";",
                "ssl.truststore.location", "/t.jks",
                "acks", "all"),
            1_000);
    Path file = Path.of(ChurnConsumerSettings.writeConnectionFile(secure));
    try {
      assertEquals(
          PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(file));
      ChurnConsumerSettings s =
          new ChurnConsumerSettings(
              "b:1", "t", "g", ChurnProtocol.of("consumer"), "c-1", 6_000, 20_000, file.toString());
      assertFalse(s.toArgs().toString().contains("s3cret"), s.toArgs().toString());
      Properties p = s.consumerProperties();
      assertEquals("SASL_SSL", p.get("security.protocol"));
      assertEquals("x required password=\"s3cret\";", p.get("sasl.jaas.config"));
      assertEquals("/t.jks", p.get("ssl.truststore.location"));
      assertFalse(p.containsKey("acks"), "a producer setting is not the consumer's");
      assertEquals("b:1", p.get("bootstrap.servers"));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void aMissingOrUnknownArgumentIsNamed() {
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> ChurnConsumerSettings.fromArgs(new String[] {"--topic", "t"}));
    assertTrue(missing.getMessage().startsWith("missing --"), missing.getMessage());
    String[] extra = STATIC.toArgs().toArray(new String[STATIC.toArgs().size() + 2]);
    extra[extra.length - 2] = "--colour";
    extra[extra.length - 1] = "red";
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> ChurnConsumerSettings.fromArgs(extra));
    assertEquals("unknown arguments: [colour]", unknown.getMessage());
  }
}
