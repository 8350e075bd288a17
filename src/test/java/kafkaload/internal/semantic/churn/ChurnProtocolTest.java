package kafkaload.internal.semantic.churn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.churn.ChurnProtocol.Kind;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.GroupProtocol;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

class ChurnProtocolTest {
  @Test
  void theDefaultComparesTheThreeProtocols() {
    assertEquals(
        List.of(
            new ChurnProtocol(Kind.CLASSIC_EAGER, false),
            new ChurnProtocol(Kind.CLASSIC_COOPERATIVE, false),
            new ChurnProtocol(Kind.CONSUMER, false)),
        ChurnProtocol.parseList(""));
    assertEquals(ChurnProtocol.parseList(null), ChurnProtocol.parseList(ChurnProtocol.DEFAULT));
  }

  @Test
  void namesAndStaticVariantsParseInTheOrderWritten() {
    List<ChurnProtocol> p =
        ChurnProtocol.parseList("consumer-static, CLASSIC-EAGER,classic-cooperative-static");
    assertEquals(
        List.of("consumer-static", "classic-eager", "classic-cooperative-static"),
        p.stream().map(ChurnProtocol::name).toList());
    assertTrue(p.get(0).staticMembership());
    assertFalse(p.get(1).staticMembership());
  }

  @Test
  void eachProtocolGivesKafkasOwnProperties() {
    assertEquals(
        Map.of(
            "group.protocol",
            "classic",
            "partition.assignment.strategy",
            "org.apache.kafka.clients.consumer.RangeAssignor"),
        ChurnProtocol.of("classic-eager").properties("ignored"));
    assertEquals(
        Map.of(
            "group.protocol",
            "classic",
            "partition.assignment.strategy",
            "org.apache.kafka.clients.consumer.CooperativeStickyAssignor",
            "group.instance.id",
            "g-1"),
        ChurnProtocol.of("classic-cooperative-static").properties("g-1"));
    assertEquals(
        Map.of("group.protocol", "consumer"), ChurnProtocol.of("consumer").properties("ignored"));
    assertEquals(
        Map.of("group.protocol", "consumer", "group.instance.id", "g-2"),
        ChurnProtocol.of("consumer-static").properties("g-2"));
    assertThrows(
        IllegalArgumentException.class, () -> ChurnProtocol.of("consumer-static").properties(""));
  }

  @Test
  void theSessionTimeoutIsTheClientsUnderClassicOnly() {
    assertEquals(
        Map.of("session.timeout.ms", "6000", "heartbeat.interval.ms", "2000"),
        ChurnProtocol.of("classic-eager").sessionTimeout(6_000));
    assertEquals(
        "3000",
        ChurnProtocol.of("classic-eager").sessionTimeout(45_000).get("heartbeat.interval.ms"));
    assertEquals(Map.of(), ChurnProtocol.of("consumer-static").sessionTimeout(6_000));
  }

  /** Every protocol's properties, with its session timeout, pass Kafka 4.4's consumer config. */
  @Test
  void kafkasConsumerConfigAcceptsEveryProtocolsProperties() {
    for (String name : ChurnProtocol.names()) {
      ChurnProtocol p = ChurnProtocol.of(name);
      Map<String, Object> props = base();
      props.putAll(p.properties("instance-1"));
      props.putAll(p.sessionTimeout(6_000));
      ConsumerConfig config = new ConsumerConfig(props);
      assertEquals(
          p.groupProtocol(),
          GroupProtocol.valueOf(
              config.getString(ConsumerConfig.GROUP_PROTOCOL_CONFIG).toUpperCase()),
          name);
    }
  }

  /**
   * Why the consumer protocol sets no assignor nor session timeout: Kafka 4.4's consumer refuses
   * them under group.protocol=consumer. Fails, telling us, if a Kafka upgrade accepts them.
   */
  @Test
  void kafkaRefusesClassicOnlyPropertiesUnderTheConsumerProtocol() {
    for (Map.Entry<String, String> classicOnly :
        Map.of(
                "partition.assignment.strategy",
                "org.apache.kafka.clients.consumer.RangeAssignor",
                "session.timeout.ms",
                "6000",
                "heartbeat.interval.ms",
                "2000")
            .entrySet()) {
      Map<String, Object> props = base();
      props.put("group.protocol", "consumer");
      props.put(classicOnly.getKey(), classicOnly.getValue());
      ConfigException e = assertThrows(ConfigException.class, () -> new ConsumerConfig(props));
      assertTrue(e.getMessage().contains(classicOnly.getKey()), e.getMessage());
    }
  }

  @Test
  void anUnknownOrRepeatedNameIsRefusedWithTheValidOnes() {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class, () -> ChurnProtocol.parseList("classic,consumer"));
    assertEquals(
        "-Dchurn.protocols: 'classic' is not a group protocol; write one or more of "
            + "classic-eager, classic-cooperative, consumer, classic-eager-static, "
            + "classic-cooperative-static, consumer-static separated by commas",
        e.getMessage());
    assertThrows(KafkaLoadConfigException.class, () -> ChurnProtocol.parseList("consumer,"));
    assertThrows(KafkaLoadConfigException.class, () -> ChurnProtocol.of("static"));
    KafkaLoadConfigException twice =
        assertThrows(
            KafkaLoadConfigException.class, () -> ChurnProtocol.parseList("consumer,Consumer"));
    assertEquals(
        "-Dchurn.protocols: 'consumer' is named twice; name each protocol once",
        twice.getMessage());
  }

  private static Map<String, Object> base() {
    Map<String, Object> props = new HashMap<>();
    props.put("bootstrap.servers", "localhost:9092");
    props.put("group.id", "churn");
    props.put("key.deserializer", ByteArrayDeserializer.class.getName());
    props.put("value.deserializer", ByteArrayDeserializer.class.getName());
    return props;
  }
}
