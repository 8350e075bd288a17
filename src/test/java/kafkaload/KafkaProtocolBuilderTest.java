package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kafkaload.internal.client.ProducerMode;
import kafkaload.internal.protocol.KafkaProtocol;
import org.junit.jupiter.api.Test;

/**
 * The protocol builder: immutable parts, each method replacing one; protocol() resolves them and
 * hooks nothing.
 */
class KafkaProtocolBuilderTest {
  private static final Params NONE = Params.of(Map.of(), Map.of());

  @Test
  void everyMethodReturnsANewBuilderAndLeavesTheOriginalAsItWas() {
    KafkaProtocolBuilder base = new KafkaProtocolBuilder().params(NONE).topic("orders");
    KafkaProtocolBuilder changed =
        base.acks("all")
            .producerPool(3)
            .createTopic(6, 1)
            .concurrency(6, true)
            .runIdentity(false)
            .replyTimeout(Duration.ofSeconds(3))
            .lagMonitor(500, "billing")
            .embeddedBrokers(3)
            .bootstrapServers("broker:9092");
    KafkaProtocol before = base.resolved();
    KafkaProtocol after = changed.resolved();

    assertEquals("1", before.producerProperties().get("acks"));
    assertEquals(ProducerMode.SHARED, before.producers().mode());
    assertFalse(before.topicPlan().create());
    assertTrue(before.requests().runIdentity());
    assertEquals(10_000, before.requests().replyTimeoutMs());
    assertTrue(before.lagGroups().isEmpty());
    assertNull(before.bootstrapServers());
    assertEquals(0, before.embeddedBrokers());

    assertEquals("all", after.producerProperties().get("acks"));
    assertEquals(ProducerMode.POOL, after.producers().mode());
    assertEquals(3, after.producers().poolSize());
    assertEquals(6, after.topicPlan().partitions());
    assertEquals(6, after.topicPlan().concurrency());
    assertTrue(after.topicPlan().strictPartitions());
    assertFalse(after.requests().runIdentity());
    assertEquals(3000, after.requests().replyTimeoutMs());
    assertEquals(List.of("billing"), after.lagGroups());
    assertEquals(500, after.lag().intervalMs());
    assertEquals("broker:9092", after.bootstrapServers());
    assertEquals(
        0, after.embeddedBrokers(), "a bootstrap makes the embedded broker count meaningless");
    assertEquals("orders", after.topic());
  }

  @Test
  void aTypedSecurityHelperKeepsThePropertiesSetBeforeIt() throws Exception {
    Path truststore = Files.createTempFile("truststore", ".p12");
    truststore.toFile().deleteOnExit();
    KafkaProtocol p =
        new KafkaProtocolBuilder()
            .params(NONE)
            .lingerMs(7)
            .saslPlain("alice", "pw")
            .sslTruststore(truststore.toString(), "tspw")
            .resolved();
    assertEquals("7", p.producerProperties().get("linger.ms"));
    assertEquals("SASL_SSL", p.producerProperties().get("security.protocol"));
    assertEquals("PLAIN", p.producerProperties().get("sasl.mechanism"));
  }

  /**
   * Building the protocol has no side effect: Gatling's console is hooked when a run starts, not
   * here.
   */
  @Test
  void buildingTheProtocolDoesNotHookGatlingsConsole() {
    PrintStream console = scala.Console$.MODULE$.out();
    new KafkaProtocolBuilder().params(NONE).topic("orders").protocol();
    assertSame(console, scala.Console$.MODULE$.out());
  }
}
