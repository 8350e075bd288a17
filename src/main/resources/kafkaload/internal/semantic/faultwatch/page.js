// The faults of -Dfault.plan as they were done: when, what, OK or KO, how long, the detail.
if (p.faults && p.faults.length) {
  document.getElementById('faultSection').style.display = 'block';
  document.getElementById('faults').innerHTML = table(p.faults, [{h: 'at (s)', k: 'atSeconds'}, {h: 'fault', k: 'request', l: true},
    {h: 'result', f: r => r.ok ? 'OK' : 'KO', cls: r => r.ok ? 'ok' : 'bad'}, {h: 'took (ms)', k: 'durationMs'}, {h: 'detail', k: 'detail', l: true}]);
}
// What each fault cost: a table per fault, and each fault's window to its recovery shaded on the throughput and injector charts.
const fi = p.faultImpact;
if (fi && fi.faults && fi.faults.length) {
  document.getElementById('faultImpactSection').style.display = 'block';
  document.getElementById('faultImpactSummary').innerHTML = 'Over the whole run (the reconciliation does not tell faults apart): ' +
    (fi.lostPerRun === null || fi.lostPerRun === undefined ? 'no reconciliation' :
      '<span class="' + (fi.lostPerRun ? 'bad' : 'ok') + '">' + fmt(fi.lostPerRun) + ' acked records lost</span>, ' + fmt(fi.duplicatesPerRun) + ' duplicates') +
    '. Metadata read ' + fmt(fi.metadataPolls) + ' times, ' + fmt(fi.metadataErrors) + ' failed' + (fi.lastMetadataError ? ' (last: ' + esc(fi.lastMetadataError) + ')' : '') +
    '; windows shorter than ' + fmt(fi.resolutionMs) + ' ms show as 0.';
  const ids = l => '[' + (l || []).join(', ') + ']';
  const change = r => r.topic + '-' + r.partition;
  document.getElementById('faultImpact').innerHTML = fi.faults.map(f => {
    const kos = Object.entries(f.kosByReason || {}).map(([k, n]) => esc(k) + ' ' + fmt(n)).join(', ');
    const summary = [
      {k: 'when', v: fmt(f.atSeconds) + ' s' + (f.healedAtSeconds !== null && f.healedAtSeconds !== undefined ? ', healed at ' + fmt(f.healedAtSeconds) + ' s' : '') + ', recovered at ' + fmt(f.recoveredAtSeconds) + ' s; its window to ' + fmt(f.attributedUntilSeconds) + ' s'},
      {k: 'unavailability', v: f.worstWindowMs === null || f.worstWindowMs === undefined ? (f.unrecovered ? f.unrecovered + ' partition(s) never acked again' : 'none') :
        'up to <b>' + fmt(f.worstWindowMs) + ' ms</b> (' + esc(f.worstPartition) + ') over ' + fmt(f.windows.length) + ' partition(s)' + (f.unrecovered ? ', ' + f.unrecovered + ' never acked again' : '')},
      {k: 'leader elections', v: fmt(f.elections.length)},
      {k: 'ISR changes', v: fmt(f.isrShrinks) + ' shrinks, ' + fmt(f.isrExpansions) + ' expansions'},
      {k: 'KOs', v: fmt(f.kos) + (kos ? ' (' + kos + ')' : '')},
      {k: 'ack latency (ms)', v: 'during: p99 ' + fmt(f.ackP99MsDuring) + ', max ' + fmt(f.ackMaxMsDuring) + '; after: p99 ' + fmt(f.ackP99MsAfter) + ', max ' + fmt(f.ackMaxMsAfter)}];
    return '<h3>' + esc(f.request) + ' <code>' + esc(f.step) + '</code>' + (f.ok ? '' : ' <span class="bad">KO</span>') + '</h3>' +
      table(summary, [{h: '', k: 'k', l: true}, {h: '', f: r => r.v, l: true}]) +
      '<details><summary>partitions, elections and ISR changes</summary>' +
      table(f.windows, [{h: 'partition', f: change, l: true}, {h: 'why', k: 'cause', l: true},
        {h: 'window (ms)', f: r => r.windowMs === null || r.windowMs === undefined ? 'no ack after it' : fmt(r.windowMs), cls: r => r.windowMs === null || r.windowMs === undefined ? 'bad' : ''},
        {h: 'first ack (s)', k: 'firstAckSeconds'}]) +
      table(f.elections.map(r => Object.assign({what: 'leader'}, r)).concat(f.isrChanges.map(r => Object.assign({what: 'ISR'}, r)))
          .sort((a, b) => a.atSeconds - b.atSeconds),
        [{h: 'at (s)', k: 'atSeconds'}, {h: 'partition', f: change, l: true}, {h: 'change', k: 'what', l: true},
         {h: 'before', f: r => ids(r.before), l: true}, {h: 'after', f: r => ids(r.after), l: true}]) + '</details>';
  }).join('');
  // Extends the fault marks of the charts above with each fault's window, from the fault to its recovery.
  const start = (DATA.injector.loadWindowSeconds || {}).start;
  const at = s => t.findIndex(sec => sec >= start + s);
  const areas = typeof start === 'number' ? fi.faults.map(f => [{name: f.step, xAxis: at(f.atSeconds)},
    {xAxis: at(f.recoveredAtSeconds) >= 0 ? at(f.recoveredAtSeconds) : t.length - 1}]).filter(a => a[0].xAxis >= 0) : [];
  if (areas.length && typeof echarts !== 'undefined') {
    const area = {silent: true, itemStyle: {color: 'rgba(192, 57, 43, 0.12)'}, label: {show: false}, data: areas};
    const shade = (id, index) => {
      const c = echarts.getInstanceByDom(document.getElementById(id));
      if (c) {
        const series = c.getOption().series.map(() => ({}));
        series[index] = {markArea: area};
        c.setOption({series});
      }
    };
    shade('throughput', 0);
    shade('injector', 4);
  }
  document.getElementById('throughput').setAttribute('data-fault-windows', areas.length);
}
