// Traffic sent: the top keys' shares (bars), the value sizes' percentiles and the producer's batch fill and compression beside them.
const t = p.traffic;
if (t) {
  document.getElementById('trafficSection').style.display = 'block';
  const keys = t.topKeys || [];
  const top = keys.length ? keys[0] : null;
  document.getElementById('trafficSummary').innerHTML = fmt(t.records) + ' records sent; ' + fmt(t.keyless) + ' without a key; ' +
    (t.distinctKeys === null ? 'more than 10,000 distinct keys (' + fmt(t.untrackedRecords) + ' records on keys counted together)' : fmt(t.distinctKeys) + ' distinct keys') +
    (top ? '; top key ' + esc(top.key) + ': ' + fmt(top.sharePct) + ' % of the records, top ' + keys.length + ': ' + fmt(keys.reduce((a, k) => a + k.sharePct, 0)) + ' %' : '') + '.';
  if (keys.length) {
    chart('trafficKeys', {tooltip: {}, xAxis: {type: 'category', data: keys.map(k => k.key), name: 'key'}, yAxis: {type: 'value', name: '% of records'},
      series: [{name: 'share of records sent (%)', type: 'bar', data: keys.map(k => Number(k.sharePct.toFixed(3)))}]});
  } else {
    document.getElementById('trafficKeys').style.display = 'none';
  }
  const s = t.sizes || {};
  const b = t.batching || {};
  document.getElementById('trafficSizes').innerHTML = table([Object.assign({}, s, b)], [
    {h: 'values', k: 'count'}, {h: 'mean (bytes)', k: 'mean'}, {h: 'min', k: 'min'}, {h: 'p50', k: 'p50'}, {h: 'p90', k: 'p90'}, {h: 'p99', k: 'p99'},
    {h: 'p99.9', k: 'p999'}, {h: 'max', k: 'max'}, {h: 'batch-size-avg (bytes)', k: 'batchSizeAvg'},
    {h: 'records-per-request-avg', k: 'recordsPerRequestAvg'}, {h: 'compression-rate-avg', k: 'compressionRateAvg'}]);
}
