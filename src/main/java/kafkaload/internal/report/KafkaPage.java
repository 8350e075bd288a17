package kafkaload.internal.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The Kafka page beside Gatling's report (kafka.html): throughput, injector CPU and GC over time, per-partition
 * bars, latency, reconciliation and gates, drawn with Apache ECharts from the run's kafka-summary.json data.
 */
public final class KafkaPage {
  static final String ECHARTS = "META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";

  private KafkaPage() {}

  public static Path write(Path dir, RunSummary summary) throws IOException {
    copyECharts(dir.resolve("kafka-echarts.min.js"));
    // The data is embedded, so the page also opens from file:// where fetching the JSON would be refused.
    String data = summary.json().replace("</", "<\\/");
    Path out = dir.resolve("kafka.html");
    Files.writeString(out, TEMPLATE.replace("/*STYLE*/", STYLE).replace("/*ERRORS*/", ERROR_TRAP)
        .replace("/*CHART*/", CHART_JS)
        .replace("/*DATA*/", data));
    return out;
  }

  /** Copies Apache ECharts from its webjar, so a page beside it draws charts from file:// with no network. */
  public static void copyECharts(Path target) throws IOException {
    try (InputStream in = KafkaPage.class.getClassLoader().getResourceAsStream(ECHARTS)) {
      if (in == null) {
        throw new IOException("ECharts is not on the classpath: " + ECHARTS);
      }
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The pages' shared look: fonts, headings, chart size, tables. */
  public static final String STYLE = """
      body { font-family: system-ui, sans-serif; margin: 24px; color: #1f2937; }
      h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
      .chart { width: 100%; max-width: 1100px; height: 320px; }
      table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
      td, th { border: 1px solid #d1d5db; padding: 4px 8px; text-align: right; }
      th { background: #f3f4f6; } td.l, th.l { text-align: left; }
      """;

  /**
   * The pages' first script: every script error, failed resource load, rejected promise and console.error lands
   * in the html element's data-errors attribute, which a headless browser's --dump-dom shows (Chromium's own log
   * does not tell console.error from console.log).
   */
  public static final String ERROR_TRAP = """
      <script>
      (function () {
        const root = document.documentElement, errors = [];
        root.setAttribute('data-errors', '');
        const note = m => { errors.push(String(m)); root.setAttribute('data-errors', errors.join(' | ')); };
        window.addEventListener('error', e => note(e.message ? e.message + ' (' + e.filename + ':' + e.lineno + ')'
          : 'could not load ' + ((e.target && (e.target.src || e.target.href)) || 'a resource')), true);
        window.addEventListener('unhandledrejection', e => note('unhandled rejection: ' + e.reason));
        const consoleError = console.error;
        console.error = function () { note(Array.from(arguments).join(' ')); return consoleError.apply(console, arguments); };
      })();
      </script>
      """;

  /**
   * Draws an ECharts chart and marks its element with data-points and data-max: the finite data points of the
   * series ECharts holds after setOption, and the highest of them, so a headless check can tell a drawn chart from
   * an empty one, and see that a peak was drawn.
   */
  public static final String CHART_JS = """
      const chartValues = c => (c.getOption().series || []).flatMap(s => (s.data || []).map(v =>
        Array.isArray(v) ? v[v.length - 1] : (v !== null && typeof v === 'object' ? v.value : v)))
        .filter(y => typeof y === 'number' && isFinite(y));
      function drawChart(id, option) {
        const el = document.getElementById(id), c = echarts.init(el);
        c.setOption(option);
        const values = chartValues(c);
        el.setAttribute('data-points', values.length);
        el.setAttribute('data-max', values.length ? values.reduce((a, b) => Math.max(a, b)) : '');
        return c;
      }
      """;

  private static final String TEMPLATE = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>Kafka run summary</title>
      <style>
        /*STYLE*/
        .bad { color: #b91c1c; font-weight: 600; } .ok { color: #15803d; }
        .warn { background: #fef2f2; border: 1px solid #fca5a5; padding: 8px 12px; }
        .note { color: #6b7280; font-size: 13px; }
      </style>
      /*ERRORS*/
      <script src="kafka-echarts.min.js"></script></head>
      <body>
      <h1>Kafka run summary</h1>
      <p class="note">Beside <a href="index.html">Gatling's report</a>. Data: <a href="kafka-summary.json">kafka-summary.json</a>.
      Ack latency runs from producer.send to the broker's acknowledgement.</p>
      <div id="saturation"></div>
      <h2>Gates</h2><div id="gates"></div>
      <div id="injectorsSection" style="display:none"><h2>Injectors</h2><div id="injectors"></div>
      <p class="note">A distributed run merged from several injectors: counts and rates are summed, latency percentiles come from the injectors' histograms added together; the timeline adds the injectors' seconds, each counted from its own start.</p></div>
      <div id="faultSection" style="display:none"><h2>Broker faults</h2><div id="faults"></div></div>
      <h2>Throughput (acked records)</h2><div id="throughput" class="chart"></div><p class="note" id="throughputNote"></p>
      <h2>Injector CPU, GC and event-loop delay</h2><div id="injector" class="chart"></div><p class="note" id="injectorNote"></p>
      <h2>Injector heap: used, and after GC</h2><div id="heap" class="chart"></div><p class="note" id="heapNote"></p>
      <div id="lagSection" style="display:none"><h2>Consumer lag</h2><div id="lag" class="chart"></div><p class="note" id="lagNote"></p></div>
      <h2>Latency (ms)</h2><div id="latency"></div>
      <h2>Records per partition</h2><div id="partitions" class="chart"></div>
      <h2>Reconciliation</h2><div id="reconciliation"></div>
      <h2>Producer metrics at the end</h2><div id="producer"></div>
      <h2>Configuration</h2><div id="config"></div>
      <h2>Run parameters</h2><div id="parameters"></div>
      <script>
      const DATA = /*DATA*/;
      const esc = s => String(s).replace(/[&<>"]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
      const fmt = v => typeof v === 'number' ? (Number.isInteger(v) ? v.toLocaleString('en') : v.toFixed(2)) : (v === null || v === undefined ? '-' : esc(v));
      function table(rows, cols) {
        if (!rows || !rows.length) return '<p class="note">none</p>';
        return '<table><tr>' + cols.map(c => '<th class="' + (c.l ? 'l' : '') + '">' + c.h + '</th>').join('') + '</tr>' +
          rows.map(r => '<tr>' + cols.map(c => '<td class="' + (c.l ? 'l ' : '') + (c.cls ? c.cls(r) : '') + '">' + (c.f ? c.f(r) : fmt(r[c.k])) + '</td>').join('') + '</tr>').join('') + '</table>';
      }
      const inj = DATA.injector;
      if (inj.saturated) {
        document.getElementById('saturation').innerHTML = '<p class="warn"><b>The injector was saturated: results below are not trustworthy.</b><br>' + inj.reasons.map(esc).join('<br>') + '</p>';
      }
      if (DATA.injectors) {
        document.getElementById('injectorsSection').style.display = 'block';
        document.getElementById('injectors').innerHTML = table(DATA.injectors, [{h: 'injector', k: 'index'},
          {h: 'status', k: 'status', cls: r => r.status === 'complete' ? 'ok' : 'bad'}, {h: 'started late (ms)', k: 'lateMs'},
          {h: 'requests', k: 'requests'}, {h: 'OK', k: 'ok'}, {h: 'KO', k: 'ko'}, {h: 'acked', k: 'ackedOk'}, {h: 'msgs/s', k: 'msgsPerSec'},
          {h: 'send p99 (ms)', f: r => fmt(((r.ackLatencyMs || {}).send || {}).p99)}, {h: 'max CPU %', k: 'maxProcessCpuPct'},
          {h: 'health', f: r => r.saturated ? 'SATURATED' : (r.status === 'complete' ? 'ok' : '-'), cls: r => r.saturated ? 'bad' : ''},
          {h: 'detail', k: 'text', l: true}]);
      }
      document.getElementById('gates').innerHTML = table(DATA.gates || [], [
        {h: 'gate', k: 'description', l: true}, {h: 'verdict', f: r => r.passed ? 'PASS' : 'FAIL', cls: r => r.passed ? 'ok' : 'bad'}, {h: 'actual', k: 'actual'}]);
      const t = DATA.timeline.map(s => s.second);
      const line = (name, key, axis) => ({name, type: 'line', showSymbol: false, yAxisIndex: axis || 0, data: DATA.timeline.map(s => s[key])});
      /*CHART*/
      const chart = (id, option) => drawChart(id, Object.assign({animation: false, tooltip: {trigger: 'axis'}, legend: {}, grid: {left: 60, right: 60}}, option));
      // Broker faults count from the load's start, the timeline from the run's: each is marked at its second.
      const loadStart = (inj.loadWindowSeconds || {}).start;
      const faultMarks = loadStart >= 0 ? DATA.protocols.flatMap(q => q.faults || [])
        .map(f => ({name: f.request, xAxis: t.findIndex(sec => sec >= loadStart + f.atSeconds)})).filter(m => m.xAxis >= 0) : [];
      const msgs = line('msgs/s', 'msgsPerSec');
      if (faultMarks.length) {
        msgs.markLine = {symbol: 'none', silent: true, label: {formatter: '{b}', position: 'insideEndTop'},
          lineStyle: {color: '#c0392b', type: 'dashed'}, data: faultMarks};
      }
      chart('throughput', {xAxis: {type: 'category', data: t, name: 's'}, yAxis: [{type: 'value', name: 'msgs/s'}, {type: 'value', name: 'MB/s'}],
        series: [msgs, line('MB/s', 'mbPerSec', 1)]});
      document.getElementById('throughput').setAttribute('data-fault-marks', faultMarks.length);
      // A long run's charts are downsampled on the server (Timeline.java): say so under each, and by how much.
      const res = DATA.timelineResolution || {};
      const timelineNote = res.downsampled ? '<b>Downsampled</b>: ' + fmt(res.samples) + ' per-second samples shown as ' + fmt(res.points) +
        ' points of ' + fmt(res.samplesPerPoint) + ' s each (' + esc(res.aggregation) + '), so no peak is hidden; every second is in <a href="' +
        esc(res.perSecondFile) + '">' + esc(res.perSecondFile) + '</a>. ' : '';
      document.getElementById('throughputNote').innerHTML = timelineNote;
      const cutNote = res.downsampled ? '<b>Downsampled</b>: points of ' + fmt(res.samplesPerPoint) + ' s, as above. ' : '';
      chart('injector', {xAxis: {type: 'category', data: t, name: 's'}, yAxis: [{type: 'value', name: 'CPU %', max: 100}, {type: 'value', name: 'ms'}],
        series: [line('machine CPU %', 'systemCpuPct'), line('injector process CPU %', 'processCpuPct'),
                 Object.assign(line('GC pause ms', 'gcPauseMs', 1), {type: 'bar'}), line('event-loop delay, max ms', 'eventLoopDelayMaxMs', 1),
                 Object.assign(line('ack latency p99 ms', 'ackP99Ms', 1), {connectNulls: false})]});
      const el = inj.eventLoopDelayMs || {}, win = inj.loadWindowSeconds || {};
      document.getElementById('injectorNote').innerHTML = cutNote + 'Event-loop delay during the load (how late a task due every ' + fmt(el.intervalMs) + ' ms ran on each of the ' + fmt(el.loops) +
        ' Gatling event loops; work on a late loop starts late, which no latency figure shows): p50 ' + fmt(el.p50) + ' ms, p99 ' + fmt(el.p99) + ' ms, max ' + fmt(el.max) + ' ms over ' + fmt(el.probes) +
        ' probes. The saturation verdict judges the samples of the load only: ' + fmt(win.start) + ' s to ' + (win.end >= 0 ? fmt(win.end) + ' s' : 'the end') + '.';
      chart('heap', {xAxis: {type: 'category', data: t, name: 's'}, yAxis: {type: 'value', name: 'MB'},
        series: [line('heap used, MB', 'heapUsedMb'), Object.assign(line('heap after GC, MB', 'heapAfterGcMb'), {connectNulls: true})]});
      const hg = inj.heapAfterGcMb || {};
      document.getElementById('heapNote').innerHTML = cutNote + 'Heap after GC is what the latest collection left (the figure -Xlog:gc prints after "->"); over the load: first ' +
        fmt(hg.first) + ' MB, last ' + fmt(hg.last) + ' MB, highest ' + fmt(hg.max) + ' MB. Heap used rises and falls between collections; heap after GC that keeps rising ' +
        'through a long run is memory kept per record or per user. The embedded broker, when it runs in this JVM, is part of this heap.';
      const p = DATA.protocols[0] || {};
      const parts = p.partitions || [];
      const oneTopic = new Set(parts.map(r => r.topic)).size <= 1;
      chart('partitions', {tooltip: {}, xAxis: {type: 'category', data: parts.map(r => oneTopic ? r.partition : r.topic + '-' + r.partition), name: 'partition'}, yAxis: {type: 'value', name: 'records'},
        series: [{name: 'acked records', type: 'bar', data: parts.map(r => r.records)}]});
      if (p.lag && Object.keys(p.lag).length) {
        document.getElementById('lagSection').style.display = 'block';
        chart('lag', {xAxis: {type: 'value', name: 's'}, yAxis: {type: 'value', name: 'records behind'},
          series: Object.entries(p.lag).map(([g, s]) => ({name: g, type: 'line', showSymbol: false, data: s.map(x => [x.second, x.totalLag])}))});
        document.getElementById('lagNote').innerHTML = Object.entries(p.lagResolution || {}).filter(([g, r]) => r.downsampled).map(([g, r]) =>
          '<b>Downsampled</b>: group ' + esc(g) + ': ' + fmt(r.samples) + ' samples shown as ' + fmt(r.points) + ' points, each the highest lag of its ' +
          fmt(r.samplesPerPoint) + ' samples (the lag verdict judged every sample).').join('<br>');
      }
      const lat = Object.entries(p.ackLatencyMs || {}).map(([name, v]) => Object.assign({name: name + ' (ack)'}, v))
        .concat(Object.entries(p.e2eLatencyMs || {}).map(([name, v]) => Object.assign({name: name + ' (end-to-end)'}, v)));
      document.getElementById('latency').innerHTML = table(lat, [{h: 'request', k: 'name', l: true}, {h: 'count', k: 'count'}, {h: 'mean', k: 'mean'},
        {h: 'p50', k: 'p50'}, {h: 'p95', k: 'p95'}, {h: 'p99', k: 'p99'}, {h: 'p99.9', k: 'p99.9'}, {h: 'max', k: 'max'}]) +
        '<p class="note">Publish delay (from the send action starting to producer.send: the throttler queue, building the record, the wait for the blocking-sender thread; not how late the event loop ran the action, see event-loop delay above): p99 ' + fmt((p.publishDelayMs || {}).p99) + ' ms, max ' + fmt((p.publishDelayMs || {}).max) + ' ms.</p>' +
        sourcesTable(DATA.latencySources) +
        (p.schemas ? '<p class="note" id="schemas">Records with schemas: ' + fmt(p.schemas.serializedRecords) + ' serialized, serialization (not part of the ack latency) p50 ' + fmt(p.schemas.serializationMs.p50) + ' ms, p99 ' + fmt(p.schemas.serializationMs.p99) + ' ms, max ' + fmt(p.schemas.serializationMs.max) + ' ms; Schema Registry calls in the run: ' + fmt(p.schemas.registryCalls) + '.</p>' : '');
      // The ack latency next to its parts: a broker round trip close to the ack tail means a slow broker; event-loop
      // delay, GC pauses or publish delay of the same size mean a slow injector.
      function sourcesTable(ls) {
        if (!ls || !ls.ackLatencyMs || !Object.keys(ls.ackLatencyMs).length) return '';
        const b = ls.broker || {}, q = ls.producerBuffer || {}, i = ls.injector || {};
        const rows = Object.entries(ls.ackLatencyMs).map(([n, v]) => ({s: 'ack latency of ' + n, t: 'p99 ' + fmt(v.p99), m: fmt(v.max), w: "producer.send to the broker's acknowledgement"}))
          .concat([{s: 'broker round trip', t: 'avg ' + fmt(b.requestLatencyAvgMs), m: fmt(b.requestLatencyMaxMs), w: "the producer's request-latency: a produce request to its response"},
            {s: 'producer buffer', t: 'avg ' + fmt(q.recordQueueTimeAvgMs), m: fmt(q.recordQueueTimeMaxMs), w: "record-queue-time: batching, linger.ms, the producer's I/O thread running late"},
            {s: 'publish delay', t: 'p99 ' + fmt(i.publishDelayP99Ms), m: fmt(i.publishDelayMaxMs), w: 'injector: the send action starting to producer.send'},
            {s: 'event-loop delay', t: 'p99 ' + fmt(i.eventLoopDelayP99Ms), m: fmt(i.eventLoopDelayMaxMs), w: "injector: how late Gatling's event loops ran"},
            {s: 'GC pauses', t: 'total ' + fmt(i.gcPauseTotalMs), m: fmt(i.gcPauseMaxMs), w: 'injector: stop-the-world pauses of this JVM'}]);
        return '<h3 id="latencySources">Where the latency comes from (over the ' + fmt(ls.loadSeconds) + ' s of the load, ms)</h3>' +
          table(rows, [{h: 'source', k: 's', l: true}, {h: 'typical', k: 't'}, {h: 'max', k: 'm'}, {h: 'what it is', k: 'w', l: true}]);
      }
      if (p.faults && p.faults.length) {
        document.getElementById('faultSection').style.display = 'block';
        document.getElementById('faults').innerHTML = table(p.faults, [{h: 'at (s)', k: 'atSeconds'}, {h: 'fault', k: 'request', l: true},
          {h: 'result', f: r => r.ok ? 'OK' : 'KO', cls: r => r.ok ? 'ok' : 'bad'}, {h: 'took (ms)', k: 'durationMs'}, {h: 'detail', k: 'detail', l: true}]);
      }
      const rec = p.reconciliation;
      document.getElementById('reconciliation').innerHTML = p.reconciliationError ? '<p class="bad">' + esc(p.reconciliationError) + '</p>' :
        !rec ? '<p class="note">not run (-Dverify=false)</p>' :
        table(rec.topics.concat(rec.topics.length > 1 ? [Object.assign({}, rec, {topic: 'all topics'})] : []), [{h: 'topic', k: 'topic', l: true}, {h: 'acked OK', k: 'ackedOk'}, {h: 'offset delta', k: 'offsetDelta'},
          {h: 'lost', k: 'lost', cls: r => r.lost ? 'bad' : 'ok'}, {h: 'duplicates', k: 'duplicates', cls: r => r.duplicates ? 'bad' : 'ok'}]) +
        rec.topics.filter(t => t.change).map(t => '<p class="bad">Topic ' + esc(t.topic) + ' was ' + esc(t.changeText) +
          ': its offsets cannot be compared with those before the run; the records acked into the old topic are lost.</p>').join('') +
        '<p class="note">In flight at the end (neither OK nor KO): ' + fmt(rec.inFlightAtEnd) + '.</p>' +
        (rec.readBack ? '<p class="note">Read-back ' + (rec.readBack.complete ? 'complete' : 'INCOMPLETE') + ': ' + fmt(rec.readBack.matched) + ' records of this run, ' +
          fmt(rec.readBack.distinct) + ' distinct, ' + fmt(rec.readBack.reordered) + ' reordered, ' + fmt(rec.readBack.gaps) + ' sequence gaps' +
          (rec.readBack.koInTopic ? ', ' + fmt(rec.readBack.koInTopic) + ' records whose send was KO in the topic anyway (not counted as delivered)' : '') + '.</p>' : '<p class="note">read-back off</p>') +
        table(rec.topics.flatMap(t => t.partitions.map(r => Object.assign({topic: t.topic}, r))), [{h: 'topic', k: 'topic', l: true}, {h: 'partition', k: 'partition'}, {h: 'offset before', k: 'offsetBefore'}, {h: 'offset after', f: r => r.offsetAfter < 0 ? 'gone' : fmt(r.offsetAfter)},
          {h: 'acked', k: 'ackedRecords'}, {h: 'acked bytes', k: 'ackedBytes'}, {h: 'duplicates', k: 'duplicates'}, {h: 'reordered', k: 'reordered'}]);
      document.getElementById('producer').innerHTML = table(Object.entries(p.producerMetrics || {}).map(([k, v]) => ({k, v})), [{h: 'metric', k: 'k', l: true}, {h: 'value', k: 'v'}]);
      const cfg = Object.assign({}, p.config || {}); const props = cfg.producerProperties || {}; delete cfg.producerProperties;
      // A group of settings (the Schema Registry's) is a row per setting: its keys are Confluent's full names.
      const cfgRows = Object.entries(cfg).concat(Object.entries(props)).flatMap(([k, v]) => v !== null && typeof v === 'object' ? Object.entries(v) : [[k, v]]);
      document.getElementById('config').innerHTML = table(cfgRows.map(([k, v]) => ({k, v})), [{h: 'setting', k: 'k', l: true}, {h: 'value', k: 'v', l: true}]);
      document.getElementById('parameters').innerHTML = table(Object.entries(DATA.parameters || {}).map(([k, v]) => ({k, v})), [{h: 'parameter (-D)', k: 'k', l: true}, {h: 'value used', k: 'v', l: true}]);
      document.body.setAttribute('data-rendered', 'true');
      </script></body></html>
      """;
}
