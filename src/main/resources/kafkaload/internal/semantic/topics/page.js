// Many topics: the reconciliation over all of them, totals and the worst few.
const ts = p.topicSpread;
if (ts) {
  document.getElementById('topicSpreadSection').style.display = 'block';
  document.getElementById('topicSpreadSummary').innerHTML = fmt(ts.topics) + ' topics, ' + fmt(ts.partitions) + ' partitions: ' +
    fmt(ts.ackedOk) + ' records acked OK, ' + (ts.delivered < 0 ? 'not read back' : fmt(ts.delivered) + ' read back') + ', ' +
    '<span class="' + (ts.lost ? 'bad' : 'ok') + '">' + fmt(ts.lost) + ' lost</span> (in ' + fmt(ts.topicsWithLost) + ' topics), ' +
    '<span class="' + (ts.duplicates ? 'bad' : 'ok') + '">' + fmt(ts.duplicates) + ' duplicates</span> (in ' + fmt(ts.topicsWithDuplicates) + ' topics); ' +
    'acked OK per topic from ' + fmt(ts.minAckedOk) + ' to ' + fmt(ts.maxAckedOk) + '. The worst ' + fmt(ts.worst.length) + ':';
  document.getElementById('topicSpreadWorst').innerHTML = table(ts.worst, [{h: 'topic', k: 'topic', l: true}, {h: 'partitions', k: 'partitions'},
    {h: 'acked OK', k: 'ackedOk'}, {h: 'offset delta', k: 'offsetDelta'}, {h: 'read back', f: r => r.delivered < 0 ? '-' : fmt(r.delivered)},
    {h: 'lost', k: 'lost', cls: r => r.lost ? 'bad' : 'ok'}, {h: 'duplicates', k: 'duplicates', cls: r => r.duplicates ? 'bad' : 'ok'},
    {h: 'reordered', k: 'reordered'}, {h: 'changed', f: r => r.changed ? 'CHANGED' : '', cls: r => r.changed ? 'bad' : ''}]);
}
