package kafkaload.config;

import static kafkaload.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import kafkaload.protocol.KafkaProtocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The cluster and fault knobs: a simulation's own defaults, -D winning over them, and plans refused before load. */
class ClusterParamsTest {
  private static final java.util.List<String> USED = java.util.List.of("kafka.embedded.brokers", "fault.plan", "acks", "min.insync.replicas");

  @AfterEach
  void clear() {
    PropertyTests.clear(USED);
  }

  @Test
  void aSimulationsDefaultsApplyAndMinusDWins() {
    Map<String, String> defaults = Map.of("kafka.embedded.brokers", "3", "acks", "all", "min.insync.replicas", "2",
        "fault.plan", "kill:2@20s,start:2@40s");
    RunParams p = RunParams.fromSystemProperties(defaults);
    assertEquals(3, p.embeddedBrokers());
    assertEquals(2, p.minInsyncReplicas());
    assertEquals("all", p.producer().get("acks"));
    assertEquals("kill:2@20s,start:2@40s", p.faultPlan().toString());
    KafkaProtocol protocol = p.protocol(1).protocol();
    assertEquals(3, protocol.embeddedBrokers());
    assertEquals(2, protocol.topicPlan().minInsyncReplicas());

    System.setProperty("acks", "1");
    System.setProperty("fault.plan", "kill:1@5s");
    p = RunParams.fromSystemProperties(defaults);
    assertEquals("1", p.producer().get("acks"));
    assertEquals("kill:1@5s", p.faultPlan().toString());
    // Outside the simulation's defaults, the general ones are back.
    System.clearProperty("fault.plan");
    assertEquals(0, RunParams.fromSystemProperties().embeddedBrokers());
  }

  @Test
  void aFaultPlanNeedsEmbeddedBrokersEnoughOfThemAndToFitTheLoad() {
    System.setProperty("fault.plan", "kill:2@5s");
    assertEquals("-Dfault.plan needs the embedded brokers as child processes: add -Dkafka.embedded.brokers=N (N >= 2)",
        error(RunParams::fromSystemProperties));
    System.setProperty("kafka.embedded.brokers", "1");
    assertTrue(error(RunParams::fromSystemProperties).contains("acts on broker 2 but the embedded cluster has 1"));
    System.setProperty("kafka.embedded.brokers", "3");
    RunParams p = RunParams.fromSystemProperties();
    assertTrue(error(() -> p.withFaults(5)).contains("comes after the end of the load (5s)"));
    assertEquals(1, p.withFaults(30).size(), "the faults' own population");
  }
}
