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
import kafkaload.internal.results.Percentiles;
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
    List<RunHistory.Entry> entries = RunHistory.entries(history);
    List<Map<String, Object>> runs = new ArrayList<>();
    for (RunHistory.Entry e : entries) {
      RunResults r = e.results();
      RunFigures f = RunFigures.of(r);
      Percentiles p = f.ackPercentiles();
      Map<String, Object> run = new LinkedHashMap<>();
      run.put("label", e.label().isEmpty() ? r.period().startedAt() : e.label());
      run.put("startedAt", r.period().startedAt());
      run.put("simulation", r.parameters() == null ? null : r.parameters().get("simulation"));
      run.put("p50", p == null ? null : p.p50());
      run.put("p99", p == null ? null : p.p99());
      run.put("p999", p == null ? null : p.p999());
      run.put("msgsPerSec", f.msgsPerSecTotal());
      run.put("errorPct", f.errorPct());
      double cpu = Stats.medianOf(f.cpuUsPerMsg());
      run.put("cpuUsPerMsg", Double.isNaN(cpu) ? null : cpu);
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
        outDir.resolve("trends.html"), PAGE, new ObjectMapper().writeValueAsString(data));
  }

  private static final String PAGE =
      """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Kafka load test trends</title>
      /*ERRORS*/
      <style>/*STYLE*/ .bad { color: #b91c1c; font-weight: bold; } .ok { color: #15803d; }</style>
      <script src="kafka-echarts.min.js"></script>
      </head><body>
      <h1>Kafka load test trends</h1>
      <p id="about"></p>
      <h2>Ack latency per run (ms)</h2><div id="latency" class="chart"></div>
      <h2>Throughput per run (msg/s)</h2><div id="throughput" class="chart"></div>
      <h2>Errors per run (%)</h2><div id="errors" class="chart"></div>
      <h2>CPU per message per run (µs of the machine's CPU)</h2><div id="cpu" class="chart"></div>
      <h2>Change points</h2><div id="changes"></div>
      <h2>Runs</h2><div id="runs"></div>
      <script>
      const DATA = /*DATA*/;
      /*CHART*/
      const esc = s => String(s === null || s === undefined ? '-' : s).replace(/[&<>"]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]));
      const fmt = v => v === null || v === undefined ? '-' : (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3));
      const runs = DATA.runs, labels = runs.map((r, i) => (i + 1) + ' ' + r.label);
      document.body.setAttribute('data-runs', runs.length);
      document.getElementById('about').textContent = runs.length + ' runs from ' + DATA.history;
      const NAMES = {p50: 'p50', p99: 'p99', p999: 'p99.9', msgsPerSec: 'msg/s', errorPct: 'error %', cpuUsPerMsg: 'CPU per message'};
      const series = key => {
        const s = {name: NAMES[key], type: 'line', data: runs.map(r => r[key])};
        const c = DATA.changes[key];
        if (c) {
          s.markLine = {symbol: 'none', label: {formatter: 'change: ' + NAMES[key]}, lineStyle: {color: '#c0392b', type: 'dashed'},
            data: [{xAxis: c.run}]};
        }
        return s;
      };
      const chart = (id, keys) => drawChart(id, {animation: false, tooltip: {trigger: 'axis'}, legend: {},
        grid: {left: 60, right: 40, bottom: 90}, xAxis: {type: 'category', data: labels, axisLabel: {rotate: 30}},
        yAxis: {type: 'value'}, series: keys.map(series)});
      chart('latency', ['p50', 'p99', 'p999']);
      chart('throughput', ['msgsPerSec']);
      chart('errors', ['errorPct']);
      chart('cpu', ['cpuUsPerMsg']);
      const changeKeys = Object.keys(DATA.changes);
      document.getElementById('changes').innerHTML = changeKeys.length === 0
        ? '<p>None found (a change needs at least 4 runs on each side; see docs/ci-gate.md).</p>'
        : '<ul>' + changeKeys.map(k => { const c = DATA.changes[k];
            return '<li>' + esc(NAMES[k]) + ': from run ' + (c.run + 1) + ' (' + esc(runs[c.run].label) + '), median ' + fmt(c.before) + ' before, ' + fmt(c.after) + ' after (|z| ' + fmt(c.z) + ')</li>'; }).join('') + '</ul>';
      document.getElementById('changes').setAttribute('data-changes', changeKeys.length);
      document.getElementById('runs').innerHTML = '<table><tr><th>#</th><th class="l">label</th><th class="l">started</th><th>p50</th><th>p99</th><th>p99.9</th><th>msg/s</th><th>error %</th><th>CPU µs/msg</th><th>gates</th><th>baseline</th></tr>' +
        runs.map((r, i) => '<tr><td>' + (i + 1) + '</td><td class="l">' + esc(r.label) + '</td><td class="l">' + esc(r.startedAt) + '</td><td>' + fmt(r.p50) + '</td><td>' + fmt(r.p99) + '</td><td>' + fmt(r.p999) +
          '</td><td>' + fmt(r.msgsPerSec) + '</td><td>' + fmt(r.errorPct) + '</td><td>' + fmt(r.cpuUsPerMsg) + '</td><td class="' + (r.gatesPassed === false ? 'bad' : 'ok') + '">' +
          (r.gatesPassed === null ? '-' : r.gatesPassed ? 'pass' : 'FAIL') + (r.saturated ? ' (saturated)' : '') + '</td><td class="' + (r.regressed ? 'bad' : 'ok') + '">' + (r.regressed === null ? '-' : r.regressed ? 'REGRESSION' : 'ok') + '</td></tr>').join('') + '</table>';
      </script>
      </body></html>
      """;
}
