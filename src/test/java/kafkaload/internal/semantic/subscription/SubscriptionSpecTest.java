package kafkaload.internal.semantic.subscription;

import static kafkaload.KafkaDsl.kafka;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/**
 * A subscription's consumer properties are judged by Kafka's own ConfigDef when the simulation is
 * built: a value Kafka refuses never reaches the load (there it made no consumer, and the
 * subscription a KO).
 */
class SubscriptionSpecTest {

  @Test
  void aConsumerPropertyKafkaRefusesIsRefusedNamingIt() {
    var e =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> kafka("subs").subscriptions(1, 1).consumerProperty("max.poll.records", "many"));
    assertEquals(
        "Invalid Kafka consumer property: Invalid value many for configuration max.poll.records:"
            + " Not a number of type INT",
        e.getMessage());
  }

  @Test
  void ombDriverConsumerSettingsAreAccepted() {
    SubscriptionSpec spec =
        SubscriptionSpec.of("subs", 1, 1)
            .withConsumerProperty("auto.offset.reset", "earliest")
            .withConsumerProperty("enable.auto.commit", "false")
            .withConsumerProperty("max.partition.fetch.bytes", "10485760");
    assertEquals(
        Map.of(
            "auto.offset.reset",
            "earliest",
            "enable.auto.commit",
            "false",
            "max.partition.fetch.bytes",
            "10485760"),
        spec.consumerProperties());
  }
}
