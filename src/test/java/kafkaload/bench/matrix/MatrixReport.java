package kafkaload.bench.matrix;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import kafkaload.bench.matrix.MatrixGrid.Dimension;
import kafkaload.internal.config.Secrets;
import kafkaload.internal.report.KafkaPage;

/**
 * The sweep's outputs: matrix.csv (one row per cell, every figure), matrix.md (the seed's shape:
 * MB/s by replication factor, one row per combination of the other varying knobs, then every cell)
 * and matrix.html (a chart per varying dimension, and every cell with links to its Gatling report
 * and Kafka page).
 */
final class MatrixReport {
  private final MatrixGrid grid;
  private final List<CellResult> results;
  private final List<String> notes;

  MatrixReport(MatrixGrid grid, List<CellResult> results, List<String> notes) {
    this.grid = grid;
    this.results = results;
    this.notes = notes;
  }

  void writeAll(Path out) throws IOException {
    Files.writeString(out.resolve("matrix.csv"), csv(out));
    Files.writeString(out.resolve("matrix.md"), markdown(out));
    KafkaPage.copyECharts(out.resolve("matrix-echarts.min.js"));
    Files.writeString(out.resolve("matrix.html"), html(out));
  }

  private static final String[] FIGURES = {
    "msg_per_s",
    "mb_per_s",
    "p50_ms",
    "p99_ms",
    "error_pct",
    "cpu_us_per_msg",
    "sent_ok",
    "failed",
    "lost",
    "duplicates",
    "injector_saturated"
  };

  String csv(Path out) {
    StringBuilder sb = new StringBuilder("cell,status");
    for (Dimension d : Dimension.values()) {
      sb.append(',').append(d.param);
    }
    sb.append(',').append(String.join(",", FIGURES)).append(",reason,report\n");
    for (CellResult r : results) {
      sb.append(r.cell().id()).append(',').append(r.status());
      for (Dimension d : Dimension.values()) {
        sb.append(',').append(r.cell().get(d));
      }
      if (r.ran()) {
        sb.append(
            String.format(
                Locale.ROOT,
                ",%.1f,%.3f,%.0f,%.0f,%.3f,%.2f,%d,%d,%d,%d,%s",
                r.msgPerSec(),
                r.mbPerSec(),
                r.p50Ms(),
                r.p99Ms(),
                r.errorPct(),
                r.cpuMicrosPerMsg(),
                r.sentOk(),
                r.sentKo(),
                r.lost(),
                r.duplicates(),
                r.saturated()));
      } else {
        sb.append(",".repeat(FIGURES.length));
      }
      sb.append(',')
          .append(quote(r.reason()))
          .append(',')
          .append(r.ran() ? link(out, r, "index.html") : "")
          .append('\n');
    }
    return sb.toString();
  }

  String markdown(Path out) {
    List<Dimension> rowDims = new ArrayList<>(grid.varying());
    rowDims.remove(Dimension.REPLICATION);
    List<String> rfs = grid.values().get(Dimension.REPLICATION);
    StringBuilder sb = new StringBuilder("# Producer throughput matrix\n\n");
    sb.append(header()).append('\n');
    sb.append("## MB/s by replication factor")
        .append(
            rowDims.isEmpty()
                ? ""
                : " x " + String.join(" x ", rowDims.stream().map(d -> d.label).toList()))
        .append("\n\n|");
    rowDims.forEach(d -> sb.append(' ').append(d.label).append(" |"));
    rfs.forEach(rf -> sb.append(" RF ").append(rf).append(" |"));
    sb.append("\n|").append("---|".repeat(rowDims.size() + rfs.size())).append('\n');
    Map<String, Map<String, CellResult>> rows = new LinkedHashMap<>();
    for (CellResult r : results) {
      rows.computeIfAbsent(r.cell().label(rowDims), k -> new LinkedHashMap<>())
          .put(r.cell().get(Dimension.REPLICATION), r);
    }
    for (Map<String, CellResult> row : rows.values()) {
      CellResult first = row.values().iterator().next();
      sb.append('|');
      rowDims.forEach(d -> sb.append(' ').append(first.cell().get(d)).append(" |"));
      for (String rf : rfs) {
        CellResult r = row.get(rf);
        sb.append(' ')
            .append(
                r == null
                    ? ""
                    : r.ran()
                        ? String.format(Locale.ROOT, "%.2f", r.mbPerSec())
                            + (r.saturated() ? " (sat.)" : "")
                        : r.status())
            .append(" |");
      }
      sb.append('\n');
    }
    sb.append("\n## Every cell\n\n| cell |");
    grid.varying().forEach(d -> sb.append(' ').append(d.label).append(" |"));
    sb.append(" msg/s | MB/s | p50 ms | p99 ms | errors % | CPU us/msg | status | report |\n|")
        .append("---|".repeat(grid.varying().size() + 9))
        .append('\n');
    for (CellResult r : results) {
      sb.append("| ").append(r.cell().id()).append(" |");
      grid.varying().forEach(d -> sb.append(' ').append(r.cell().get(d)).append(" |"));
      if (r.ran()) {
        sb.append(
            String.format(
                Locale.ROOT,
                " %,.0f | %.2f%s | %.0f | %.0f | %.2f | %.1f |",
                r.msgPerSec(),
                r.mbPerSec(),
                r.saturated() ? " (sat.)" : "",
                r.p50Ms(),
                r.p99Ms(),
                r.errorPct(),
                r.cpuMicrosPerMsg()));
      } else {
        sb.append(" | | | | | |");
      }
      sb.append(' ')
          .append(r.status())
          .append(r.reason().isEmpty() ? "" : ": " + r.reason().replace("|", "\\|"))
          .append(" | ")
          .append(r.ran() ? "[report](" + link(out, r, "index.html") + ")" : "")
          .append(" |\n");
    }
    sb.append("\n").append(LEGEND).append('\n');
    return sb.toString();
  }

