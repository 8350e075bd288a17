package kafkaload.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kafkaload.internal.results.ReconciliationResult.ExactlyOnce;
import org.junit.jupiter.api.Test;

/**
 * The exactly-once verdict's words: it holds only with every committed input matched once; aborted
 * outputs never break it; each way of breaking it is named with its count.
 */
class ExactlyOnceVerdictTest {
  private static ExactlyOnce of(
      long inputs, long distinct, long dups, long missing, long unexpected, boolean complete) {
    return new ExactlyOnce(
            "replies",
            new ExactlyOnce.Outputs(
                inputs, distinct + dups + unexpected, distinct, dups, missing, unexpected, 12L),
            complete,
            0.4,
            missing > 0 ? List.of(3L, 9L) : List.of(),
            false,
            null)
        .verdict(null);
  }

  @Test
  void holdsWithEveryInputMatchedOnceAbortedOutputsNotCounted() {
    ExactlyOnce ok = of(100, 100, 0, 0, 0, true);
    assertNull(ok.failure());
    String line = ReconciliationPrinter.exactlyOnce(ok);
    assertTrue(line.contains("HOLDS: 100 committed inputs, 100 committed outputs"), line);
    assertTrue(line.contains("12 outputs of aborted transactions"), line);
  }

  @Test
  void namesEveryWayItBreaks() {
    assertEquals(
        "EXACTLY-ONCE BROKEN on 'replies': 2 committed input(s) without a committed output (first"
            + " sequence numbers [3, 9]); 1 duplicate committed output(s); 4 committed output(s)"
            + " of this run with no committed input (100 committed inputs, 98 distinct committed"
            + " outputs)",
        of(100, 98, 1, 2, 4, true).failure());
    assertEquals(
        "EXACTLY-ONCE BROKEN on 'replies': the read-back did not finish (100 committed inputs, 100"
            + " distinct committed outputs)",
        of(100, 100, 0, 0, 0, false).failure());
    assertEquals(
        "exactly-once on 'replies' not judged: it needs the read-back",
        ExactlyOnce.unjudged("replies", "it needs the read-back").failure());
    assertTrue(ReconciliationPrinter.exactlyOnce(of(100, 98, 1, 2, 4, true)).contains("BROKEN"));
  }

  @Test
  void abortedOutputsNotCountedInTimePrintAsUnknown() {
    // The read_uncommitted pass ran out of time: -1, kept as null (not counted).
    ExactlyOnce timedOut =
        new ExactlyOnce(
                "replies",
                new ExactlyOnce.Outputs(100, 100, 100, 0, 0, 0, -1L),
                true,
                0.4,
                List.of(),
                false,
                null)
            .verdict(null);
    assertNull(timedOut.counts().abortedOutputs());
    String line = ReconciliationPrinter.exactlyOnce(timedOut);
    assertTrue(
        line.contains("HOLDS") && line.contains("; ? outputs of aborted transactions"), line);
  }
}
