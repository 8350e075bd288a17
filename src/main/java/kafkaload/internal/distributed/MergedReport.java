package kafkaload.internal.distributed;

import io.gatling.core.config.GatlingConfiguration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.report.AssertionsJUnitReport;
import kafkaload.internal.report.KafkaPage;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.report.Timeline;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.semantics.Semantics;

/** The merged run's reports: Gatling's on the merged log, then this project's files. */
final class MergedReport {
  private MergedReport() {}

  /** Gatling's exit code in reports-only mode, and the merged Kafka page. */
  record Written(int gatlingExitCode, Path page) {}

  /** {@code found}: every injector's folder; {@code startNanos}: when the merge began. */
  static Written write(
      Path out,
      Path mergedLog,
      List<InjectorFolder> found,
      List<InjectorRow> rows,
      List<MergedReconciliation> recs,
      List<Semantics.Merged> semantics,
      long startNanos)
      throws Exception {
    List<InjectorFolder> complete = found.stream().filter(InjectorFolder::complete).toList();
    Path runDir = mergedLog.getParent();
    int gatling =
        io.gatling.app.Gatling$.MODULE$.fromArgs(
            new String[] {"-ro", runDir.getFileName().toString(), "-rf", out.toString()});
    // Gatling's verdicts once more, for the page and the JUnit file (reports-only mode keeps them
    // to itself).
    AssertionsJUnitReport.Verdicts verdicts =
        AssertionsJUnitReport.validate(mergedLog, GatlingConfiguration.load());
    RunResults.MergeInfo info =
        new RunResults.MergeInfo(
            found.size(),
            complete.size(),
            found.stream().filter(f -> !f.complete()).map(InjectorFolder::index).toList(),
            gatling,
            (System.nanoTime() - startNanos) / 1e9);
    RunResults results =
        MergedSummary.of(
            complete,
            rows,
            recs,
            semantics.stream().map(Semantics.Merged::sections).toList(),
            info,
            AssertionsJUnitReport.rows(verdicts));
    // kafka-timeline.csv: every injector's own per-second rows, with an injector column.
    Map<Integer, List<InjectorSample>> perSecond = new TreeMap<>();
    complete.forEach(f -> perSecond.put(f.index(), f.perSecond()));
    new RunSummary(results, Timeline.csvByInjector(perSecond)).write(runDir);
    Path page = KafkaPage.write(runDir, results);
    if (Files.isRegularFile(runDir.resolve("index.html"))) {
      AssertionsJUnitReport.write(mergedLog, verdicts, Map.of());
    }
    return new Written(gatling, page);
  }
}
