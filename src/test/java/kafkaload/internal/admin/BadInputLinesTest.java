package kafkaload.internal.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/** Bad input that needs no broker to be refused: each one line, before any client is made. */
class BadInputLinesTest {
  @Test
  void aBootstrapHostThatDoesNotResolveIsNamed() {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> new Connection("no-such-broker.invalid:9092", Map.of(), 1000).admin());
    assertEquals(
        "Kafka bootstrap 'no-such-broker.invalid:9092': the host no-such-broker.invalid does not"
            + " resolve (UnknownHostException); check -Dkafka.bootstrap.servers (or"
            + " kafka().bootstrapServers(..)) and the DNS",
        e.getMessage());
    // One resolvable host of several is enough for Kafka's client: no refusal here.
    BootstrapProbe.checkResolves("no-such-broker.invalid:9092, 127.0.0.1:9092");
  }

  @Test
  void replicationAboveTheBrokersIsRefusedNamingTheKnob() {
    TopicPlan plan = new TopicPlan(true, 4, (short) 3, 1, false, 1000, 0);
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> Preflight.checkReplication("Topic 'orders'", plan, 1));
    assertEquals(
        "Topic 'orders' would be created with replication factor 3 but the cluster has 1"
            + " broker(s): lower -Dtopic.replication (createTopic(partitions, replicationFactor) in"
            + " code) to at most 1, or add brokers",
        e.getMessage());
    Preflight.checkReplication("Topic 'orders'", plan, 3);
  }
}
