package kafkaload.internal.distributed;

import io.gatling.core.config.GatlingConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.config.Console;
import kafkaload.internal.report.AssertionsJUnitReport;
import kafkaload.internal.report.KafkaPage;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.report.Timeline;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.semantics.Semantics;

/**
 * N injectors' results as one run: one simulation.log on one time base (streamed), Gatling's report
 * and verdicts on it (reports-only), one reconciliation of all records, one Kafka page and summary.
 *
 * <p>Exit codes: 0 passed; 2 a gate failed; 3 an injector did not finish; 4 input refused; 1
 * anything else.
 */
public final class Merge {
  public static final int PASSED = 0;
  public static final int GATE_FAILED = 2;
  public static final int INJECTOR_DIED = 3;
  public static final int REFUSED = 4;

  private Merge() {}

  /** What the merge did: its exit code, the merged run's folder, and each injector's row. */
  public record Outcome(int exitCode, Path runDir, List<InjectorRow> injectors, String verdict) {}

  /**
   * Merges {@code root/injector-*} into {@code out}, first waiting up to {@code waitSeconds} for
   * every injector's marker; {@code connection} null: no reconciliation.
   */
  public static Outcome run(Path root, int count, Path out, Connection connection, int waitSeconds)
      throws Exception {
    InjectorFolder.awaitMarkers(root, count, waitSeconds);
    long t0 = System.nanoTime();
    List<InjectorFolder> found = InjectorFolder.readAll(root, count);
    count = found.size();
    List<InjectorFolder> complete = found.stream().filter(InjectorFolder::complete).toList();
    if (complete.isEmpty()) {
      throw new SimulationLogs.Refused(
          "no injector of " + root + " finished (none wrote " + Injector.MARKER + ")");
    }
    InjectorFolder first = complete.get(0);
    for (InjectorFolder f : complete) {
      f.checkSameRunAs(first, count);
    }

    // One log on one time base: the earliest injector's start; every record keeps its absolute
    // time.
    long start = complete.stream().mapToLong(f -> f.header().info().runStart()).min().getAsLong();
    String simulation = first.header().simulation();
    String id =
        simulation.substring(simulation.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) + "-merged";
    Files.createDirectories(out);
    List<InjectorRow> rows = new ArrayList<>();
    long lastEnd = Long.MIN_VALUE;
    Path mergedLog;
    List<MergedReconciliation> recs = List.of();
    List<Semantics.Merged> semantics = List.of();
    try (SimulationLogs.Writer w =
        new SimulationLogs.Writer(
            out,
            id,
            first.header(),
            start,
            "merged from " + complete.size() + " of " + count + " injectors")) {
      for (InjectorFolder f : found) {
        if (f.complete()) {
          SimulationLogs.Counts c = SimulationLogs.stream(f.header(), w::write);
          if (c.truncated()) {
            throw new SimulationLogs.Refused(f.log() + " is truncated after record " + c.records());
          }
          lastEnd = Math.max(lastEnd, c.lastMillis());
          rows.add(InjectorRows.complete(f, c));
        } else {
          rows.add(InjectorRows.died(f));
        }
      }
      mergedLog = w.file();
      long at = lastEnd;
      recs =
          connection == null
              ? List.of()
              : InjectorFolder.perProtocol(
                  first.summary(),
                  k -> MergedReconciliation.reconcile(connection, complete, found, w, at, k));
      semantics = mergeSemantics(complete, recs, w, at);
    }
    long deadInTopic = InjectorRows.showFound(rows, recs);
    // Gatling's report on the merged log, in reports-only mode; then this project's files.
    Path runDir = mergedLog.getParent();
    int gatling =
        io.gatling.app.Gatling$.MODULE$.fromArgs(
            new String[] {"-ro", runDir.getFileName().toString(), "-rf", out.toString()});
    // Gatling's verdicts once more, for the page and the JUnit file (reports-only mode keeps them
    // to itself).
    AssertionsJUnitReport.Verdicts verdicts =
        AssertionsJUnitReport.validate(mergedLog, GatlingConfiguration.load());
    List<Integer> dead =
        found.stream().filter(f -> !f.complete()).map(InjectorFolder::index).toList();
    RunResults results =
        MergedSummary.of(
            complete,
            rows,
            recs,
            semantics.stream().map(Semantics.Merged::sections).toList(),
            new RunResults.MergeInfo(
                found.size(), complete.size(), dead, gatling, (System.nanoTime() - t0) / 1e9),
            AssertionsJUnitReport.rows(verdicts));
    // kafka-timeline.csv: every injector's own per-second rows, with an injector column.
    Map<Integer, List<InjectorSample>> perSecond = new TreeMap<>();
    complete.forEach(f -> perSecond.put(f.index(), f.perSecond()));
    new RunSummary(results, Timeline.csvByInjector(perSecond)).write(runDir);
    Path page = KafkaPage.write(runDir, results);
    if (Files.isRegularFile(runDir.resolve("index.html"))) {
      AssertionsJUnitReport.write(mergedLog, verdicts, Map.of());
    }
    MergeVerdict verdict = MergeVerdict.of(dead, deadInTopic, gatling);
    // What the merge prints when it is done (tests and CI logs grep these lines): each protocol's
    // reconciliation and semantics, the page, the injectors, then the verdict.
    recs.stream().filter(r -> r != null).forEach(r -> Console.out(r.text()));
    semantics.stream().flatMap(m -> m.lines().stream()).forEach(Console::out);
    Console.out("[kafkaload] merged Kafka page: file://" + page.toAbsolutePath());
    rows.forEach(row -> Console.out("[kafkaload] injector " + row.index() + ": " + row.text()));
    Console.out(
        "[kafkaload] merge verdict: " + verdict.text() + " (exit " + verdict.exitCode() + ")");
    return new Outcome(verdict.exitCode(), runDir, rows, verdict.text());
  }

  /**
   * Each protocol's semantics merged with its merged reconciliation ({@code recs}, by protocol);
   * their verdicts become requests of the merged log.
   */
  private static List<Semantics.Merged> mergeSemantics(
      List<InjectorFolder> complete,
      List<MergedReconciliation> recs,
      SimulationLogs.Writer w,
      long at) {
    return InjectorFolder.perProtocol(
        complete.get(0).summary(),
        k ->
            Semantics.merge(
                InjectorFolder.protocol(complete, k),
                k < recs.size() ? recs.get(k).reconciled() : null,
                (name, koReason) -> w.request(name, at, koReason)));
  }
}
