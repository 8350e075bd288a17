chart('injector', {xAxis: timeAxis({type: 'category', data: t}), yAxis: [{type: 'value', name: 'CPU %', max: 100}, {type: 'value', name: 'ms'}],
  series: [Object.assign(line('machine CPU %', 'systemCpuPct'), {markArea: windowMarks(t)}), line('injector process CPU %', 'processCpuPct'),
           Object.assign(line('GC pause ms', 'gcPauseMs', 1), {type: 'bar'}), line('event-loop delay, max ms', 'eventLoopDelayMaxMs', 1),
           Object.assign(line('ack latency p99 ms', 'ackP99Ms', 1), {connectNulls: false})]});
const el = inj.eventLoopDelayMs || {};
document.getElementById('injectorNote').innerHTML = cutNote + 'Event-loop delay during the load (how late a task due every ' + fmt(el.intervalMs) + ' ms ran on each of the ' + fmt(el.loops) +
  ' Gatling event loops; work on a late loop starts late, which no latency figure shows): p50 ' + fmt(el.p50) + ' ms, p99 ' + fmt(el.p99) + ' ms, max ' + fmt(el.max) + ' ms over ' + fmt(el.probes) +
  ' probes' + (warmUp ? ', warm-up included' : '') + '. The saturation verdict judges the samples of the measured load, the window the results cover: ' +
  (typeof measured.start === 'number' ? span('measuredStart', measured.start) : 'the first user') + ' to ' +
  (typeof measured.end === 'number' ? span('measuredEnd', measured.end) : 'the end') + '.';
// The process CPU split at the measured load: what a message costs while the load runs, apart from start-up and warm-up
// before it and the reconciliation, Gatling's parse and the report after it.
const lc = inj.loadCpu;
if (lc) {
  const merged = DATA.injectors ? ', summed over the injectors' : '';
  document.getElementById('loadCpu').innerHTML = '<b>CPU per message during the measured load: ' +
    (lc.microsPerMessage === null || lc.microsPerMessage === undefined ? 'n/a (no record acked)' : fmt(lc.microsPerMessage) + ' µs') + '</b> of CPU time (' +
    fmt(lc.duringSeconds) + ' CPU-s for ' + fmt(lc.ackedDuring) + ' acked records' + merged + ' in the measured load, from ' + span('measuredStart', measured.start) + ', the ' + esc(lc.startedBy) +
    ', to ' + span('measuredEnd', measured.end) + ', the load\'s end). Before it (JVM, Gatling and broker start, preflight, warm-up): ' + fmt(lc.beforeSeconds) +
    ' CPU-s; after it (reconciliation and read-back, Gatling\'s parse of simulation.log and its report): ' +
    (lc.afterSeconds === null || lc.afterSeconds === undefined ? 'not known' : fmt(lc.afterSeconds) + ' CPU-s') +
    '. CPU time of all the injector process\'s threads, in seconds of one core.' +
    (lc.brokerInJvm ? ' <span class="bad">The embedded broker ran in this JVM: its CPU is in every figure here, so they are not the injector\'s alone.</span>' : '');
  document.getElementById('loadCpu').setAttribute('data-micros-per-message', lc.microsPerMessage === null || lc.microsPerMessage === undefined ? '' : lc.microsPerMessage);
}
chart('heap', {xAxis: timeAxis({type: 'category', data: t}), yAxis: {type: 'value', name: 'MB'},
  series: [Object.assign(line('heap used, MB', 'heapUsedMb'), {markArea: windowMarks(t)}), Object.assign(line('heap after GC, MB', 'heapAfterGcMb'), {connectNulls: true})]});
const hg = inj.heapAfterGcMb || {};
document.getElementById('heapNote').innerHTML = cutNote + 'Heap after GC is what the latest collection left (the figure -Xlog:gc prints after "->"); over the load: first ' +
  fmt(hg.first) + ' MB, last ' + fmt(hg.last) + ' MB, highest ' + fmt(hg.max) + ' MB. Heap used rises and falls between collections; heap after GC that keeps rising ' +
  'through a long run is memory kept per record or per user. The embedded broker, when it runs in this JVM, is part of this heap.';
