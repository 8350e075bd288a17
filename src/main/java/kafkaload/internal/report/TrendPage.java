package kafkaload.internal.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import kafkaload.internal.config.Console;
import kafkaload.internal.history.ChangePoint;
import kafkaload.internal.history.RunFigures;
import kafkaload.internal.history.RunHistory;
import kafkaload.internal.history.Stats;
import kafkaload.internal.results.RunResults;

/**
 * The history's trends as one HTML page (trends.html, data embedded, opens from file://): latency,
 * msg/s, error % and CPU per message per run, each figure's change point marked ({@link
 * ChangePoint}).
 *
 * <p>{@code java -cp <classpath> kafkaload.internal.report.TrendPage <history folder> [<output
 * folder>]}; see docs/ci-gate.md.
 */
public final class TrendPage {
  private TrendPage() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1 || args.length > 2) {
      System.err.println(
          "usage: TrendPage <history folder> [<output folder, default: the history folder>]");
      System.exit(2);
    }
    Path history = Path.of(args[0]);
    if (!Files.isDirectory(history)) {
      System.err.println("not a history folder: " + history);
      System.exit(2);
    }
    Path out = write(history, Path.of(args.length > 1 ? args[1] : args[0]));
    Console.out(
        "trends of %s runs: file://%s"
            .formatted(RunHistory.entries(history).size(), out.toAbsolutePath()));
  }

  /** Writes trends.html (and ECharts) into {@code outDir} for the runs of {@code history}. */
  public static Path write(Path history, Path outDir) throws IOException {
    List<Map<String, Object>> runs = new ArrayList<>();
    for (RunHistory.Entry e : RunHistory.entries(history)) {
      RunResults r = e.results();
      RunFigures f = RunFigures.of(r);
      Map<String, Object> run = new LinkedHashMap<>();
      run.put("label", e.label().isEmpty() ? r.period().startedAt() : e.label());
      run.put("startedAt", r.period().startedAt());
      run.put("simulation", r.parameters() == null ? null : r.parameters().get("simulation"));
      run.put("p50", f.ackPercentiles().p50());
      run.put("p99", f.ackPercentiles().p99());
      run.put("p999", f.ackPercentiles().p999());
      run.put("msgsPerSec", f.msgsPerSecTotal());
      run.put("errorPct", f.errorPct());
      run.put("cpuUsPerMsg", Stats.nullIfNaN(Stats.medianOf(f.cpuUsPerMsg())));
      run.put(
          "gatesPassed",
          r.verdicts().gates() == null
              ? null
              : r.verdicts().gates().stream().allMatch(RunResults.Gate::passed));
      run.put(
          "regressed",
          r.verdicts().baseline() == null ? null : r.verdicts().baseline().regressed());
      run.put("saturated", r.injector() != null && r.injector().saturated());
      runs.add(run);
    }
    Map<String, Object> changes = new LinkedHashMap<>();
    for (String key : List.of("p50", "p99", "p999", "msgsPerSec", "errorPct", "cpuUsPerMsg")) {
      int[] index =
          IntStream.range(0, runs.size())
              .filter(i -> runs.get(i).get(key) instanceof Double d && !d.isNaN())
              .toArray();
      ChangePoint.Change c =
          ChangePoint.find(
              Arrays.stream(index).mapToDouble(i -> (Double) runs.get(i).get(key)).toArray());
      if (c != null) {
        changes.put(
            key,
            Map.of("run", index[c.index()], "before", c.before(), "after", c.after(), "z", c.z()));
      }
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("history", history.toAbsolutePath().toString());
    data.put("runs", runs);
    data.put("changes", changes);
    Files.createDirectories(outDir);
    KafkaPage.copyECharts(outDir.resolve("kafka-echarts.min.js"));
    return KafkaPage.writePage(
        outDir.resolve("trends.html"),
        KafkaPage.text("trends.html"),
        new ObjectMapper().writeValueAsString(data));
  }
}
