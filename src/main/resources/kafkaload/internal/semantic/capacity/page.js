const cap = p.capacity;
if (cap) {
  document.getElementById('capacitySection').style.display = 'block';
  const v = cap.verdict;
  document.getElementById('capacityVerdict').innerHTML = '<b class="' + (v.sustainedMsgsPerSec !== null ? 'ok' : 'bad') + '">' + esc(v.text) + '</b>';
  const judged = cap.plateaus.filter(r => r.kind !== 'WARM_UP').slice().sort((a, b) => a.achievedMsgsPerSec - b.achievedMsgsPerSec);
  const point = (r, k) => [r.achievedMsgsPerSec, r.ackLatency[k] === undefined ? null : r.ackLatency[k]];
  const marks = [];
  if (v.sustainedMsgsPerSec !== null) marks.push({name: 'found ' + fmt(v.sustainedMsgsPerSec), xAxis: v.sustainedMsgsPerSec});
  if (v.failedMsgsPerSec !== null) marks.push({name: 'knee: failed ' + fmt(v.failedMsgsPerSec), xAxis: v.failedMsgsPerSec});
  const series = ['p50', 'p99', 'p99.9'].map(k => ({name: k, type: 'line', data: judged.map(r => point(r, k))}));
  series[1].markLine = {symbol: 'none', silent: true, label: {formatter: '{b}', position: 'insideEndTop'}, lineStyle: {type: 'dashed'}, data: marks};
  if (cap.setup.gates.e2eP99Ms != null) {
    series.push({name: 'end-to-end p99', type: 'line', lineStyle: {type: 'dashed'}, data: judged.map(r => [r.achievedMsgsPerSec, r.endToEnd ? r.endToEnd.p99 : null])});
  }
  series.push({name: 'p99 gate', type: 'line', showSymbol: false, lineStyle: {type: 'dotted'},
    data: judged.length ? [[judged[0].achievedMsgsPerSec, cap.setup.gates.p99Ms], [judged[judged.length - 1].achievedMsgsPerSec, cap.setup.gates.p99Ms]] : []});
  chart('capacityCurve', {tooltip: {trigger: 'item'}, xAxis: {type: 'value', name: 'achieved msg/s', nameLocation: 'middle', nameGap: 28, scale: true}, yAxis: {type: 'log', name: 'ack latency (ms)'}, series});
  document.getElementById('capacityCurve').setAttribute('data-points', judged.length);
  document.getElementById('capacityPlateaus').innerHTML = table(cap.plateaus, [{h: '#', k: 'index'}, {h: 'step', k: 'kind', l: true},
    {h: 'target msg/s', k: 'targetMsgsPerSec'}, {h: 'achieved msg/s', f: r => fmt(Math.round(r.achievedMsgsPerSec))}, {h: 's', k: 'seconds'},
    {h: 'p50 (ms)', f: r => fmt(r.ackLatency.p50)}, {h: 'p99 (ms)', f: r => fmt(r.ackLatency.p99)}, {h: 'p99.9 (ms)', f: r => fmt(r.ackLatency['p99.9'])},
    {h: 'end-to-end p99 (ms)', f: r => r.endToEnd ? fmt(r.endToEnd.p99) : '—'},
    {h: 'failed', f: r => fmt(r.counts.failed)}, {h: 'unacked', f: r => fmt(r.counts.unacked)}, {h: 'publish delay p99 (ms)', k: 'publishDelayP99Ms'},
    {h: 'injector CPU % of the machine', f: r => r.injectorCpuPct === null ? '—' : Math.round(r.injectorCpuPct)},
    {h: 'verdict', f: r => r.kind === 'WARM_UP' ? 'warm-up' : (r.verdict.passed ? 'PASS' : 'FAIL'), cls: r => r.kind === 'WARM_UP' ? '' : (r.verdict.passed ? 'ok' : 'bad')},
    {h: 'gates failed', f: r => r.kind === 'WARM_UP' ? '' : esc(r.verdict.failures.join('; ')), l: true},
    {h: 'injector limit', f: r => r.kind === 'WARM_UP' ? '' : esc(r.verdict.injectorLimit || ''), cls: r => r.verdict.injectorLimit && r.kind !== 'WARM_UP' ? 'bad' : '', l: true}]);
}
