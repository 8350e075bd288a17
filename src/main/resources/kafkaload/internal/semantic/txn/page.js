// The pipeline's verdict (reconcile(...).exactlyOnce): every committed input has exactly one committed output, by record identity.
const e = p.reconciliation && p.reconciliation.exactlyOnce;
if (e) {
  document.getElementById('exactlyOnceSection').innerHTML = '<h3 id="exactlyOnce">Exactly-once through the pipeline to ' + esc(e.outputTopic) + ': <span class="' + (e.holds ? 'ok">HOLDS' : 'bad">BROKEN') + '</span></h3>' +
    (e.failure ? '<p class="bad">' + esc(e.failure) + '</p>' : '') +
    table([e], [{h: 'committed inputs', k: 'committedInputs'}, {h: 'committed outputs', k: 'committedOutputs'}, {h: 'distinct outputs', k: 'distinctOutputs'},
      {h: 'duplicates', k: 'duplicates', cls: r => r.duplicates ? 'bad' : 'ok'}, {h: 'missing', k: 'missing', cls: r => r.missing ? 'bad' : 'ok'},
      {h: 'unexpected', k: 'unexpected', cls: r => r.unexpected ? 'bad' : 'ok'}, {h: 'aborted outputs', k: 'abortedOutputs'}]) +
    '<p class="note">Inputs: the run\'s records a read_committed reader sees on the input topic; outputs: the records carrying their identity (kafkaload.run, kafkaload.seq) ' +
    'read read_committed from the output topic. Aborted outputs (written in transactions that were aborted, for example by a crash) are visible to read_uncommitted readers only: ' +
    'expected, never duplicates. Judged in ' + fmt(e.seconds) + ' s' + (e.complete ? '' : ', INCOMPLETE') + '.</p>';
}
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
