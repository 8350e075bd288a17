if (inj.saturated) {
  document.getElementById('saturation').innerHTML = '<p class="warn"><b>The injector was saturated: results below are not trustworthy.</b><br>' + inj.reasons.map(esc).join('<br>') + '</p>';
}
document.getElementById('window').innerHTML = typeof measured.start !== 'number' ? 'Measured load: not known (no user started).' :
  (warmUp ? '<b>Warm-up</b>: ' + span('warmupStart', warmUp.start) + ' to ' + span('measuredStart', warmUp.end) + ' (from the first user to the first measured request). ' : '') +
  '<b>Measured load</b>: ' + span('measuredStart', measured.start) + ' to ' + (typeof measured.end === 'number' ? span('measuredEnd', measured.end) : 'the end') +
  ' (to the first verification step, or the run\'s end). Seconds since the injector began sampling, as on every chart\'s x axis, where both are shaded.';
