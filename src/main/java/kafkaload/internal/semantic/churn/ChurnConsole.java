package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import kafkaload.internal.semantic.churn.ChurnFigures.Event;
import kafkaload.internal.semantic.churn.ChurnFigures.Round;

/** The churn's comparison block on the console: one row per protocol and step. Pure. */
final class ChurnConsole {
  private ChurnConsole() {}

  private static final String ROW = "%-27s %-18s %10s %10s %10s %10s %10s %12s";

  static List<String> lines(ChurnFigures f) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            Locale.ROOT,
            "churn '%s': %d consumers on '%s' (%d partitions), %,d msg/s for %,d ms, plan %s",
            f.request(),
            f.consumers(),
            f.topic(),
            f.partitions(),
            f.ratePerSec(),
            f.loadMs(),
            f.plan().isEmpty() ? "(none)" : f.plan()));
    lines.add(
        String.format(
            Locale.ROOT,
            ROW,
            "protocol",
            "step",
            "pause ms",
            "owned ms",
            "read ms",
            "no-read ms",
            "read twice",
            "min read/s"));
    for (Round r : f.rounds()) {
      if (r.events().isEmpty()) {
        lines.add(String.format(Locale.ROOT, ROW, r.protocol(), "-", "", "", "", "", "", ""));
      }
      for (Event e : r.events()) {
        lines.add(
            String.format(
                Locale.ROOT,
                ROW,
                r.protocol(),
                e.step(),
                e.longestUnownedMs(),
                orDash(e.allOwnedAfterMs()),
                orDash(e.allReadAfterMs()),
                e.longestNoReadMs(),
                String.format(Locale.ROOT, "%d (%.2f%%)", e.readTwice(), e.readTwicePct()),
                e.minReadPerSec() == null ? "-" : String.valueOf(e.minReadPerSec())));
      }
      lines.add(
          String.format(
              Locale.ROOT,
              "  %s: %,d produced, %,d read at least once, %,d read twice: %s",
              r.protocol(),
              r.produced(),
              r.readAtLeastOnce(),
              r.readTwice(),
              r.verdict() == null ? "nothing lost" : "KO " + r.verdict()));
    }
    lines.add(
        "  pause: longest window a partition had no owner; owned/read: until every partition was"
            + " owned/read again; no-read: longest time nobody read");
    return lines;
  }

  private static String orDash(Long v) {
    return v == null ? "never" : String.valueOf(v);
  }
}
