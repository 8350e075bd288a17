package kafkaload.internal.distributed;

import java.nio.file.Path;
import java.util.List;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.semantic.Semantics;

/** What the merge prints when it is done (tests and CI logs grep these lines). */
final class MergeConsole {
  private MergeConsole() {}

  /**
   * Each protocol's reconciliation and semantics' lines, the Kafka page, a line per injector, then
   * the verdict with its exit code.
   */
  static void print(
      List<MergedReconciliation> recs,
      List<Semantics.Merged> semantics,
      Path page,
      List<InjectorRow> rows,
      MergeVerdict verdict) {
    recs.stream().filter(r -> r != null).forEach(r -> System.out.println(r.text()));
    semantics.stream().flatMap(m -> m.lines().stream()).forEach(System.out::println);
    System.out.println("[kafkaload] merged Kafka page: file://" + page.toAbsolutePath());
    for (InjectorRow row : rows) {
      System.out.println("[kafkaload] injector " + row.index() + ": " + row.text());
    }
    System.out.println(
        "[kafkaload] merge verdict: " + verdict.text() + " (exit " + verdict.exitCode() + ")");
  }
}
