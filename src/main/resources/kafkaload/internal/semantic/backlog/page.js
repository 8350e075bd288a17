// Backlog build and drain: the verdict, the catch-up figures, and produced, consumed and lag over time with the resume and the drain marked.
const b = p.backlog;
if (b) {
  document.getElementById('backlogSection').style.display = 'block';
  const ms = x => x && x.count ? fmt(x.p50) + ' / ' + fmt(x.p99) + ' / ' + fmt(x.max) : '—';
  const cu = b.catchUp || {};
  document.getElementById('backlog').innerHTML = '<p class="' + (b.drained ? 'ok' : 'bad') + '" id="backlogVerdict">' + (b.drained
    ? 'Drained ' + fmt(100 * b.drainRatio) + ' % of a peak of ' + fmt(b.peakLagRecords) + ' records (~' + fmt(b.peakLagBytes / 1048576) + ' MB) in ' + fmt(b.drainSeconds) + ' s (bound ' + fmt(b.maxDrainSeconds) + ' s).'
    : 'NOT drained: ' + esc(b.verdict)) + '</p>' +
    table([b], [{h: 'group', k: 'group', l: true}, {h: 'topic', k: 'topic', l: true}, {h: 'paused by', k: 'pausedBy', l: true},
      {h: 'rate (msg/s)', k: 'ratePerSec'}, {h: 'backlog asked (records)', k: 'targetRecords'}, {h: 'built in (s)', f: r => fmt(r.resumedAtSecond)},
      {h: 'peak lag', f: r => fmt(r.peakLagRecords)}, {h: 'drain target', f: r => fmt(r.drainTargetRecords)}, {h: 'lag left', f: r => fmt(r.lagLeftRecords)},
      {h: 'catch-up (msg/s)', f: r => fmt(cu.catchUpPerSec)}, {h: 'consumed (msg/s)', f: r => fmt(cu.consumedPerSec)}, {h: 'produced (msg/s)', f: r => fmt(cu.producedPerSec)},
      {h: 'ack p50/p99/max (ms), build', f: r => ms(r.ackBuildMs)}, {h: 'ack p50/p99/max (ms), catch-up', f: r => ms(r.ackCatchUpMs)},
      {h: 'e2e p50/p99/max (ms), catch-up', f: r => ms(r.e2eCatchUpMs)}]);
  const s = b.samples || [];
  const marks = [{name: 'paused', xAxis: 0}];
  if (typeof b.resumedAtSecond === 'number') marks.push({name: 'resumed', xAxis: b.resumedAtSecond});
  if (typeof b.drainedAtSecond === 'number') marks.push({name: 'drained', xAxis: b.drainedAtSecond});
  else if (typeof b.resumedAtSecond === 'number') marks.push({name: 'drain bound', xAxis: b.resumedAtSecond + b.maxDrainSeconds});
  const produced = {name: 'produced msg/s', type: 'line', showSymbol: false, data: s.map(x => [x.second, x.producedPerSec])};
  produced.markLine = {symbol: 'none', silent: true, label: {formatter: '{b}', position: 'insideEndTop'}, lineStyle: {color: '#c0392b', type: 'dashed'}, data: marks};
  chart('backlogChart', {xAxis: {type: 'value', name: 'seconds since the group was paused', nameLocation: 'middle', nameGap: 28}, yAxis: [{type: 'value', name: 'msgs/s'}, {type: 'value', name: 'records behind'}],
    series: [produced, {name: 'consumed msg/s', type: 'line', showSymbol: false, data: s.map(x => [x.second, x.consumedPerSec])},
      {name: 'lag', type: 'line', showSymbol: false, yAxisIndex: 1, data: s.map(x => [x.second, x.lag])}]});
  document.getElementById('backlogChart').setAttribute('data-marks', marks.map(m => m.name).join(','));
}
