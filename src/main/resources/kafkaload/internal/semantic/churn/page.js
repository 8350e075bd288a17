// Consumer churn: per group protocol, what each step of the plan cost, and whether every record produced was read.
const ch = p.churn;
if (ch) {
  document.getElementById('churnSection').style.display = 'block';
  const ms = v => (typeof v === 'number' ? fmt(v) : 'never');
  let html = '<p>' + fmt(ch.consumers) + ' consumers on ' + esc(ch.topic) + ' (' + fmt(ch.partitions) + ' partitions), ' +
    fmt(ch.ratePerSec) + ' msg/s for ' + fmt(ch.loadMs / 1000) + ' s per protocol, plan <code>' + esc(ch.plan || '(none)') + '</code>' +
    (ch.maxPauseMs != null ? ', pause gate ' + fmt(ch.maxPauseMs) + ' ms' : '') +
    (ch.maxReadTwicePct != null ? ', read-twice gate ' + fmt(ch.maxReadTwicePct) + ' %' : '') + '.</p>';
  const opt = v => (v == null ? '-' : fmt(v));
  for (const r of ch.rounds || []) {
    const c = r.counts, k = r.kafka, s = r.steady;
    html += '<h3>' + esc(r.protocol) + '</h3><p class="' + (r.verdict ? 'bad' : 'ok') + '">' +
      fmt(c.produced) + ' produced, ' + fmt(c.readAtLeastOnce) + ' read at least once, ' + fmt(c.readTwice) + ' read twice' +
      (r.verdict ? ': ' + esc(r.verdict) : '') + '</p><p>Steady state before the first step: lag ' + opt(s.lag) +
      ' records, end-to-end p99 ' + opt(s.endToEndP99Ms) + ' ms. Kafka: ' + fmt(k.rebalances) + ' rebalances counted by the clients, rebalance-latency-max ' +
      opt(k.rebalanceLatencyMaxMs) + ' ms, generation ' + fmt(k.generation) + ', group ' + esc(k.state) +
      (k.groupEpoch != null ? ' at epoch ' + fmt(k.groupEpoch) : '') + '.</p>' +
      table(r.events || [], [{h: 'step', k: 'step', l: true}, {h: 'at (ms)', k: 'atMs'}, {h: 'pause (ms)', f: e => fmt(e.recovery.longestUnownedMs)},
        {h: 'owned again (ms)', f: e => ms(e.recovery.allOwnedAfterMs)}, {h: 'read again (ms)', f: e => ms(e.recovery.allReadAfterMs)},
        {h: 'no read (ms)', f: e => fmt(e.recovery.longestNoReadMs)}, {h: 'read twice', f: e => fmt(e.reads.readTwice)},
        {h: 'read twice (%)', f: e => fmt(e.reads.readTwicePct)}, {h: 'read/s, fewest in a second', f: e => opt(e.reads.minReadPerSec)},
        {h: 'lag peak', f: e => fmt(e.lag.peak)}, {h: 'back to steady lag (ms)', f: e => ms(e.lag.backToSteadyMs)},
        {h: 'e2e p99 (ms)', f: e => opt(e.endToEnd.p99Ms)}, {h: 'Kafka: rebalances', f: e => fmt(e.kafka.rebalances)},
        {h: 'Kafka: rebalance latency avg (ms)', f: e => opt(e.kafka.latencyAvgMs)}]);
  }
  document.getElementById('churn').innerHTML = html;
}
// Records read a second (and the lag, dashed) over each round's load, one line per protocol, the plan's steps marked.
if (ch && (ch.rounds || []).some(r => (r.perSecond.read || []).length)) {
  const steps = ((ch.rounds[0] || {}).events || []).map(e => ({name: e.step, xAxis: e.atMs / 1000}));
  const series = ch.rounds.map(r => ({name: r.protocol, type: 'line', showSymbol: false, data: (r.perSecond.read || []).map((v, i) => [i, v])}))
    .concat(ch.rounds.map(r => ({name: r.protocol + ' lag', type: 'line', yAxisIndex: 1, showSymbol: false, lineStyle: {type: 'dashed'},
      data: (r.perSecond.lag || []).map((v, i) => [i, v])})));
  // each step's window (to the next step, or the end of the load) shaded
  const windows = steps.map((m, i) => [{xAxis: m.xAxis}, {xAxis: i + 1 < steps.length ? steps[i + 1].xAxis : ch.loadMs / 1000}]);
  series[0].markArea = {silent: true, itemStyle: {color: 'rgba(192, 57, 43, 0.08)'}, data: windows};
  series[0].markLine = {symbol: 'none', silent: true, label: {formatter: '{b}', position: 'insideEndTop'}, lineStyle: {color: '#c0392b', type: 'dashed'}, data: steps};
  chart('churnChart', {xAxis: {type: 'value', name: 'seconds since the round\'s load began', nameLocation: 'middle', nameGap: 28}, yAxis: [{type: 'value', name: 'records read/s'}, {type: 'value', name: 'lag (records)'}], series: series});
  document.getElementById('churnChart').setAttribute('data-marks', steps.map(m => m.name).join(','));
}
