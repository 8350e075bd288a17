// OMB's result: the aggregated figures, one row.
const om = p.ombResult;
if (om) {
  document.getElementById('ombResultSection').style.display = 'block';
  const last = a => a && a.length ? a[a.length - 1] : null;
  document.getElementById('ombResult').innerHTML = table([om], [
    {h: 'workload', k: 'workload', l: true}, {h: 'driver', k: 'driver', l: true},
    {h: 'windows', f: r => fmt(r.publishRate.length)},
    {h: 'publish p50 (ms)', f: r => fmt(r.aggregatedPublishLatency50pct)},
    {h: 'publish p99 (ms)', f: r => fmt(r.aggregatedPublishLatency99pct)},
    {h: 'publish delay p99 (µs)', f: r => fmt(r.aggregatedPublishDelayLatency99pct)},
    {h: 'e2e p99 (ms)', f: r => fmt(r.aggregatedEndToEndLatency99pct)},
    {h: 'last backlog', f: r => fmt(last(r.backlog))}]);
}
