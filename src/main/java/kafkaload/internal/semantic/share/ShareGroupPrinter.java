package kafkaload.internal.semantic.share;

import static kafkaload.internal.config.Console.text;

import kafkaload.internal.config.Console;

/** A share group's block on the console once its consumers stopped. */
final class ShareGroupPrinter {
  private ShareGroupPrinter() {}

  /** The group's outcomes: "acquired n | accepted n | ... | acks refused n". */
  static String outcomes(ShareGroupResults g) {
    return text(
        "acquired %d | accepted %d | released %d | rejected %d | redelivered %d | archived %d"
            + " | acks refused %d",
        g.deliveries().acquired(),
        g.deliveries().accepted(),
        g.deliveries().released(),
        g.deliveries().rejected(),
        g.deliveries().redelivered(),
        g.deliveries().archived(),
        g.deliveries().ackRefused());
  }

  /** The group's outcomes, spread, lag (an unread one printed as -1) and reconciliation. */
  static void print(ShareGroupResults g, ShareGroupResults.LagVerdict lag, String reconciled) {
    Console.outf(
        "%n[kafkaload] ---- Share group '%s' on '%s' (%d consumers, %d partitions, %s) ----%n"
            + "  %s | locks renewed %d%n"
            + "  accept rate spread across consumers %s %% | lag max %d, at the end %d%s%n"
            + "  reconciliation: %s%n",
        g.settings().group(),
        g.settings().topic(),
        g.settings().consumers(),
        g.settings().partitions(),
        g.settings().acknowledgement(),
        outcomes(g),
        g.deliveries().renewed(),
        g.work().acceptedPerSecSpreadPct() == null
            ? "-"
            : String.format("%.1f", g.work().acceptedPerSecSpreadPct()),
        lag.maxLag(),
        lag.lagAtEnd() == null ? -1 : lag.lagAtEnd(),
        lag.rising() ? " (RISING)" : "",
        g.reconciliation() == null
            ? reconciled
            : reconciled(g.reconciliation())
                + String.format(
                    "; %d processed twice (ACCEPT refused after the lock expired); %d of other runs",
                    g.reconciliation().processedTwice(), g.reconciliation().otherRuns()));
  }

  /** The reconciliation's counts: "n produced: n accepted once, ..., n missing". */
  static String reconciled(ShareGroupResults.Reconciliation r) {
    return text(
        "%d produced: %d accepted once, %d accepted twice, %d rejected, %d archived, %d missing",
        r.produced(), r.acceptedOnce(), r.acceptedTwice(), r.rejected(), r.archived(), r.missing());
  }
}