  private static final String LEGEND =
      "msg/s: records of the measured request acked OK (sync) or accepted by the"
          + " producer (async: fire-and-forget, not ack-timed), over the measured seconds; MB/s: msg/s x record size"
          + " / 2^20; p50/p99: Gatling's percentiles of that request (ack latency when sync); errors: failed sends"
          + " (and, async, failed acks) in % of sends; CPU: the cell JVM's CPU time over the measured phase (sampled from"
          + " outside, from Gatling's start line) per msg; (sat.): the injector was saturated (CPU, GC, buffer waits or event-loop delay)"
          + " during the cell, its figures are a floor. Not a CI figure: a benchmark on a shared machine is noisy.";

  private String header() {
    List<String> fixed = new ArrayList<>();
    for (Dimension d : Dimension.values()) {
      if (grid.values().get(d).size() == 1) {
        fixed.add(d.param + "=" + grid.values().get(d).get(0));
      }
    }
    return "Preset `"
        + grid.preset()
        + "`, "
        + results.size()
        + " cells, each a BaselineSimulation run with a "
        + grid.warmupSeconds()
        + " s warm-up and "
        + grid.durationSeconds()
        + " s measured.\n"
        + (fixed.isEmpty() ? "" : "Fixed: " + String.join(", ", fixed) + ".\n")
        + (grid.passThrough().isEmpty() ? "" : "Passed to every cell: " + passThroughText() + ".\n")
        + String.join(".\n", notes)
        + ".\n";
  }

  private String passThroughText() {
    List<String> out = new ArrayList<>();
    grid.passThrough()
        .forEach((k, v) -> out.add("-D" + k + "=" + (Secrets.isSecret(k) ? "******" : v)));
    return String.join(" ", out);
  }

  String html(Path out) throws IOException {
    List<Map<String, Object>> cells = new ArrayList<>();
    for (CellResult r : results) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", r.cell().id());
      Map<String, String> values = new LinkedHashMap<>();
      for (Dimension d : Dimension.values()) {
        values.put(d.param, r.cell().get(d));
      }
      m.put("values", values);
      m.put("status", r.status());
      m.put("reason", r.reason());
      if (r.ran()) {
        m.put("msgPerSec", r.msgPerSec());
        m.put("mbPerSec", r.mbPerSec());
        m.put("p50", r.p50Ms());
        m.put("p99", r.p99Ms());
        m.put("errorPct", r.errorPct());
        m.put("cpuUsPerMsg", Double.isNaN(r.cpuMicrosPerMsg()) ? null : r.cpuMicrosPerMsg());
        m.put("saturated", r.saturated());
        m.put("report", link(out, r, "index.html"));
        m.put("kafka", link(out, r, "kafka.html"));
      }
      cells.add(m);
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("varying", grid.varying().stream().map(d -> d.param).toList());
    data.put(
        "values",
        grid.values().entrySet().stream()
            .collect(
                Collectors.toMap(
                    e -> e.getKey().param, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new)));
    data.put("cells", cells);
    String json = new ObjectMapper().writeValueAsString(data).replace("</", "<\\/");
    String head = escape(header().replace("`", "")).replace("\n", "<br>");
    return TEMPLATE
        .replace("/*STYLE*/", KafkaPage.STYLE)
        .replace("/*ERRORS*/", KafkaPage.ERROR_TRAP)
        .replace("/*CHART*/", KafkaPage.CHART_JS)
        .replace("/*HEADER*/", head)
        .replace("/*LEGEND*/", escape(LEGEND))
        .replace("/*DATA*/", json);
  }

