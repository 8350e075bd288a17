if (DATA.baseline) {
  const b = DATA.baseline;
  document.getElementById('baselineSection').style.display = 'block';
  document.getElementById('baselineAbout').innerHTML = 'Baseline: ' + esc(b.baseline) + ' (' + b.baselineRuns + ' run' + (b.baselineRuns === 1 ? '' : 's') + ')' +
    (b.flags.length ? '<br>' + b.flags.map(f => '<span class="warn">' + esc(f) + '</span>').join('<br>') : '');
  document.getElementById('baseline').innerHTML = table(b.figures, [{h: 'figure', k: 'name', l: true}, {h: 'unit', k: 'unit', l: true},
    {h: 'baseline', f: r => fmt(r.baseline)}, {h: 'this run', f: r => fmt(r.current)},
    {h: 'change', f: r => r.changePct === null || r.changePct === undefined ? '—' : (r.changePct >= 0 ? '+' : '') + r.changePct.toFixed(1) + (r.name === 'error %' ? ' pts' : '%')},
    {h: 'confidence', f: r => r.test === 'none' ? '—' : (100 * r.confidence).toFixed(1) + '%'},
    {h: 'verdict', f: r => r.regression ? 'REGRESSION' : (r.test === 'none' ? 'not judged' : 'ok'), cls: r => r.regression ? 'bad' : 'ok'},
    {h: 'detail', k: 'verdict', l: true}]);
  document.getElementById('baseline').setAttribute('data-regressions', b.figures.filter(f => f.regression).length);
}
