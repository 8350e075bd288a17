package kafkaload;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import kafkaload.internal.config.PropertyTests;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.kit.RunParams;
import org.junit.jupiter.api.Test;

/**
 * The cluster and fault knobs: a simulation's own defaults, -D winning over them, and plans refused
 * before load.
 */
class ClusterParamsTest {
  private final PropertyTests d = new PropertyTests();

  @Test
  void aSimulationsDefaultsApplyAndMinusDWins() {
    Map<String, String> defaults =
        Map.of(
            "kafka.embedded.brokers",
            "3",
            "acks",
            "all",
            "min.insync.replicas",
            "2",
            "fault.plan",
            "kill:2@20s,start:2@40s");
    RunParams p = RunParams.of(d.params().withDefaults(defaults));
    assertEquals(3, p.cluster().embeddedBrokers());
    assertEquals(2, p.topic().minInsyncReplicas());
    assertEquals("all", p.producer().properties().get("acks"));
    assertEquals("kill:2@20s,start:2@40s", p.cluster().faultPlan().toString());
    KafkaProtocol protocol = p.protocol(1).resolved();
    assertEquals(3, protocol.embeddedBrokers());
    assertEquals(2, protocol.topicPlan().minInsyncReplicas());

    d.set("acks", "1");
    d.set("fault.plan", "kill:1@5s");
    p = RunParams.of(d.params().withDefaults(defaults));
    assertEquals("1", p.producer().properties().get("acks"));
    assertEquals("kill:1@5s", p.cluster().faultPlan().toString());
    // Outside the simulation's defaults, the general ones are back.
    d.clear("fault.plan");
    assertEquals(0, RunParams.of(d.params()).cluster().embeddedBrokers());
  }

  @Test
  void aFaultPlanNeedsEmbeddedBrokersEnoughOfThemAndToFitTheLoad() {
    d.set("fault.plan", "kill:2@5s");
    assertEquals(
        "-Dfault.plan needs the embedded brokers as child processes: add -Dkafka.embedded.brokers=N (N >= 2)",
        error(() -> RunParams.of(d.params())));
    d.set("kafka.embedded.brokers", "1");
    assertTrue(
        error(() -> RunParams.of(d.params()))
            .contains("acts on broker 2 but the embedded cluster has 1"));
    d.set("kafka.embedded.brokers", "3");
    RunParams p = RunParams.of(d.params());
    assertTrue(error(() -> p.withFaults(5)).contains("comes after the end of the load (5s)"));
    assertEquals(1, p.withFaults(30).size(), "the faults' own population");
  }
}
