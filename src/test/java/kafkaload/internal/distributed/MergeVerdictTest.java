package kafkaload.internal.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The merge's exit code and verdict, in the words the console and the CI read. */
class MergeVerdictTest {
  @Test
  void aDeadInjectorFailsTheRunWhateverTheGates() {
    assertEquals(
        new MergeVerdict(
            Merge.INJECTOR_DIED,
            "FAILED: injector(s) [1, 2] did not finish; 5 of their records are in the topic, "
                + "acked by no injector's results; see the rows above"),
        MergeVerdict.of(List.of(1, 2), 5, 0));
    assertEquals(
        new MergeVerdict(
            Merge.INJECTOR_DIED, "FAILED: injector(s) [0] did not finish; see the rows above"),
        MergeVerdict.of(List.of(0), 0, 2));
  }

  @Test
  void elseGatlingsReportsOnlyModeJudges() {
    assertEquals(
        new MergeVerdict(Merge.PASSED, "PASSED: every gate of the merged run passed"),
        MergeVerdict.of(List.of(), 0, 0));
    assertEquals(
        new MergeVerdict(Merge.GATE_FAILED, "FAILED: a gate of the merged run failed"),
        MergeVerdict.of(List.of(), 0, 2));
    assertEquals(
        new MergeVerdict(1, "FAILED: Gatling's reports-only mode ended with exit code 7"),
        MergeVerdict.of(List.of(), 0, 7));
  }
}
