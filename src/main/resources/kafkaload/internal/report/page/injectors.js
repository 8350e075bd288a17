if (DATA.injectors) {
  document.getElementById('injectorsSection').style.display = 'block';
  document.getElementById('injectors').innerHTML = table(DATA.injectors, [{h: 'injector', k: 'index'},
    {h: 'status', k: 'status', cls: r => r.status === 'complete' ? 'ok' : 'bad'}, {h: 'started late (ms)', k: 'lateMs'},
    {h: 'requests', k: 'requests'}, {h: 'OK', k: 'ok'}, {h: 'KO', k: 'ko'}, {h: 'acked', k: 'ackedOk'}, {h: 'msgs/s', k: 'msgsPerSec'},
    {h: 'send p99 (ms)', f: r => fmt(((r.ackLatencyMs || {}).send || {}).p99)}, {h: 'max CPU %', k: 'maxProcessCpuPct'},
    {h: 'health', f: r => r.saturated ? 'SATURATED' : (r.status === 'complete' ? 'ok' : '-'), cls: r => r.saturated ? 'bad' : ''},
    {h: 'detail', k: 'text', l: true}]);
}
