// Subscriptions: each group's reads, rate, end-to-end latency and verdict.
const sb = p.subscriptions;
if (sb && sb.subscriptions) {
  document.getElementById('subscriptionsSection').style.display = 'block';
  const pc = (x, k) => x && x.count ? fmt(x[k]) : '—';
  document.getElementById('subscriptions').innerHTML = table(sb.subscriptions, [
    {h: 'group', k: 'group', l: true}, {h: 'consumers', k: 'consumers'},
    {h: 'read', f: r => fmt(r.expected - r.missing) + ' of ' + fmt(r.expected)}, {h: 'reads', k: 'consumed'},
    {h: 'msg/s', f: r => fmt(r.consumedPerSec)}, {h: 'e2e p50 (ms)', f: r => pc(r.e2eMs, 'p50')},
    {h: 'e2e p99 (ms)', f: r => pc(r.e2eMs, 'p99')}, {h: 'e2e max (ms)', f: r => pc(r.e2eMs, 'max')},
    {h: 'verdict', f: r => r.verdict == null ? 'PASS' : 'FAIL: ' + esc(r.verdict), l: true}]);
}
