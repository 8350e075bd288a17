package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
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
          20_000);

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
                "b:1", "t", "g", ChurnProtocol.of("consumer"), "c-1", 6_000, 20_000)
            .consumerProperties();
    assertEquals("consumer", kip848.get("group.protocol"));
    assertFalse(kip848.containsKey("session.timeout.ms"));
    assertFalse(kip848.containsKey("group.instance.id"));
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
