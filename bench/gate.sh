#!/usr/bin/env bash
# The baseline gate measured (docs/ci-gate.md#the-gate-measured): false alarms and detection at the defaults.
#  1. SAME runs of BaselineSimulation with the same settings on one embedded broker (in its own JVM), kept as a
#     history; each run is then judged against up to K of the others: how often does noise fail the gate?
#  2. For each LEVEL (a producer byte-rate quota at LEVEL % of the same runs' median rate, set on the broker
#     through the AdminClient), TRIES runs judged against the latest K same runs: how many are caught?
# The smallest level caught in 9 of 10 tries is the detection figure.
#
#   bench/gate.sh                       # SAME=12 K=10 TRIES=10 LEVELS="90 80 70" WARMUP=5 DURATION=10 USERS=10
#   SAME=6 TRIES=3 LEVELS="80 60" bench/gate.sh   # a reduced run
#   KEEP=1 SAME=6 LEVELS="" bench/gate.sh          # 6 more same-settings runs added to the kept history, no detection
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
SAME=${SAME:-12}
K=${K:-10}
TRIES=${TRIES:-10}
LEVELS=${LEVELS-90 80 70}
WARMUP=${WARMUP:-5}
DURATION=${DURATION:-10}
USERS=${USERS:-10}
HIST="$OUT/gate-same"
if [ "${KEEP:-0}" != 1 ]; then rm -rf "$HIST" "$OUT"/gate-quota-*; fi
mkdir -p "$HIST"
FIRST=$(( $(find "$HIST" -name "*.json" | wc -l) + 1 ))
start_broker

run() { # history-folder name
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="gate-$2" \
    -Dusers="$USERS" -Dwarmup="$WARMUP" -Dduration="$DURATION" -Dgate.p99Ms=100000 -Dgate.minRps=0 -Dverify=false \
    -Dhistory.dir="$1" -Dhistory.label="$2" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.BaselineSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/gate-$2.log" 2>&1 || true
}
for i in $(seq "$FIRST" $((FIRST + SAME - 1))); do echo "same settings: run $i"; run "$HIST" "same-$i"; done
echo "== false alarms (each run against up to $K others, the gate's defaults)"
java -cp "$CP" kafkaload.bench.GateBench same "$HIST" "$K" | tee "$OUT/gate-false-alarms.txt"

RATE=$(java -cp "$CP" kafkaload.bench.GateBench rate "$HIST" | sed -n 's/^msgsPerSec=//p')
# Wire bytes per record: the 1 KiB value, lz4 barely shrinks random letters; batch overhead is small.
for level in $LEVELS; do
  rm -rf "$OUT/gate-quota-$level"
  BYTES=$(python3 -c "print(int($RATE * 1024 * $level / 100))")
  java -cp "$CP" kafkaload.bench.Quota "$BOOTSTRAP" "$BYTES"
  for i in $(seq 1 "$TRIES"); do echo "quota at $level% of $RATE msg/s: try $i/$TRIES"; run "$OUT/gate-quota-$level" "quota$level-$i"; done
  java -cp "$CP" kafkaload.bench.Quota "$BOOTSTRAP" 0
  echo "== detection, quota at $level % of the same runs' rate"
  java -cp "$CP" kafkaload.bench.GateBench detect "$HIST" "$K" "$OUT/gate-quota-$level" | tee "$OUT/gate-detect-$level.txt"
done
