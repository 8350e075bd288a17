#!/usr/bin/env bash
# The baseline gate measured (docs/ci-gate.md#the-gate-measured): false alarms and detection at the defaults.
#  1. SAME runs of BaselineSimulation with the same settings on one embedded broker (in its own JVM), kept as a
#     history; each run is then judged against up to K of the others: how often does noise fail the gate?
#  2. For each LEVEL (a producer byte-rate quota at LEVEL % of the same runs' median rate, set on the broker
#     through the AdminClient), TRIES runs judged against the latest K same runs: how many are caught?
# The smallest level caught in 9 of 10 tries is the detection figure.
#
# Runs last as long as the shipped simulations' defaults (20 s warm-up, 30 s measured): shorter warm-ups leave the
# JIT's CPU in the measured window, and its length varies from run to run.
#
#   bench/gate.sh                       # SAME=20 K=10 TRIES=10 LEVELS="90 95" WARMUP=20 DURATION=30 USERS=10
#   SAME=6 TRIES=3 LEVELS="80 60" WARMUP=5 DURATION=10 bench/gate.sh   # a reduced run
#   KEEP=1 SAME=6 LEVELS="" bench/gate.sh          # 6 more same-settings runs added to the kept history, no detection
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
SAME=${SAME:-20}
K=${K:-10}
TRIES=${TRIES:-10}
LEVELS=${LEVELS-90 95}
WARMUP=${WARMUP:-20}
DURATION=${DURATION:-30}
USERS=${USERS:-10}
# Kafka measures a quota over quota.window.num windows (11 of 1 s by default) and never over less than all but one of
# them, so a fresh client may send 10 s of quota before it is throttled: longer than a run's warm-up. Two windows
# throttle within the warm-up, and the quota levels become the regressions they are meant to be.
export BROKER_SET=${BROKER_SET-quota.window.num=2}
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
# A broker's first run after it starts is slower (its log segments, page cache and JIT are cold): in CI every run
# starts its own broker and all are first runs alike; here one broker serves them all, so its first run is not kept.
echo "priming the broker (not kept)"; run "$OUT/gate-priming" priming; rm -rf "$OUT/gate-priming"
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
