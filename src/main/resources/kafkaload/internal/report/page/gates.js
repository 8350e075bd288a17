document.getElementById('gates').innerHTML = table(DATA.gates || [], [
  {h: 'gate', k: 'description', l: true}, {h: 'verdict', f: r => r.passed ? 'PASS' : 'FAIL', cls: r => r.passed ? 'ok' : 'bad'}, {h: 'actual', f: r => r.actual !== null && r.actual !== undefined ? fmt(r.actual) : esc(r.error || '—')}]);
