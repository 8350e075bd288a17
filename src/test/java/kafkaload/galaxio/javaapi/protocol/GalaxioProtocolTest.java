package kafkaload.galaxio.javaapi.protocol;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.Map;
import kafkaload.galaxio.javaapi.KafkaDsl;
import kafkaload.galaxio.javaapi.protocol.BuiltProtocols.Matching;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * galaxio's protocol steps as this project's protocol: settings merged or refused, the timeout and
 * matching carried to its requests, several protocols refused. No broker: nothing here connects.
 */
@Isolated("BuiltProtocols is the JVM's")
class GalaxioProtocolTest {
  private static final Map<String, Object> PRODUCER =
      Map.of("acks", "1", "bootstrap.servers", "localhost:9092");

  @AfterEach
  void forget() {
    BuiltProtocols.forget();
  }

  @Test
  void theConsumersOwnSettingsAreLeftToTheReadersAndTheSharedOnesMustAgree() {
    KafkaProtocolBuilder p =
        KafkaDsl.kafka()
            .producerSettings(PRODUCER)
            .consumeSettings(
                Map.of(
                    "bootstrap.servers", "localhost:9092",
                    "group.id", "g",
                    "auto.offset.reset", "earliest",
                    "enable.auto.commit", "false",
                    "security.protocol", "PLAINTEXT",
                    "isolation.level", "read_committed"))
            .timeout(Duration.ofSeconds(5));
    assertNotNull(p.protocol());
    assertEquals(Matching.KEY, BuiltProtocols.current("test").orElseThrow().matching());

    KafkaLoadConfigException differs =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                KafkaDsl.kafka()
                    .producerSettings(PRODUCER)
                    .consumeSettings(Map.of("bootstrap.servers", "elsewhere:9092")));
    assertTrue(
        differs.getMessage().contains("'bootstrap.servers' differs from producerSettings(..)'s"),
        differs.getMessage());
    KafkaLoadConfigException unknown =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                KafkaDsl.kafka()
                    .producerSettings(PRODUCER)
                    .consumeSettings(Map.of("max.poll.records", "5")));
    assertTrue(unknown.getMessage().contains("'max.poll.records'"), unknown.getMessage());
    assertTrue(unknown.getMessage().endsWith("remove it"), unknown.getMessage());
  }

  @Test
  void aBadIsolationLevelOrTimeoutIsRefusedWhereNamed() {
    assertThrows(
        KafkaLoadConfigException.class,
        () ->
            KafkaDsl.kafka()
                .producerSettings(PRODUCER)
                .consumeSettings(Map.of("isolation.level", "sometimes")));
    assertThrows(
        KafkaLoadConfigException.class,
        () ->
            KafkaDsl.kafka()
                .producerSettings(PRODUCER)
                .consumeSettings(Map.of())
                .timeout(Duration.ZERO));
  }

  @Test
  void matchingAndTheProtocolReachTheRequestsThroughTheBuiltProtocol() {
    KafkaDsl.kafka().properties(PRODUCER).matchByValue().protocol();
    BuiltProtocols.Settings value = BuiltProtocols.current("test").orElseThrow();
    assertEquals(Matching.VALUE, value.matching());
    BuiltProtocols.forget();

    KafkaProtocolBuilderNew tinkoff =
        KafkaDsl.kafka()
            .requestReply()
            .producerSettings(PRODUCER)
            .consumeSettings(Map.of())
            .withDefaultTimeout()
            .matchByMessage(m -> m.key());
    tinkoff.protocol();
    tinkoff.protocol(); // the same protocol twice is one protocol
    BuiltProtocols.Settings message = BuiltProtocols.current("test").orElseThrow();
    assertEquals(Matching.MESSAGE, message.matching());
    assertNotNull(message.extractor());
  }

  @Test
  void severalGalaxioProtocolsInOneRunAreRefused() {
    KafkaDsl.kafka().properties(PRODUCER).protocol();
    KafkaDsl.kafka().topic("t").properties(PRODUCER).protocol();
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> BuiltProtocols.current("'req'"));
    assertTrue(
        e.getMessage().startsWith("'req': this simulation uses 2 galaxio protocols"),
        e.getMessage());
  }

  @Test
  void noGalaxioProtocolLeavesTheProjectsDefaults() {
    assertTrue(BuiltProtocols.current("test").isEmpty());
  }
}
