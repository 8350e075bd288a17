package kafkaload.internal.verification;

import java.util.List;
import java.util.Locale;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.run.Reconciled;

/** The reconciliation's gate verdicts as KO messages (null: passed), for step and merge alike. */
public final class ReconciliationVerdict {
  private ReconciliationVerdict() {}

  /**
   * KO when more acked records than {@code maxLost} are missing, or the read-back could not finish:
   * a last stable offset stuck (named with the producers holding it), or out of time.
   */
  public static String lost(Reconciled.Result r, long maxLost, long timeoutSeconds) {
    if (r.readBack() != null && r.readBack().abortedVisible() > 0) {
      return r.readBack().abortedVisible()
          + " records of aborted transactions visible to the read_committed read-back"
          + " (isolation broken)";
    }
    return r.lost() > maxLost
        ? "%s acked records missing from %s (gate.maxLost=%s)%s"
            .formatted(r.lost(), lostWhere(r), maxLost, transactions(r))
        : !r.stuck().isEmpty()
            ? "read-back stopped at a stuck last stable offset: "
                + String.join(
                    "; ",
                    r.stuck().stream().map(ReconciliationResult.StuckOffset::describe).toList())
                + ": lost records cannot be ruled out"
            : r.readBack() != null && !r.readBack().complete()
                ? "read-back did not finish within %s s: lost records cannot be ruled out"
                    .formatted(timeoutSeconds)
                : null;
  }

  /** "; transactions: 900 records committed, 100 aborted (...)", or empty without any. */
  public static String transactions(Reconciled.Result r) {
    Reconciled.Transactions t = r.transactions();
    return t == null
        ? ""
        : String.format(
            "; transactions: %s records committed, %s aborted (invisible to read_committed, not "
                + "lost)%s",
            t.committed(),
            t.aborted(),
            t.inDoubt() > 0
                ? ", " + t.inDoubt() + " in failed transactions (the broker decided; not lost)"
                : "");
  }

  /** KO when duplicates exceed {@code maxDuplicatePct} % of acked records. */
  public static String duplicates(Reconciled.Result r, double maxDuplicatePct) {
    return r.duplicatePct() > maxDuplicatePct
        ? String.format(
            Locale.ROOT,
            "%d duplicate records, %.3f%% of acked (gate.maxDuplicatePct=%s)",
            r.duplicates(),
            r.duplicatePct(),
            maxDuplicatePct)
        : null;
  }

  /** "topic orders", or "topics orders (3), audit (1)": where the lost records were. */
  private static String lostWhere(Reconciled.Result r) {
    List<Reconciled.TopicResult> lossy = r.topics().stream().filter(t -> t.lost() > 0).toList();
    return lossy.size() == 1
        ? "topic " + lossy.get(0).topic() + changed(lossy.get(0))
        : "topics "
            + String.join(
                ", ",
                lossy.stream().map(t -> t.topic() + changed(t) + " (" + t.lost() + ")").toList());
  }

  private static String changed(Reconciled.TopicResult t) {
    return t.change() == null ? "" : " (" + t.change().change() + " during the run)";
  }
}
