const chartValues = c => (c.getOption().series || []).flatMap(s => (s.data || []).map(v =>
  Array.isArray(v) ? v[v.length - 1] : (v !== null && typeof v === 'object' ? v.value : v)))
  .filter(y => typeof y === 'number' && isFinite(y));
function drawChart(id, option) {
  const el = document.getElementById(id), c = echarts.init(el);
  c.setOption(option);
  const values = chartValues(c);
  el.setAttribute('data-points', values.length);
  el.setAttribute('data-max', values.length ? values.reduce((a, b) => Math.max(a, b)) : '');
  return c;
}
