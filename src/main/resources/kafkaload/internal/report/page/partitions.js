const parts = p.partitions || [];
const oneTopic = new Set(parts.map(r => r.topic)).size <= 1;
chart('partitions', {tooltip: {}, xAxis: {type: 'category', data: parts.map(r => oneTopic ? r.partition : r.topic + '-' + r.partition), name: 'partition'}, yAxis: {type: 'value', name: 'records'},
  series: [{name: 'acked records', type: 'bar', data: parts.map(r => r.records)}]});
