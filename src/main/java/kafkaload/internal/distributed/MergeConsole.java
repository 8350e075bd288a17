package kafkaload.internal.distributed;

import java.nio.file.Path;
import java.util.List;
import kafkaload.internal.config.Console;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.semantics.Semantics;

/** What the merge prints when it is done (tests and CI logs grep these lines). */
final class MergeConsole {
  private MergeConsole() {}

  /** Each protocol's reconciliation and semantics, the page, the injectors, then the verdict. */
  static void print(
      List<MergedReconciliation> recs,
      List<Semantics.Merged> semantics,
      Path page,
      List<InjectorRow> rows,
      MergeVerdict verdict) {
    recs.stream().filter(r -> r != null).forEach(r -> Console.out(r.text()));
    semantics.stream().flatMap(m -> m.lines().stream()).forEach(Console::out);
    Console.out("[kafkaload] merged Kafka page: file://" + page.toAbsolutePath());
    rows.forEach(row -> Console.out("[kafkaload] injector " + row.index() + ": " + row.text()));
    Console.out(
        "[kafkaload] merge verdict: " + verdict.text() + " (exit " + verdict.exitCode() + ")");
  }
}
