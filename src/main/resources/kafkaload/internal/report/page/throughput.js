// Broker faults count from the load's start, the timeline from the run's: each is marked at its second.
const loadStart = (inj.loadWindowSeconds || {}).start;
const faultMarks = typeof loadStart === 'number' ? DATA.protocols.flatMap(q => q.faults || [])
  .map(f => ({name: f.request, xAxis: t.findIndex(sec => sec >= loadStart + f.atSeconds)})).filter(m => m.xAxis >= 0) : [];
const msgs = line('msgs/s', 'msgsPerSec');
if (faultMarks.length) {
  msgs.markLine = {symbol: 'none', silent: true, label: {formatter: '{b}', position: 'insideEndTop'},
    lineStyle: {color: '#c0392b', type: 'dashed'}, data: faultMarks};
}
chart('throughput', {xAxis: timeAxis({type: 'category', data: t}), yAxis: [{type: 'value', name: 'msgs/s'}, {type: 'value', name: 'MB/s'}],
  // The windows on the second series: the faults' windows (faultwatch) shade the first.
  series: [msgs, Object.assign(line('MB/s', 'mbPerSec', 1), {markArea: windowMarks(t)})]});
document.getElementById('throughput').setAttribute('data-fault-marks', faultMarks.length);
const timelineNote = res.downsampled ? '<b>Downsampled</b>: ' + fmt(res.samples) + ' per-second samples shown as ' + fmt(res.points) +
  ' points of ' + fmt(res.samplesPerPoint) + ' s each (' + esc(res.aggregation) + '), so no peak is hidden; every second is in <a href="' +
  esc(res.perSecondFile) + '">' + esc(res.perSecondFile) + '</a>. ' : '';
document.getElementById('throughputNote').innerHTML = timelineNote;
