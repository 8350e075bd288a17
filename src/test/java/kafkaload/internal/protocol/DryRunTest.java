package kafkaload.internal.protocol;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import kafkaload.internal.config.ParamSnapshot;
import org.junit.jupiter.api.Test;

/**
 * The dry run's plan: every knob read, with its value and source, grouped as the docs group; and
 * its end in a host JVM: the host's end once per run, each user stopped.
 */
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

  @Test
  void aHostedDryRunCallsTheHostsEndOncePerRunAndStopsEveryUser() {
    AtomicInteger ends = new AtomicInteger();
    Runnable host = ends::incrementAndGet;
    Runnable stopBrokers = () -> fail("a host's run stops its brokers at its own end");
    AtomicBoolean run = new AtomicBoolean();
    for (int user = 0; user < 3; user++) {
      assertThrows(
          DryRunEnd.UserStopped.class, () -> DryRun.end(List.of(), stopBrokers, host, run));
    }
    assertEquals(1, ends.get(), "one end for the run, at its first user");
    // The next run of the same JVM ends on its own.
    assertThrows(
        DryRunEnd.UserStopped.class,
        () -> DryRun.end(List.of(), stopBrokers, host, new AtomicBoolean()));
    assertEquals(2, ends.get());
  }

  @Test
  void theHostsEndIsTakenAsARunStartsAndTheJvmExitIsTheDefault() {
    assertNull(DryRunEnd.host());
    Runnable end = () -> {};
    DryRunEnd.hostedBy(end);
    try {
      assertSame(end, DryRunEnd.host());
    } finally {
      DryRunEnd.jvmExit();
    }
    assertNull(DryRunEnd.host());
  }
}
