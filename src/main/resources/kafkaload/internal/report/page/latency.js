// One row per request and kind, as the summary's protocols[].latency gives them (Java builds the rows); an older
// file without them: its ack and end-to-end maps.
const lat = (p.latency || Object.entries(p.ackLatencyMs || {}).map(([n, v]) => ({request: n, kind: 'ack', ms: v}))
  .concat(Object.entries(p.e2eLatencyMs || {}).map(([n, v]) => ({request: n, kind: 'send-to-read', ms: v}))))
  .map(r => Object.assign({request: r.request, kind: r.kind}, r.ms || {}));
const figure = k => ({h: k, f: r => fmt(r.count ? r[k] : null)});
document.getElementById('latency').innerHTML = table(lat, [{h: 'request', k: 'request', l: true}, {h: 'kind', k: 'kind', l: true}, {h: 'count', f: r => fmt(r.count === undefined ? null : r.count)},
  figure('mean'), figure('p50'), figure('p95'), figure('p99'), figure('p99.9'), figure('max')], r => ({request: r.request, kind: r.kind})) +
  '<p class="note">Publish delay (from the send action starting to producer.send: the throttler queue, building the record, the wait for the blocking-sender thread; not how late the event loop ran the action, see event-loop delay above): p99 ' + fmt((p.publishDelayMs || {}).p99) + ' ms, max ' + fmt((p.publishDelayMs || {}).max) + ' ms.</p>' +
  readersNote(p.readers) +
  sourcesTable(DATA.latencySources) +
  (p.schemas ? '<p class="note" id="schemas">Records with schemas: ' + fmt(p.schemas.serializedRecords) + ' serialized, serialization (not part of the ack latency) p50 ' + fmt(p.schemas.serializationMs.p50) + ' ms, p99 ' + fmt(p.schemas.serializationMs.p99) + ' ms, max ' + fmt(p.schemas.serializationMs.max) + ' ms; Schema Registry calls in the run: ' + fmt(p.schemas.registryCalls) + '.</p>' : '');
// Which isolation.level each consume and request-reply read with: under read_committed a record is seen only once its
// transaction commits, so its latency includes that wait.
function readersNote(r) {
  if (!r) return '';
  const rows = Object.entries(r.byRequest || {});
  return '<p class="note" id="isolation">Readers\' isolation.level (protocol default ' + esc(r.isolationLevel) + '): ' +
    (rows.length ? rows.map(([n, l]) => esc(n) + ': <b>' + esc(l) + '</b>').join(', ') : 'no consume or request-reply') +
    (rows.some(([n, l]) => l === 'read_committed') ? '. Under read_committed a record is seen only once the transaction that wrote it commits: ' +
      'the end-to-end and request-reply latency of those requests include the wait for the commit.' : '.') +
    (r.lagIsolationLevel ? ' Consumer lag measured to the ' + (r.lagIsolationLevel === 'read_committed' ? 'last stable offset (read_committed)' :
      'high-water mark (read_uncommitted)') + '.' : '') + '</p>';
}
// The ack latency next to its parts: a broker round trip close to the ack tail means a slow broker; event-loop
// delay, GC pauses or publish delay of the same size mean a slow injector.
function sourcesTable(ls) {
  if (!ls || !ls.ackLatencyMs || !Object.keys(ls.ackLatencyMs).length) return '';
  const b = ls.broker || {}, q = ls.producerBuffer || {}, i = ls.injector || {};
  const rows = Object.entries(ls.ackLatencyMs).map(([n, v]) => ({s: 'ack latency of ' + n, t: 'p99 ' + fmt(v.p99), m: fmt(v.max), w: "producer.send to the broker's acknowledgement"}))
    .concat([{s: 'broker round trip', t: 'avg ' + fmt(b.requestLatencyAvgMs), m: fmt(b.requestLatencyMaxMs), w: "the producer's request-latency: a produce request to its response"},
      {s: 'producer buffer', t: 'avg ' + fmt(q.recordQueueTimeAvgMs), m: fmt(q.recordQueueTimeMaxMs), w: "record-queue-time: batching, linger.ms, the producer's I/O thread running late"},
      {s: 'publish delay', t: 'p99 ' + fmt(i.publishDelayP99Ms), m: fmt(i.publishDelayMaxMs), w: 'injector: the send action starting to producer.send'},
      {s: 'event-loop delay', t: 'p99 ' + fmt(i.eventLoopDelayP99Ms), m: fmt(i.eventLoopDelayMaxMs), w: "injector: how late Gatling's event loops ran"},
      {s: 'GC pauses', t: 'total ' + fmt(i.gcPauseTotalMs), m: fmt(i.gcPauseMaxMs), w: 'injector: stop-the-world pauses of this JVM'}]);
  return '<h3 id="latencySources">Where the latency comes from (over the ' + fmt(ls.loadSeconds) + ' s of the load, ms)</h3>' +
    table(rows, [{h: 'source', k: 's', l: true}, {h: 'typical', k: 't'}, {h: 'max', k: 'm'}, {h: 'what it is', k: 'w', l: true}]);
}
