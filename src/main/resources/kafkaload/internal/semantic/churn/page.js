// Consumer churn: per group protocol, what each step of the plan cost, and whether every record produced was read.
const ch = p.churn;
if (ch) {
  document.getElementById('churnSection').style.display = 'block';
  const ms = v => (typeof v === 'number' ? fmt(v) : 'never');
  let html = '<p>' + fmt(ch.consumers) + ' consumers on ' + esc(ch.topic) + ' (' + fmt(ch.partitions) + ' partitions), ' +
    fmt(ch.ratePerSec) + ' msg/s for ' + fmt(ch.loadMs / 1000) + ' s per protocol, plan <code>' + esc(ch.plan || '(none)') + '</code>' +
    (ch.maxPauseMs != null ? ', pause gate ' + fmt(ch.maxPauseMs) + ' ms' : '') +
    (ch.maxReadTwicePct != null ? ', read-twice gate ' + fmt(ch.maxReadTwicePct) + ' %' : '') + '.</p>';
  for (const r of ch.rounds || []) {
    html += '<h3>' + esc(r.protocol) + '</h3><p class="' + (r.verdict ? 'bad' : 'ok') + '">' +
      fmt(r.produced) + ' produced, ' + fmt(r.readAtLeastOnce) + ' read at least once, ' + fmt(r.readTwice) + ' read twice' +
      (r.verdict ? ': ' + esc(r.verdict) : '') + '</p>' +
      table(r.events || [], [{h: 'step', k: 'step', l: true}, {h: 'at (ms)', k: 'atMs'}, {h: 'pause (ms)', k: 'longestUnownedMs'},
        {h: 'owned again (ms)', f: e => ms(e.allOwnedAfterMs)}, {h: 'read again (ms)', f: e => ms(e.allReadAfterMs)},
        {h: 'no read (ms)', k: 'longestNoReadMs'}, {h: 'read twice', k: 'readTwice'}, {h: 'read twice (%)', k: 'readTwicePct'},
        {h: 'read/s, fewest in a second', k: 'minReadPerSec'}]);
  }
  document.getElementById('churn').innerHTML = html;
}
// Records read a second over each round's load, one line per protocol, the plan's steps marked.
if (ch && (ch.rounds || []).some(r => (r.readPerSecond || []).length)) {
  const steps = ((ch.rounds[0] || {}).events || []).map(e => ({name: e.step, xAxis: e.atMs / 1000}));
  const series = ch.rounds.map(r => ({name: r.protocol, type: 'line', showSymbol: false, data: (r.readPerSecond || []).map((v, i) => [i, v])}));
  series[0].markLine = {symbol: 'none', silent: true, label: {formatter: '{b}', position: 'insideEndTop'}, lineStyle: {color: '#c0392b', type: 'dashed'}, data: steps};
  chart('churnChart', {xAxis: {type: 'value', name: 'seconds since the round\'s load began', nameLocation: 'middle', nameGap: 28}, yAxis: [{type: 'value', name: 'records read/s'}], series: series});
  document.getElementById('churnChart').setAttribute('data-marks', steps.map(m => m.name).join(','));
}
