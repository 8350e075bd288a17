package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * A bad fault plan stops the baseline before any load, and before any broker starts, with one line
 * naming the step: a broker the cluster does not have, two faults overlapping on one broker, a slow
 * link without its rate, an unknown fault. Fast: each is a dry run hosted in the test JVM.
 */
class FaultPlanRefusalIT {

  @Test
  void badPlansAreRefusedBeforeAnyLoad() throws Exception {
    List<Callable<Void>> runs =
        List.of(
            () ->
                refused(
                    "isolate:4@2s+3s",
                    "-Dfault.plan step isolate:4@2s+3s acts on broker 4 but the embedded cluster"
                        + " has 3 (-Dkafka.embedded.brokers=3)"),
            () ->
                refused(
                    "pause:2@2s+3s,isolate:2@3s+1s",
                    "-Dfault.plan: pause:2@2s+3s and isolate:2@3s+1s overlap on broker 2 (2s to"
                        + " 5s, and 3s to 4s): one fault with a duration per broker at a time"),
            () ->
                refused(
                    "slow:2@2s+2s,kill:1@4s",
                    "-Dfault.plan: 'slow:2@2s+2s' needs a rate: write slow:N@T+D,rate=R"),
            () ->
                refused(
                    "pause:2@2s+0s", "-Dfault.plan: 'pause:2@2s+0s': its duration must be above 0"),
            () ->
                refused(
                    "freeze:2@2s+3s", "-Dfault.plan: 'freeze:2@2s+3s' is not a fault step; write"));
    sideBySide(runs);
  }

  private static Void refused(String plan, String expectedError) throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props(
                "warmup",
                "0",
                "duration",
                "6",
                "kafka.embedded.brokers",
                "3",
                "fault.plan",
                plan,
                // A refusal that did not come: the plan and exit 0, not a load.
                "dry.run",
                "true"),
            120);
    assertNotEquals(0, run.exitCode(), run.tail());
    String line =
        run.output()
            .lines()
            .filter(l -> l.startsWith("[kafkaload] ERROR: "))
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("no '[kafkaload] ERROR:' line in:\n" + run.tail()));
    assertTrue(line.contains(expectedError), "expected '" + expectedError + "' in: " + line);
    assertFalse(run.output().contains("---- Requests"), "no load: " + run.tail());
    assertFalse(run.output().contains("Embedded KRaft cluster"), "no broker: " + run.tail());
    return null;
  }
}
