#!/usr/bin/env bash
# The cost of traffic like production (docs/traffic.md), side by side with fixed random bytes:
#  1. the CPU to make a record's key and value and count it in the traffic tap, one thread (TrafficGenBench), the
#     schema arm's Avro records generated, encoded and framed;
#  2. ConstantRateSimulation at RATE msg/s (default 20,000) on one embedded broker in its own JVM, arms alternating:
#     "fixed" (random keys, -DrecordSize=1024 random letters), "zipf" (Zipf keys over 10,000, sizes
#     uniform:512-1536 of the same mean, values half compressible) and "avro" (random keys, values Avro records
#     generated from schemas/order.avsc with field generators, through the embedded Schema Registry);
#     compression.type=none in all, so only the generation differs. Each arm runs twice, SECONDS_GATLING and
#     SHORT_SECONDS measured: prints msg/s and injector CPU per message, whole process, during the measured load,
#     and marginal (the longer run's CPU minus the shorter's, over their records' difference: start-up and the
#     report left out), with the ratios to fixed (the bound: at most 1.10).
#
#   bench/traffic-cost.sh   # ROUNDS=1 RATE=20000 SECONDS_GATLING=30 SHORT_SECONDS=10 ARMS="fixed zipf avro";
#                           # GEN_ONLY=1 skips the Gatling runs
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-1}
RATE=${RATE:-20000}
SECONDS_GATLING=${SECONDS_GATLING:-30}
SHORT_SECONDS=${SHORT_SECONDS:-10}
ARMS=${ARMS:-fixed zipf avro}
AVRO_FIELDS='orderId=sequence:o-1;qty=range:1..10;sku=oneOf:A|B;note=regex:[A-Z]{3}-[0-9]{4};note=null:0.2'

echo "== generation and counting, one thread =="
java -Xmx1G -cp "$CP" kafkaload.bench.TrafficGenBench "${GEN_RECORDS:-3000000}" | tee "$OUT/traffic-gen.txt"
[ -n "${GEN_ONLY:-}" ] && exit 0

start_broker

run() { # arm round seconds flags...
  local arm=$1 round=$2 secs=$3; shift 3
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="traffic-$arm-$round-$secs" \
    -Drate="$RATE" -Dwarmup=10 -Dduration="$secs" -Dcompression.type=none \
    -Dgate.p99Ms=100000 -Dgate.minRps=0 "$@" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.ConstantRateSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/traffic-$arm-$round-$secs.log" 2>&1 || true
  delete_topic "traffic-$arm-$round-$secs"
}
for r in $(seq 1 "$ROUNDS"); do
  # shellcheck disable=SC2086 # ARMS: a list
  for arm in $(round_order "$r" $ARMS); do
    for secs in "$SECONDS_GATLING" "$SHORT_SECONDS"; do
      echo "round $r/$ROUNDS: $arm, $secs s"
      case $arm in
        fixed) run fixed "$r" "$secs" -Dkey=random -DrecordSize=1024 ;;
        zipf) run zipf "$r" "$secs" -Dkey=zipf -Dkey.count=10000 -DrecordSize.dist=uniform:512-1536 \
          -Dvalue.compressibility=0.5 ;;
        avro) run avro "$r" "$secs" -Dkey=random -Dvalue.schema=schemas/order.avsc -Dvalue.seed=42 \
          -Dvalue.fields="$AVRO_FIELDS" ;;
      esac
    done
  done
done

python3 - "$OUT" "$ROUNDS" "$SECONDS_GATLING" "$SHORT_SECONDS" $ARMS <<'PY'
import json, os, re, statistics, sys
out, rounds, secs, short, arms = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
def one(arm, r, s):
    log = open(f"{out}/traffic-{arm}-{r}-{s}.log").read()
    ok = int(re.findall(r"> send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)[-1].replace(",", ""))
    warm = re.findall(r"> warm-up send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)
    total = ok + (int(warm[-1].replace(",", "")) if warm else 0)
    whole = float(re.findall(r"injector CPU so far: ([\d.]+) s", log)[-1])
    page = re.findall(r"Kafka page: file://(\S+)", log)[-1]
    s = json.load(open(os.path.join(os.path.dirname(page), "kafka-summary.json")))
    during = (s["injector"].get("loadCpu") or {}).get("microsPerMessage")
    return ok, total, whole, during
def row(arm, r):
    ok, total, whole, during = one(arm, r, secs)
    _, total_s, whole_s, _ = one(arm, r, short)
    marginal = (whole - whole_s) / (total - total_s) * 1e6
    return ok / secs, whole / total * 1e6, during, marginal
rows = {}
for arm in arms:
    runs = [row(arm, r) for r in range(1, rounds + 1)]
    rows[arm] = tuple(statistics.median(x[i] for x in runs) for i in range(4))
base = rows.get("fixed") or rows[arms[0]]
labels = {"fixed": "fixed: random keys, 1024 B random letters",
          "zipf": "zipf keys (10,000, s=1), uniform:512-1536, compressibility 0.5",
          "avro": "avro: random keys, order.avsc records generated (5 field generators), registry-framed"}
print(f"\n| arm (median of {rounds} round(s), {secs} s and {short} s measured) | msg/s | CPU µs/msg, whole process | CPU µs/msg, measured load | CPU µs/msg, marginal ({secs} s run - {short} s run) | whole vs fixed | load vs fixed | marginal vs fixed |")
print("|---|---|---|---|---|---|---|---|")
for arm in arms:
    r = rows[arm]
    print(f"| {labels[arm]} | {r[0]:,.0f} | {r[1]:.1f} | {r[2]:.1f} | {r[3]:.1f} | {r[1]/base[1]:.2f} | {r[2]/base[2]:.2f} | {r[3]/base[3]:.2f} |")
PY
