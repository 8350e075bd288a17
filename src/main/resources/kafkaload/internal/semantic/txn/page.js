if (p.transactions && Object.keys(p.transactions).length) {
  document.getElementById('transactionSection').style.display = 'block';
  const txRows = Object.entries(p.transactions).map(([n, t]) => Object.assign({name: n}, t));
  document.getElementById('transactions').innerHTML = table(txRows, [{h: 'request', k: 'name', l: true}, {h: 'committed', k: 'committed'},
    {h: 'aborted', k: 'aborted'}, {h: 'failed', k: 'failed', cls: r => r.failed ? 'bad' : 'ok'}, {h: 'abort rate %', k: 'abortRatePct'},
    {h: 'commit p50 (ms)', f: r => fmt(r.commitLatencyMs.p50)}, {h: 'commit p99 (ms)', f: r => fmt(r.commitLatencyMs.p99)}, {h: 'commit max (ms)', f: r => fmt(r.commitLatencyMs.max)},
    {h: 'abort p99 (ms)', f: r => fmt(r.abortLatencyMs.p99)}, {h: 'size mean', f: r => fmt(r.sizeRecords.mean)}, {h: 'size max', f: r => fmt(r.sizeRecords.max)},
    {h: 'duration p50 (ms)', f: r => fmt(r.durationMs.p50)}, {h: 'duration p99 (ms)', f: r => fmt(r.durationMs.p99)},
    {h: 'transactional.id', f: r => esc(r.transactionalIdPrefix) + '-N', l: true}]);
}
// The reconciliation's transactional records, after its in-flight note.
const rec = p.reconciliation, inFlight = document.getElementById('inFlight');
if (rec && rec.transactions && inFlight) {
  inFlight.insertAdjacentHTML('afterend', '<p class="note" id="txReconciliation">Transactions: ' + fmt(rec.transactions.committed) + ' records committed, ' +
    fmt(rec.transactions.aborted) + ' aborted (expected invisible to read_committed, not lost), ' + fmt(rec.transactions.inDoubt) + ' in failed transactions (the broker decided; not lost, not delivered), ' +
    '<span class="' + (rec.transactions.lost ? 'bad' : 'ok') + '">' + fmt(rec.transactions.lost) + ' lost</span>' +
    (rec.transactions.abortedFound !== null && rec.transactions.abortedFound !== undefined ? '; aborted records read back: ' + fmt(rec.transactions.abortedFound) +
      (rec.transactions.abortedVisible ? ' <span class="bad">VISIBLE to read_committed: isolation broken</span>' : '') : '') + '.</p>');
}
