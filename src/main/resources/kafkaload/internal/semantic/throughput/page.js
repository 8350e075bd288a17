// The throughput gates under the gates' table: each request's rate over its own window, the window named.
const tg = p.throughputGates;
if (tg && tg.length) {
  const when = ms => typeof ms === 'number' ? new Date(ms).toISOString().substring(11, 23) : '—';
  document.getElementById('gates').insertAdjacentHTML('afterend', '<div id="throughputGates"><p class="note">Throughput gates: each request\'s acked records over its own window, ' +
    'from its first ack to its last (the rate of <code>throughput.byRequest</code> in kafka-summary.json), not Gatling\'s mean over the whole run, which counts the warm-up, ' +
    'idle time and the verification too.</p>' +
    table(tg, [{h: 'request', k: 'request', l: true}, {h: 'msgs/s', k: 'msgsPerSec'}, {h: 'bound', k: 'minMsgsPerSec'},
      {h: 'window', f: r => esc(r.window) + ': ' + fmt(r.seconds) + ' s, ' + when(r.firstAckMillis) + ' to ' + when(r.lastAckMillis) + ' UTC', l: true},
      {h: 'acked', k: 'acked'},
      {h: 'verdict', f: r => r.passed === undefined || r.passed === null ? 'left to the merge' : r.passed ? 'PASS' : 'FAIL',
        cls: r => r.passed === false ? 'bad' : r.passed ? 'ok' : ''}, {h: 'detail', k: 'verdict', l: true}]) + '</div>');
}
