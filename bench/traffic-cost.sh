#!/usr/bin/env bash
# The cost of traffic like production (docs/traffic.md), side by side with fixed random bytes:
#  1. the CPU to make a record's key and value and count it in the traffic tap, one thread (TrafficGenBench);
#  2. ConstantRateSimulation at RATE msg/s (default 20,000) on one embedded broker in its own JVM, arms alternating:
#     "fixed" (random keys, -DrecordSize=1024 random letters) against "zipf" (Zipf keys over 10,000, sizes
#     uniform:512-1536 of the same mean, values half compressible); compression.type=none in both, so only the
#     generation differs. Prints msg/s and injector CPU per message, whole process and during the measured load,
#     with the ratios to fixed (the bound: at most 1.10).
#
#   bench/traffic-cost.sh            # ROUNDS=1 RATE=20000 SECONDS_GATLING=30; GEN_ONLY=1 skips the Gatling runs
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-1}
RATE=${RATE:-20000}
SECONDS_GATLING=${SECONDS_GATLING:-30}

echo "== generation and counting, one thread =="
java -Xmx1G -cp "$CP" kafkaload.bench.TrafficGenBench "${GEN_RECORDS:-3000000}" | tee "$OUT/traffic-gen.txt"
[ -n "${GEN_ONLY:-}" ] && exit 0

start_broker

run() { # arm round flags...
  local arm=$1 round=$2; shift 2
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="traffic-$arm-$round" \
    -Drate="$RATE" -Dwarmup=10 -Dduration="$SECONDS_GATLING" -Dcompression.type=none \
    -Dgate.p99Ms=100000 -Dgate.minRps=0 "$@" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.ConstantRateSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/traffic-$arm-$round.log" 2>&1 || true
  delete_topic "traffic-$arm-$round"
}
for r in $(seq 1 "$ROUNDS"); do
  for arm in $(round_order "$r" fixed zipf); do
    echo "round $r/$ROUNDS: $arm"
    if [ "$arm" = fixed ]; then
      run fixed "$r" -Dkey=random -DrecordSize=1024
    else
      run zipf "$r" -Dkey=zipf -Dkey.count=10000 -DrecordSize.dist=uniform:512-1536 -Dvalue.compressibility=0.5
    fi
  done
done

python3 - "$OUT" "$ROUNDS" "$SECONDS_GATLING" <<'PY'
import json, os, re, statistics, sys
out, rounds, secs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def one(arm, r):
    log = open(f"{out}/traffic-{arm}-{r}.log").read()
    ok = int(re.findall(r"> send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)[-1].replace(",", ""))
    warm = re.findall(r"> warm-up send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)
    total = ok + (int(warm[-1].replace(",", "")) if warm else 0)
    whole = float(re.findall(r"injector CPU so far: ([\d.]+) s", log)[-1])
    page = re.findall(r"Kafka page: file://(\S+)", log)[-1]
    s = json.load(open(os.path.join(os.path.dirname(page), "kafka-summary.json")))
    during = (s["injector"].get("loadCpu") or {}).get("microsPerMessage")
    return ok / secs, whole / total * 1e6, during
rows = {}
for arm in ("fixed", "zipf"):
    runs = [one(arm, r) for r in range(1, rounds + 1)]
    rows[arm] = tuple(statistics.median(x[i] for x in runs) for i in range(3))
base = rows["fixed"]
print(f"\n| arm (median of {rounds} round(s), {secs} s measured) | msg/s | CPU µs/msg, whole process | CPU µs/msg, measured load | whole vs fixed | load vs fixed |")
print("|---|---|---|---|---|---|")
for arm, label in (("fixed", "fixed: random keys, 1024 B random letters"),
                   ("zipf", "zipf keys (10,000, s=1), uniform:512-1536, compressibility 0.5")):
    r = rows[arm]
    print(f"| {label} | {r[0]:,.0f} | {r[1]:.1f} | {r[2]:.1f} | {r[1]/base[1]:.2f} | {r[2]/base[2]:.2f} |")
PY
