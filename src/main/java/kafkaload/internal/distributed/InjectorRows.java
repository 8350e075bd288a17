package kafkaload.internal.distributed;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.RunResults;

/** Each injector's merged row, from its log and results, and its records found in the topic. */
final class InjectorRows {
  private InjectorRows() {}

  /** The row of an injector that finished, its log streamed into the merge as {@code c}. */
  static InjectorRow complete(InjectorFolder f, SimulationLogs.Counts c) {
    // How late its simulation started (the log's own start) after the common start time.
    long late = f.header().info().runStart() - f.marker().startAtMillis();
    RunResults r = f.summary();
    ProtocolResults p = r == null || r.protocols().isEmpty() ? null : r.protocols().get(0);
    InjectorResults health = r == null ? null : r.injector();
    boolean saturated = health != null && health.saturated();
    String text =
        String.format(
            Locale.ROOT,
            "complete, %d requests (%d OK, %d KO), started %d ms after the " + "common start%s",
            c.requests(),
            c.ok(),
            c.ko(),
            late,
            saturated ? "; SATURATED: " + health.reasons() : "");
    return new InjectorRow(
        f.index(),
        "complete",
        late,
        new InjectorRow.Gatling(c.requests(), c.ok(), c.ko(), f.marker().gatlingExitCode()),
        p == null
            ? null
            : new InjectorRow.Kafka(
                p.sends().throughput().ackedOk(),
                p.sends().throughput().failed(),
                p.sends().throughput().rate().msgsPerSec(),
                p.latencies().ackLatencyMs()),
        health == null
            ? null
            : new InjectorRow.Health(
                health.saturated(), health.reasons(), health.cpu().maxProcessCpuPct()),
        null,
        text);
  }

  /** What an injector that did not finish had done, as far as its log tells. */
  static InjectorRow died(InjectorFolder f) {
    if (f.log() == null) {
      return died(f, null, "DID NOT FINISH and wrote no simulation.log (" + f.dir() + ")");
    }
    try {
      if (Files.size(f.log()) == 0) {
        return died(
            f,
            new InjectorRow.Gatling(0L, null, null, null),
            "DID NOT FINISH and its log %s is empty (Gatling writes it in 8 KB blocks: it died before the first was full)"
                .formatted(f.log()));
      }
      SimulationLogs.Counts c = SimulationLogs.stream(SimulationLogs.header(f.log()), e -> {});
      return died(
          f,
          new InjectorRow.Gatling(c.requests(), c.ok(), c.ko(), null),
          String.format(
              Locale.ROOT,
              "DID NOT FINISH: its log %s holds %d requests (%d OK, %d KO) "
                  + "over %.1f s%s; no Kafka results, so none of its sends is counted as acked",
              f.log(),
              c.requests(),
              c.ok(),
              c.ko(),
              c.requests() == 0 ? 0 : (c.lastMillis() - c.firstMillis()) / 1000.0,
              c.truncated() ? ", cut inside a record" : ""));
    } catch (RuntimeException | IOException e) {
      return died(
          f, null, "DID NOT FINISH; its log " + f.log() + " is unreadable: " + e.getMessage());
    }
  }

  /** The row of an injector that did not finish: what its log holds (null: nothing known). */
  private static InjectorRow died(InjectorFolder f, InjectorRow.Gatling gatling, String text) {
    return new InjectorRow(f.index(), "died", null, gatling, null, null, null, text);
  }

  private static boolean died(InjectorRow row) {
    return "died".equals(row.status());
  }

  /** Each row gets its records found in the topic; returns the dead injectors' total. */
  static long showFound(List<InjectorRow> rows, List<MergedReconciliation> recs) {
    Map<Integer, Long> found = new TreeMap<>();
    recs.stream()
        .filter(Objects::nonNull)
        .forEach(r -> r.foundByInjector().forEach((i, n) -> found.merge(i, n, Long::sum)));
    if (found.isEmpty()) { // no read-back
      return 0;
    }
    rows.replaceAll(
        row -> {
          long n = found.getOrDefault(row.index(), 0L);
          return row.withRecordsInTopic(
              n,
              !died(row)
                  ? ""
                  : String.format(
                      Locale.ROOT,
                      "; the read-back found %d of its "
                          + "records in the topic (counted for it alone, not as delivered: no results acked them)",
                      n));
        });
    return rows.stream().filter(InjectorRows::died).mapToLong(InjectorRow::recordsInTopic).sum();
  }
}
