// Traced records: the sampled records' trace ids with their response times, the slowest first.
const tr = p.trace;
if (tr) {
  document.getElementById('traceSection').style.display = 'block';
  const rows = tr.slowest || [];
  document.getElementById('traceSummary').innerHTML = fmt(tr.sampled) + ' records sent with a traceparent; ' + fmt(tr.traced) +
    ' of them read back (a reply or a consumed record); ' + fmt(rows.length) + ' listed.';
  document.getElementById('traceSlowest').innerHTML = table(rows, [{h: 'trace id', f: r => '<code>' + esc(r.traceId) + '</code>', l: true},
    {h: 'request', k: 'request', l: true}, {h: 'response time (ms)', k: 'latencyMs'},
    {h: 'status', f: r => r.ok ? 'OK' : 'KO', cls: r => r.ok ? 'ok' : 'bad'}]);
}
