const rec = p.reconciliation;
// Many topics: the summary lists them worst first (WorstTopics); the tables show the first 10 (the Topics
// section sums up all of them).
const recTopics = !rec ? [] : rec.topics.slice(0, 10);
document.getElementById('reconciliation').innerHTML = p.reconciliationError ? '<p class="bad">' + esc(p.reconciliationError) + '</p>' :
  !rec ? '<p class="note">not run (-Dverify=false)</p>' :
  (recTopics.length < rec.topics.length ? '<p class="note" id="worstTopics">The worst ' + recTopics.length + ' of ' + fmt(rec.topics.length) + ' topics; "all topics" sums every one.</p>' : '') +
  table(recTopics.concat(rec.topics.length > 1 ? [Object.assign({}, rec, {topic: 'all topics'})] : []), [{h: 'topic', k: 'topic', l: true}, {h: 'acked OK', k: 'ackedOk'}, {h: 'offset delta', k: 'offsetDelta'},
    {h: 'lost', k: 'lost', cls: r => r.lost ? 'bad' : 'ok'}, {h: 'duplicates', k: 'duplicates', cls: r => r.duplicates ? 'bad' : 'ok'}]) +
  rec.topics.filter(t => t.change).map(t => '<p class="bad">Topic ' + esc(t.topic) + ' was ' + esc(t.changeText) +
    ': its offsets cannot be compared with those before the run; the records acked into the old topic are lost.</p>').join('') +
  '<p class="note" id="inFlight">In flight at the end (neither OK nor KO): ' + fmt(rec.inFlightAtEnd) + '.</p>' +
  (rec.readBack ? '<p class="note">Read-back ' + (rec.readBack.complete ? 'complete' : 'INCOMPLETE') + ': ' + fmt(rec.readBack.matched) + ' records of this run, ' +
    fmt(rec.readBack.distinct) + ' distinct, ' + fmt(rec.readBack.reordered) + ' reordered, ' + fmt(rec.readBack.gaps) + ' sequence gaps' +
    (rec.readBack.koInTopic ? ', ' + fmt(rec.readBack.koInTopic) + ' records whose send was KO in the topic anyway (not counted as delivered)' : '') + '.</p>' : '<p class="note">read-back off</p>') +
  table(recTopics.flatMap(t => t.partitions.map(r => Object.assign({topic: t.topic}, r))), [{h: 'topic', k: 'topic', l: true}, {h: 'partition', k: 'partition'}, {h: 'offset before', k: 'offsetBefore'}, {h: 'offset after', f: r => r.offsetAfter < 0 ? 'gone' : fmt(r.offsetAfter)},
    {h: 'acked', k: 'ackedRecords'}, {h: 'acked bytes', k: 'ackedBytes'}, {h: 'duplicates', k: 'duplicates'}, {h: 'reordered', k: 'reordered'}]);
