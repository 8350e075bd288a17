package kafkaload.internal.report;

import static java.util.Locale.ROOT;

import java.util.Formatter;
import java.util.Objects;
import java.util.stream.Collectors;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.WorstTopics;

/** The reconciliation as a console table per topic and partition: skews and losses stand out. */
public final class ReconciliationPrinter {
  private ReconciliationPrinter() {}

  public static String format(Reconciled.Result r) {
    StringBuilder b = new StringBuilder();
    Formatter f = new Formatter(b, ROOT);
    boolean several = r.topics().size() > 1;
    b.append("\n[kafkaload] ---- Reconciliation of ")
        .append(
            several
                ? r.topics().size() + " topics"
                : r.topics().isEmpty()
                    ? "no topic (nothing was sent)"
                    : "topic '" + r.topics().get(0).topic() + "'")
        .append(r.runId() == null ? " (run identity off)" : " (run " + r.runId() + ")")
        .append(" ----\n");
    f.format(
        "  acked OK %d | end-offset delta %d | in flight at the end %d | lost %d | duplicates %d (%.3f%%)\n",
        r.ackedOk(),
        r.offsetDelta(),
        r.inFlightAtEnd(),
        r.lost(),
        r.duplicates(),
        r.duplicatePct());
    ReconciliationResult.ReadBack rb = r.readBack();
    if (r.transactions() != null) {
      Reconciled.Transactions t = r.transactions();
      f.format(
          "  transactions: committed %d | aborted %d (invisible to read_committed, not lost) | in"
              + " failed transactions %d | lost %d%s\n",
          t.committed(),
          t.aborted(),
          t.inDoubt(),
          r.lost(),
          rb == null
              ? ""
              : " | aborted read back "
                  + rb.abortedFound()
                  + (rb.abortedVisible() > 0 ? " (VISIBLE to read_committed)" : ""));
    }
    if (rb == null) {
      b.append(
          "  read-back: off (lost is a lower bound from offsets; duplicates an upper bound of records not accounted "
              + "for: offsets are not records, transaction markers and other writers count too)\n");
    } else {
      f.format(
          "  read-back: %s in %.1f s, %d records scanned, %d of this run, %d distinct, "
              + "%d duplicates, %d reordered, %d sequence gaps (sends that failed leave gaps too)\n",
          rb.complete() ? "complete" : "INCOMPLETE",
          rb.seconds(),
          rb.counts().scanned(),
          rb.counts().matched(),
          rb.counts().distinct(),
          rb.counts().duplicates(),
          rb.reordering().reordered(),
          rb.counts().gaps());
      if (rb.counts().koInTopic() > 0) {
        f.format(
            "  %d records whose send was KO are in the topic anyway (written after the client gave "
                + "up on them): not counted as delivered\n",
            rb.counts().koInTopic());
      }
      if (rb.found().foundByInjector().size() > 1) {
        b.append(
            rb.found().foundByInjector().entrySet().stream()
                .map(
                    e ->
                        e.getKey()
                            + ": "
                            + e.getValue()
                            + (rb.found().unreportedInjectors().contains(e.getKey())
                                ? " (DIED: reported nothing, none counted as delivered)"
                                : ""))
                .collect(
                    Collectors.joining(
                        ", ", "  found in the topic per injector (sequence space): ", "\n")));
      }
      if (rb.reordering().reorderWindowEvicted() > 0) {
        f.format(
            "  reordering checked between a user's records read within %,d (partition, user) "
                + "pairs of each other (%,d pairs let go to bound the memory)\n",
            rb.reordering().reorderWindow(), rb.reordering().reorderWindowEvicted());
      }
    }
    for (ReconciliationResult.StuckOffset s : r.stuck()) {
      f.format(
          "  LAST STABLE OFFSET STUCK: %s: the read_committed read-back cannot see past it\n",
          s.describe());
    }
    boolean many = r.topics().size() > WorstTopics.MANY;
    if (many) {
      b.append(spread(r.topics()));
    }
    for (Reconciled.TopicResult t :
        many ? WorstTopics.worst(r.topics(), WorstTopics.SHOWN) : r.topics()) {
      if (several) {
        f.format(
            "  topic '%s': acked OK %d | end-offset delta %d | lost %d | duplicates %d\n",
            t.topic(), t.ackedOk(), t.offsetDelta(), t.lost(), t.duplicates());
      }
      if (t.change() != null) {
        f.format(
            "  TOPIC CHANGED: '%s' was %s: its offsets cannot be compared with the baseline's; records acked into the old topic are lost\n",
            t.topic(), t.change().describe());
      }
      partitions(f, t);
    }
    if (r.exactlyOnce() != null) {
      b.append(exactlyOnce(r.exactlyOnce())).append('\n');
    }
    return b.toString();
  }

  /** A run over many topics: one line over all of them, then the worst few are listed. */
  static String spread(java.util.List<Reconciled.TopicResult> topics) {
    java.util.LongSummaryStatistics acked =
        topics.stream().mapToLong(Reconciled.TopicResult::ackedOk).summaryStatistics();
    return String.format(
        ROOT,
        "  %d topics, %d partitions: %d with records lost, %d with duplicates; acked OK per topic"
            + " min %d, max %d; the worst %d of them:\n",
        topics.size(),
        topics.stream().mapToLong(t -> t.partitions().size()).sum(),
        topics.stream().filter(t -> t.lost() > 0).count(),
        topics.stream().filter(t -> t.duplicates() > 0).count(),
        acked.getMin(),
        acked.getMax(),
        Math.min(WorstTopics.SHOWN, topics.size()));
  }

  /**
   * " exactly-once on 'replies' (read_committed): HOLDS: 1200 committed inputs, 1200 committed
   * outputs, 0 duplicates, 0 missing, 0 unexpected; 37 outputs of aborted transactions (not
   * duplicates)".
   */
  public static String exactlyOnce(ReconciliationResult.ExactlyOnce e) {
    String failure = e.failure();
    if (!e.judged()) {
      return "  " + failure;
    }
    return String.format(
        ROOT,
        "  exactly-once on '%s' (read_committed, by record identity, %.1f s): %s: %d committed "
            + "inputs, %d committed outputs (%d distinct), %d duplicates, %d missing, %d unexpected; "
            + "%s outputs of aborted transactions (seen read_uncommitted only, not duplicates)%s",
        e.outputTopic(),
        e.seconds(),
        failure == null ? "HOLDS" : "BROKEN",
        e.counts().committedInputs(),
        e.counts().committedOutputs(),
        e.counts().distinctOutputs(),
        e.counts().duplicates(),
        e.counts().missing(),
        e.counts().unexpected(),
        Objects.toString(e.counts().abortedOutputs(), "?"),
        failure == null ? "" : "\n  " + failure);
  }

  private static void partitions(Formatter f, Reconciled.TopicResult t) {
    long total = Math.max(1, t.ackedOk());
    f.format(
        "  %9s %12s %12s %8s %14s %10s %10s\n",
        "partition", "acked", "offset delta", "share", "acked bytes", "duplicates", "reordered");
    for (ReconciliationResult.Partition p : t.partitions()) {
      f.format(
          "  %9d %12d %12s %7.1f%% %14d %10s %10s\n",
          p.partition(),
          p.ackedRecords(),
          p.gone() ? "gone" : String.valueOf(p.offsetDelta()),
          100.0 * p.ackedRecords() / total,
          p.ackedBytes(),
          p.duplicates() == null ? "-" : String.valueOf(p.duplicates()),
          p.reordered() == null ? "-" : String.valueOf(p.reordered()));
    }
  }
}
