package kafkaload.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.javaapi.core.Simulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import kafkaload.Params;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -Dgate.baseline is read and judged when the simulation reads its knobs: a missing, malformed or
 * incomparable baseline is a clear error before any load.
 */
class BaselineParamsTest {
  static final String FIXTURE = "src/test/resources/kafkaload/results/kafka-summary-baseline.json";

  @TempDir Path dir;

  private static KafkaLoadConfigException refused(Map<String, String> props) {
    return assertThrows(
        KafkaLoadConfigException.class, () -> RunParams.of(Params.of(props, Map.of())));
  }

  @Test
  void aMissingBaselineIsAnErrorNamingIt() {
    String missing = dir.resolve("gone/kafka-summary.json").toString();
    KafkaLoadConfigException e = refused(Map.of("gate.baseline", missing));
    assertTrue(
        e.getMessage().startsWith("baseline gate: the baseline " + missing + " does not exist"),
        e.getMessage());
  }

  @Test
  void aMalformedBaselineIsAnErrorNamingIt() throws Exception {
    Path bad = Files.writeString(dir.resolve("kafka-summary.json"), "not json");
    KafkaLoadConfigException e = refused(Map.of("gate.baseline", dir.toString()));
    assertTrue(
        e.getMessage().contains(bad + " is not a readable kafka-summary.json"), e.getMessage());
  }

  @Test
  void anotherRecordSizeOrAcksIsRefused() {
    KafkaLoadConfigException e = refused(Map.of("gate.baseline", FIXTURE, "recordSize", "100"));
    assertTrue(
        e.getMessage().contains("the baseline measured something else")
            && e.getMessage().contains("recordSize: 1024 in " + FIXTURE + ", 100 now"),
        e.getMessage());
    e = refused(Map.of("gate.baseline", FIXTURE, "acks", "all"));
    assertTrue(e.getMessage().contains("acks: 1 in " + FIXTURE + ", all now"), e.getMessage());
  }

  @Test
  void badBoundsAreRefused() {
    KafkaLoadConfigException e =
        refused(Map.of("gate.baseline", FIXTURE, "gate.baseline.confidence", "40"));
    assertTrue(e.getMessage().contains("confidence"), e.getMessage());
  }

  @Test
  void theSameSettingsAreAcceptedAndGated() {
    RunParams p = RunParams.of(Params.of(Map.of("gate.baseline", FIXTURE), Map.of()));
    assertNotNull(p.gate().baseline());
    assertEquals(
        8,
        p.gates("send").size() - RunParams.of(Params.of(Map.of(), Map.of())).gates("send").size(),
        "one gate per figure and one for comparability");
    assertNull(RunParams.of(Params.of(Map.of(), Map.of())).gate().baseline());
    assertNotNull(
        RunParams.of(Params.of(Map.of("history.dir", dir.toString()), Map.of())).gate().baseline());
  }

  /** A simulation that is not the baseline's: its constructor reads the knobs. */
  static class OtherSimulation extends Simulation {
    final Params params = Params.fromSystemProperties();
    final RunParams plan = RunParams.of(params);
  }

  @Test
  void theSimulationIsRecordedAndABaselineOfAnotherIsRefused() throws Exception {
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    var tree =
        (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(Path.of(FIXTURE).toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("parameters"))
        .put("simulation", "simulations.BaselineSimulation");
    Path baseline = dir.resolve("kafka-summary.json");
    json.writeValue(baseline.toFile(), tree);
    System.setProperty("gate.baseline", baseline.toString());
    try {
      KafkaLoadConfigException e =
          assertThrows(KafkaLoadConfigException.class, OtherSimulation::new);
      assertTrue(
          e.getMessage()
              .contains(
                  "simulation: simulations.BaselineSimulation in "
                      + baseline
                      + ", "
                      + OtherSimulation.class.getName()
                      + " now"),
          e.getMessage());
    } finally {
      System.clearProperty("gate.baseline");
    }
  }
}
