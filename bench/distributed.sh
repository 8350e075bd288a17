#!/usr/bin/env bash
# Distributed runs on this machine (docs/benchmark.md#distributed-runs):
#  1. one injector at maximum load (closed model, USERS producers) vs 2 and 3 local injectors sharing the same
#     USERS, each its own JVM, the broker in its own process: total msg/s and injector CPU per 1,000 messages;
#  2. the merge's time and peak memory on synthetic injector logs of REQUESTS requests in all (3 injectors), and on
#     a tenth of that, under the same heap: the merge streams, so memory should not grow with the log.
#
#   bench/distributed.sh                 # USERS=96 WARMUP=15 DURATION=30 REQUESTS=10000000 MERGE_HEAP=512m
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
USERS=${USERS:-96}
WARMUP=${WARMUP:-15}
DURATION=${DURATION:-30}
REQUESTS=${REQUESTS:-10000000}
MERGE_HEAP=${MERGE_HEAP:-512m}
OPENS=(--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED
  -Dgatling.data.enableAnalytics=false -Djava.util.prefs.PreferencesFactory=kafkaload.internal.config.RunPreferences)

if [ -z "${SKIP_LOAD:-}" ]; then
  start_broker
  echo "| injectors | acked msgs | summed msg/s (measured send) | injector CPU s | CPU ms per 1,000 msgs | saturated |"
  echo "|---|---|---|---|---|---|"
  for n in 1 2 3; do
    root="$OUT/distributed-$n"
    rm -rf "$root"
    java -Xmx512m "${OPENS[@]}" -cp "$CP" -Dgatling.simulationClass=simulations.BaselineSimulation \
      -Dinjector.count="$n" -Dusers="$USERS" -Dwarmup="$WARMUP" -Dduration="$DURATION" \
      -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="bench-dist-$n-$RANDOM" -Dlocal.results="$root" \
      -Dlocal.injectorHeap=1g -Dgate.p99Ms=1000000 -Dgate.minRps=0 kafkaload.distributed.Distributed local >"$root.out" 2>&1 || true
    python3 - "$root" "$n" <<'PY'
import glob, json, sys
root, n = sys.argv[1], sys.argv[2]
s = json.load(open(glob.glob(root + "/merged/*/kafka-summary.json")[0]))
t = s["protocols"][0]["throughput"]
cpu = s["injector"]["cpuSecondsAtEnd"]
acked = t["ackedOk"]
rate = t["byRequest"]["send"]["msgsPerSec"]
sat = [r["index"] for r in s["injectors"] if r.get("saturated")]
print(f"| {n} | {acked:,} | {rate:,.0f} | {cpu:.1f} | {1000 * cpu / max(1, acked) * 1000:.1f} | {sat or 'none'} |")
PY
  done
fi

echo
echo "| requests merged | merged log | merge wall time | merge peak RSS | heap limit |"
echo "|---|---|---|---|---|"
for total in $((REQUESTS / 10)) "$REQUESTS"; do
  root="$OUT/merge-$total"
  rm -rf "$root"
  java -Xmx1g "${OPENS[@]}" -cp "$CP" kafkaload.bench.SyntheticInjectorLogs "$root" 3 $((total / 3)) >/dev/null
  /usr/bin/time -v -o "$root.time" java -Xmx"$MERGE_HEAP" "${OPENS[@]}" -cp "$CP" -Dmerge.results="$root" \
    -Dinjector.count=3 -Dverify=false kafkaload.distributed.Distributed merge >"$root.out" 2>&1 || true
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$root.time")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$root.time")
  size=$(du -h "$root"/merged/*/simulation.log | cut -f1)
  echo "| $(printf "%'d" $(( (total / 3) * 3 ))) | $size | $wall | $((rss / 1024)) MB | $MERGE_HEAP |"
done
