if (p.lag && Object.keys(p.lag).length) {
  document.getElementById('lagSection').style.display = 'block';
  chart('lag', {xAxis: timeAxis({type: 'value'}), yAxis: {type: 'value', name: 'records behind'},
    series: Object.entries(p.lag).map(([g, s], i) => Object.assign({name: g, type: 'line', showSymbol: false, data: s.map(x => [x.second, x.totalLag])},
      i === 0 ? {markArea: windowMarks(null)} : {}))});
  document.getElementById('lagNote').innerHTML = Object.entries(p.lagResolution || {}).filter(([g, r]) => r.downsampled).map(([g, r]) =>
    '<b>Downsampled</b>: group ' + esc(g) + ': ' + fmt(r.samples) + ' samples shown as ' + fmt(r.points) + ' points, each the highest lag of its ' +
    fmt(r.samplesPerPoint) + ' samples (the lag verdict judged every sample).').join('<br>');
}
