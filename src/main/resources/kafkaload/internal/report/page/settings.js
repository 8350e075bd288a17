document.getElementById('producer').innerHTML = table(Object.entries(p.producerMetrics || {}).map(([k, v]) => ({k, v})), [{h: 'metric', k: 'k', l: true}, {h: 'value', k: 'v'}]);
const cfg = Object.assign({}, p.config || {}); const props = cfg.producerProperties || {}; delete cfg.producerProperties;
// A group of settings (the Schema Registry's) is a row per setting: its keys are Confluent's full names.
const cfgRows = Object.entries(cfg).concat(Object.entries(props)).flatMap(([k, v]) => v !== null && typeof v === 'object' ? Object.entries(v) : [[k, v]]);
document.getElementById('config').innerHTML = table(cfgRows.map(([k, v]) => ({k, v})), [{h: 'setting', k: 'k', l: true}, {h: 'value', k: 'v', l: true}]);
document.getElementById('parameters').innerHTML = table(Object.entries(DATA.parameters || {}).map(([k, v]) => ({k, v})), [{h: 'parameter (-D)', k: 'k', l: true}, {h: 'value used', k: 'v', l: true}]);
