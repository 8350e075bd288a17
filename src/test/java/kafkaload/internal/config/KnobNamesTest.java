package kafkaload.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Misspelled knobs, judged against docs/parameters.md as packaged (the one list). */
class KnobNamesTest {
  @Test
  void theKnobsAreTheRowsOfDocsParametersWithTheirSections() {
    Map<String, String> s = KnobNames.sections();
    assertEquals("Load shape", s.get("duration"));
    assertEquals("Gates", s.get("gate.p99Ms"));
    assertEquals("Topic and preflight", s.get("topic.replication"));
    assertTrue(s.size() > 200, "every row: " + s.size());
  }

  @Test
  void aMisspelledKnobIsNamedWithTheKnobItResembles() {
    assertEquals(
        Optional.of("-Dduraton: unknown; did you mean -Dduration?"),
        KnobNames.misspelling(List.of("duraton", "java.home"), Set.of()));
    assertEquals(
        Optional.of("-Dtopic.replicaton: unknown; did you mean -Dtopic.replication?"),
        KnobNames.misspelling(List.of("topic.replicaton"), Set.of()));
    // A transposition is one edit; a short knob allows one edit only.
    assertEquals(
        Optional.of("-Dkye: unknown; did you mean -Dkey?"),
        KnobNames.misspelling(List.of("kye"), Set.of()));
    assertEquals(Optional.empty(), KnobNames.misspelling(List.of("kyes"), Set.of()));
  }

  @Test
  void knobsNamesOfOthersAndFarNamesAreLeftAlone() {
    assertEquals(
        Optional.empty(),
        KnobNames.misspelling(
            List.of(
                "duration",
                "gate.p99Ms",
                "java.home",
                "gatling.simulationClazz",
                "user.dir",
                "maven.repo.local",
                "sasl.jaas.config",
                "max.poll.records",
                "fetch.min.bytes",
                "matrix.userz",
                "my.own.knob"),
            Set.of()));
  }

  @Test
  void aSimulationsOwnKnobReadByTheRunIsNoMisspelling() {
    assertEquals(Optional.empty(), KnobNames.misspelling(List.of("rates"), Set.of("rates")));
    assertEquals(
        Optional.of("-Drates: unknown; did you mean -Drate?"),
        KnobNames.misspelling(List.of("rates"), Set.of()));
  }

  @Test
  void noPropertyOfThisJvmIsTakenForAMisspelling() {
    TreeSet<String> names = new TreeSet<>(System.getProperties().stringPropertyNames());
    assertEquals(Optional.empty(), KnobNames.misspelling(names, Set.of()), names.toString());
  }

  @Test
  void theSnapshotRefusesAMisspellingBeforeAnyLoad() {
    ParamSnapshot p = ParamSnapshot.of(Map.of("duraton", "60", "users", "2"), Map.of());
    p.positiveInt("users", 1);
    KafkaLoadConfigException e = assertThrows(KafkaLoadConfigException.class, p::checkNames);
    assertEquals("-Dduraton: unknown; did you mean -Dduration?", e.getMessage());
    ParamSnapshot own = ParamSnapshot.of(Map.of("rates", "3"), Map.of());
    own.positiveInt("rates", 1); // the simulation's own knob, read: known to this run
    own.checkNames();
  }

  @Test
  void damerauLevenshtein() {
    assertEquals(0, KnobNames.distance("duration", "duration"));
    assertEquals(1, KnobNames.distance("duraton", "duration"));
    assertEquals(1, KnobNames.distance("druation", "duration"));
    assertEquals(2, KnobNames.distance("durtaion", "duraton"));
    assertEquals(3, KnobNames.distance("abc", ""));
  }

  @Test
  void sourcesOfValues() {
    ParamSnapshot p =
        ParamSnapshot.of(Map.of("users", "3"), Map.of()).withDefaults(Map.of("acks", "all"));
    assertEquals("-D", p.source("users"));
    assertEquals("simulation", p.source("acks"));
    assertEquals("default", p.source("duration"));
  }

  /** A simulation of its own: it builds a protocol and reads its own -DreplyTopic. */
  static final class OwnKnobsSimulation extends io.gatling.javaapi.core.Simulation {
    final String replyTopic = System.getProperty("replyTopic");
    final kafkaload.KafkaProtocolBuilder protocol = new kafkaload.KafkaProtocolBuilder();
  }

  /** Not a simulation: a test or a tool that builds a protocol, and holds a knob's misspelling. */
  static final class ProtocolTool {
    final String misspelled = "recordSise";
    final kafkaload.KafkaProtocolBuilder protocol = new kafkaload.KafkaProtocolBuilder();
  }

  /**
   * InputRefusalIT built a protocol in the test JVM before its -Dduraton run there: the test class,
   * which holds "duraton", was taken for the simulation and the misspelling passed.
   */
  @Test
  void aClassThatIsNoSimulationExcusesNoName() {
    new ProtocolTool();
    assertFalse(SimulationNames.named("recordSise"));
    assertTrue(KnobNames.misspelling(List.of("recordSise"), Set.of()).isPresent());
  }

  @Test
  void aNameTheSimulationHoldsIsItsOwnPropertyNotAMisspelling() {
    // Within two edits of a knob: a misspelling, were it not the simulation's own.
    assertEquals("reply.topic", KnobNames.nearest("replyTopic", KnobNames.sections().keySet()));
    new OwnKnobsSimulation();
    assertTrue(SimulationNames.named("replyTopic"), "the simulation's constant");
    assertEquals(Optional.empty(), KnobNames.misspelling(List.of("replyTopic"), Set.of()));
    // A name it does not hold is still judged.
    assertEquals(
        Optional.of("-Dreply.topik: unknown; did you mean -Dreply.topic?"),
        KnobNames.misspelling(List.of("reply.topik"), Set.of()));
  }
}
