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
