package kafkaload.internal.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.config.ParamSnapshot;
import org.junit.jupiter.api.Test;

/** The dry run's plan: every knob read, with its value and source, grouped as the docs group. */
class DryRunTest {
  @Test
  void knobsAreGroupedByTheirSectionWithValueAndSource() {
    ParamSnapshot params =
        ParamSnapshot.of(Map.of("users", "2", "duration", "3", "rates", "5"), Map.of())
            .withDefaults(Map.of("acks", "all"));
    Map<String, String> read = new TreeMap<>();
    read.put(ParamSnapshot.SIMULATION, "simulations.BaselineSimulation");
    read.put("users", "2");
    read.put("duration", "3");
    read.put("warmup", "20");
    read.put("acks", "all");
    read.put("gate.p99Ms", "250.0");
    read.put("rates", "5");
    assertEquals(
        List.of(
            "[kafkaload]   simulation: simulations.BaselineSimulation",
            "[kafkaload]   Producer: acks=all (simulation)",
            "[kafkaload]   Load shape: duration=3 (-D), users=2 (-D), warmup=20 (default)",
            "[kafkaload]   Gates: gate.p99Ms=250.0 (default)",
            "[kafkaload]   The simulation's own: rates=5 (-D)"),
        DryRun.knobs(read, params));
  }
}