  private static String link(Path out, CellResult r, String file) {
    return out.toAbsolutePath()
        .relativize(r.reportDir().toAbsolutePath().resolve(file))
        .toString()
        .replace('\\', '/');
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n")
        ? "\"" + s.replace("\"", "\"\"") + "\""
        : s;
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static final String TEMPLATE =
      """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Producer throughput matrix</title>
      <style>
        /*STYLE*/
        .skipped { color: #6b7280; } .failed { color: #b91c1c; font-weight: 600; }
        .note { color: #6b7280; font-size: 13px; max-width: 1100px; }
      </style>
      /*ERRORS*/
      <script src="matrix-echarts.min.js"></script></head>
      <body>
      <h1>Producer throughput matrix</h1>
      <p class="note">/*HEADER*/</p>
      <div id="charts"></div>
      <h2>Every cell</h2><div id="cells"></div>
      <p class="note">/*LEGEND*/</p>
      <script>
      const DATA = /*DATA*/;
      /*CHART*/
      const esc = s => String(s).replace(/[&<>"]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
      const num = (v, d) => v === undefined || v === null ? '' : v.toLocaleString('en', {minimumFractionDigits: d, maximumFractionDigits: d});
      const label = (c, dims) => dims.map(d => d + '=' + c.values[d]).join(' ') || 'all';
      const charts = document.getElementById('charts');
      if (!DATA.varying.length) charts.innerHTML = '<p class="note">One cell: no dimension to chart.</p>';
      // One chart per varying dimension: its values on the x axis, one series per combination of the others.
      DATA.varying.forEach(dim => {
        const others = DATA.varying.filter(d => d !== dim);
        const series = {};
        DATA.cells.forEach(c => {
          const key = label(c, others);
          series[key] = series[key] || DATA.values[dim].map(() => null);
          series[key][DATA.values[dim].indexOf(c.values[dim])] = c.status === 'skipped' || c.mbPerSec === undefined ? null : c.mbPerSec;
        });
        const h = document.createElement('h2'); h.textContent = 'MB/s by ' + dim; charts.appendChild(h);
        const div = document.createElement('div'); div.className = 'chart'; div.id = 'chart-' + dim; charts.appendChild(div);
        drawChart(div.id, {animation: false, tooltip: {trigger: 'axis'}, legend: {type: 'scroll'}, grid: {left: 60, right: 40, top: 50},
          xAxis: {type: 'category', name: dim, nameLocation: 'middle', nameGap: 28, data: DATA.values[dim]}, yAxis: {type: 'value', name: 'MB/s'},
          series: Object.entries(series).map(([name, data]) => ({name, type: 'bar', data}))});
      });
      const cols = DATA.varying.length ? DATA.varying : ['topic.replication'];
      document.getElementById('cells').innerHTML = '<table><tr><th class="l">cell</th>' + cols.map(d => '<th>' + esc(d) + '</th>').join('') +
        '<th>msg/s</th><th>MB/s</th><th>p50 ms</th><th>p99 ms</th><th>errors %</th><th>CPU us/msg</th><th class="l">status</th><th class="l">reports</th></tr>' +
        DATA.cells.map(c => '<tr class="' + c.status + '"><td class="l">' + c.id + '</td>' + cols.map(d => '<td>' + esc(c.values[d]) + '</td>').join('') +
          '<td>' + num(c.msgPerSec, 0) + '</td><td>' + num(c.mbPerSec, 2) + (c.saturated ? ' (sat.)' : '') + '</td><td>' + num(c.p50, 0) + '</td><td>' + num(c.p99, 0) + '</td><td>' +
          num(c.errorPct, 2) + '</td><td>' + num(c.cpuUsPerMsg, 1) + '</td><td class="l ' + c.status + '">' + esc(c.status + (c.reason ? ': ' + c.reason : '')) +
          '</td><td class="l">' + (c.report ? '<a href="' + esc(c.report) + '">Gatling report</a> · <a href="' + esc(c.kafka) + '">Kafka page</a>' : '') + '</td></tr>').join('') + '</table>';
      document.body.setAttribute('data-rendered', 'true');
      </script></body></html>
      """;
}
