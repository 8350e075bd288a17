// Share groups: outcomes as the broker confirmed them, redeliveries, each consumer's share, the reconciliation.
if (p.shareGroups && p.shareGroups.length) {
  document.getElementById('shareSection').style.display = 'block';
  document.getElementById('shareGroups').innerHTML = p.shareGroups.map(g => {
    const r = g.reconciliation, v = g.lagVerdict;
    return '<h3>' + esc(g.request) + ': group ' + esc(g.group) + ' on ' + esc(g.topic) + ' (' + fmt(g.consumers) + ' consumers' +
      (g.injectors ? ' on ' + fmt(g.injectors) + ' injectors' : '') + ', ' + fmt(g.partitions) +
      ' partitions, ' + esc(g.acknowledgement) + ' acknowledgement, lock ' + fmt(g.lockDurationMs) + ' ms)</h3>' +
      table([g], [{h: 'acquired', k: 'acquired'}, {h: 'accepted', k: 'accepted'}, {h: 'released', k: 'released'}, {h: 'rejected', k: 'rejected'},
        {h: 'redelivered', k: 'redelivered', cls: x => x.redelivered ? 'warn' : ''}, {h: 'archived', k: 'archived'},
        {h: 'acks refused (lock expired)', k: 'ackRefused', cls: x => x.ackRefused ? 'warn' : ''},
        {h: 'locks renewed', k: 'renewed'}]) +
      '<p class="note">Deliveries by delivery count (1 = first delivery): ' + Object.entries(g.deliveryCounts || {}).map(([c, n]) => c + ': ' + fmt(n)).join(', ') +
      '. Group configs set: ' + Object.entries(g.groupConfig || {}).map(([k, x]) => esc(k) + '=' + esc(x)).join(', ') +
      '. Polls that delivered records: ' + fmt(g.polls) + (g.polls ? ' (' + fmt(g.acquired / g.polls) + ' records per poll)' : '') +
      '; Gatling requests: ' + (g.requestPerPoll ? 'one per poll (' + esc(g.request) + ' poll)' : 'one per accepted record (' + esc(g.request) + ' accept)') +
      (g.commitSync === false ? '; acknowledgements sent with the next poll (no commitSync, none timed)' : '') + '.</p>' +
      table([Object.assign({name: 'end to end (produce to confirmed ACCEPT)'}, g.endToEndMs), Object.assign({name: 'acknowledgement commit'}, g.ackCommitMs)],
        [{h: 'latency (ms)', k: 'name', l: true}, {h: 'count', k: 'count'}, {h: 'p50', k: 'p50'}, {h: 'p95', k: 'p95'}, {h: 'p99', k: 'p99'}, {h: 'max', k: 'max'}]) +
      '<p class="note">Each consumer\'s share of the work (accepts over the group\'s span); spread (coefficient of variation) ' +
      (g.acceptedPerSecSpreadPct === null || g.acceptedPerSecSpreadPct === undefined ? '—' : fmt(g.acceptedPerSecSpreadPct) + ' %') + '.</p>' +
      table(g.perConsumer, (g.injectors ? [{h: 'injector', k: 'injector'}] : []).concat([{h: 'consumer', k: 'index'}, {h: 'acquired', k: 'acquired'}, {h: 'accepted', k: 'accepted'}, {h: 'acks refused', k: 'ackRefused'},
        {h: 'accepted/s', k: 'acceptedPerSec'}, {h: 'work per record (ms)', k: 'processingMsPerRecord'}])) +
      (v ? '<p class="' + (v.rising || !v.drained ? 'bad' : 'note') + '">Lag: max ' + fmt(v.maxLag) + ', slope ' + fmt(v.slopePerSecond) + ' records/s over the load\'s second half' +
        (v.rising ? ' (RISING)' : '') + ', at the end ' + fmt(v.lagAtEnd) + (v.lagAtEnd === 0 ? ' (drained)' : typeof v.lagAtEnd === 'number' ? ' (NOT drained)' : ' (not read: NOT drained)') + '.</p>' : '') +
      (r ? '<p class="' + (r.ok ? 'note' : 'bad') + '" id="shareReconciliation">Reconciliation by identity' +
        (g.injectors ? ' over every injector\'s records and consumers' : '') + ': ' + fmt(r.produced) + ' records produced by the run: ' +
        fmt(r.acceptedOnce) + ' accepted once, <b>' + fmt(r.acceptedTwice) + ' accepted twice</b>, ' + fmt(r.rejected) + ' rejected, ' + fmt(r.archived) +
        ' archived after the delivery limit, <b>' + fmt(r.missing) + ' missing</b>' + (r.missing ? ' (first: ' + r.missingSample.map(fmt).join(', ') + ')' : '') +
        '; ' + fmt(r.processedTwice) + ' processed in vain (their ACCEPT refused after the lock expired); ' + fmt(r.otherRuns) + ' records of other runs not counted.</p>' :
        '<p class="note">Not reconciled by identity (see the console).</p>');
  }).join('');
  chart('shareLag', {xAxis: {type: 'value', name: 'seconds', nameLocation: 'middle', nameGap: 28}, yAxis: {type: 'value', name: 'records'},
    series: p.shareGroups.map(g => ({name: g.group, type: 'line', showSymbol: false, data: (g.lag || []).map(x => [x.second, x.totalLag])}))});
}
