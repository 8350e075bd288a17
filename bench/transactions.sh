#!/usr/bin/env bash
# Transactions side by side on one broker: Kafka's ProducerPerformance --transactional-id --transaction-duration-ms D
# (one producer, a commit every D ms, unthrottled) against TransactionsSimulation with one user and transactions of
# the same size (ProducerPerformance's records per transaction: its msg/s x D), same record size, acks=all,
# idempotence, linger, batch and compression. Each tool runs a short and a long run (LONG = 2 x SHORT seconds) so the
# marginal CPU per message (long minus short, per extra message) cancels JVM and Gatling start. Then the cost of a
# transaction per size: TransactionsSimulation, one user, transactions of 1, 10, 100 and 1000 records. Prints markdown
# tables of medians over ROUNDS: msg/s, CPU-s per million messages (whole and marginal), commit p50/p99 (the
# simulation's "order txn commit"; ProducerPerformance does not measure it), transactions/s. Quote the load average.
#
#   bench/transactions.sh                       # ROUNDS=3 SHORT=15 D=100 RECORD_SIZE=1024 SIZES="1 10 100 1000"
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
SHORT=${SHORT:-15}
LONG=$((2 * SHORT))
D=${D:-100}
RECORD_SIZE=${RECORD_SIZE:-1024}
SIZES=${SIZES:-1 10 100 1000}
PROPS="acks=all enable.idempotence=true linger.ms=1 batch.size=16384 compression.type=lz4"
source bench/common.sh
rm -f "$OUT"/tx-*
if [ -z "${BOOTSTRAP:-}" ]; then start_broker; fi
echo "broker: $BOOTSTRAP record=${RECORD_SIZE}B D=${D}ms short=${SHORT}s long=${LONG}s load: $(cut -d' ' -f1-3 /proc/loadavg)"

timed() { # name command...: CPU and peak RSS of the whole process, JVM start to exit
  local name=$1; shift
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/tx-$name.time" "$@" >"$OUT/tx-$name.log" 2>&1 \
    || echo "  $name exited with $? (see $OUT/tx-$name.log)"
}
perf() { # name seconds records-estimate
  java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "tx-perf-$1" 16
  timed "perf-$1" java -Xmx1G -cp "$CP" org.apache.kafka.tools.ProducerPerformance --topic "tx-perf-$1" \
    --num-records "$3" --record-size "$RECORD_SIZE" --throughput -1 --transactional-id "perf-$1-$$" \
    --transaction-duration-ms "$D" --producer-props bootstrap.servers="$BOOTSTRAP" $PROPS
}
gatling() { # name seconds records-per-transaction
  timed "gatling-$1" java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="tx-gatling-$1" \
    -Dtopic.partitions=16 -Dduration="$2" -Dtxn.users=1 -Dtxn.records="$3" -Dtxn.abortEvery=0 -Dverify=false \
    -DrecordSize="$RECORD_SIZE" -Dlinger.ms=1 -Dbatch.size=16384 -Dcompression.type=lz4 -Dgate.p99Ms=600000 \
    -Dgate.commitP99Ms=600000 -Dgate.minRps=0 \
    -cp "$CP" io.gatling.app.Gatling -nr -s simulations.TransactionsSimulation -rf "$PWD/$OUT/gatling-results"
}
rate() { sed -n 's/.* \([0-9.]*\) records\/sec.*/\1/p' "$OUT/tx-perf-$1.log" | tail -1; }

for r in $(seq 1 "$ROUNDS"); do
  # ProducerPerformance first: its rate sets the records of the short and long runs and the transaction size.
  perf "probe-$r" 5 200000
  R=$(rate "probe-$r"); R=${R%.*}; [ -n "$R" ] && [ "$R" -gt 0 ] || R=1000
  SIZE=$(( R * D / 1000 )); [ "$SIZE" -ge 1 ] || SIZE=1
  echo "round $r: ProducerPerformance ~$R msg/s, $SIZE records per $D ms transaction"
  perf "short-$r" "$SHORT" $(( R * SHORT ))
  perf "long-$r" "$LONG" $(( R * LONG ))
  gatling "short-$r" "$SHORT" "$SIZE"
  gatling "long-$r" "$LONG" "$SIZE"
  echo "$SIZE" >"$OUT/tx-size-$r"
  for s in $SIZES; do gatling "size-$s-$r" "$SHORT" "$s"; done
done

python3 - "$OUT" "$ROUNDS" "$SIZES" <<'PY'
import json, glob, os, re, statistics, sys
out, rounds, sizes = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()
def cpu(name):
    t = re.findall(r"TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)", open(f"{out}/tx-{name}.time").read())[-1]
    return float(t[1]) + float(t[2])
def perf(name):
    log = open(f"{out}/tx-{name}.log").read()
    m = re.findall(r"(\d+) records sent, ([\d.]+) records/sec", log)[-1]
    return int(m[0]), float(m[1])
def summary(name):
    log = open(f"{out}/tx-{name}.log").read()
    d = os.path.dirname(re.findall(r"Kafka page: file://(\S+)", log)[-1])
    p = json.load(open(f"{d}/kafka-summary.json"))["protocols"][0]
    t = p["throughput"]["byRequest"]["order txn"]
    tx = p["transactions"]["order txn"]
    return t["acked"], t["msgsPerSec"], tx["commitLatencyMs"], tx["committed"] / max(t["firstToLastAckSeconds"], 1e-9)
rows = {"perf": [], "gatling": []}
for r in range(1, rounds + 1):
    (ns, _), (nl, rl) = perf(f"perf-short-{r}"), perf(f"perf-long-{r}")
    cs, cl = cpu(f"perf-short-{r}"), cpu(f"perf-long-{r}")
    rows["perf"].append((rl, cl / nl * 1e6, (cl - cs) / max(nl - ns, 1) * 1e6, None, None))
    gs, gl = summary(f"gatling-short-{r}"), summary(f"gatling-long-{r}")
    cs, cl = cpu(f"gatling-short-{r}"), cpu(f"gatling-long-{r}")
    rows["gatling"].append((gl[1], cl / gl[0] * 1e6, (cl - cs) / max(gl[0] - gs[0], 1) * 1e6, gl[2]["p50"], gl[2]["p99"]))
med = lambda tool, i: statistics.median(x[i] for x in rows[tool]) if rows[tool][0][i] is not None else None
p, g = [med("perf", i) for i in range(5)], [med("gatling", i) for i in range(5)]
size = open(f"{out}/tx-size-1").read().strip()
print(f"\n| tool (median of {rounds}; {size} records per transaction) | msg/s | CPU-s per M msgs, whole | CPU-s per M, marginal"
      " | commit p50 ms | commit p99 ms | msg/s vs PP | marginal CPU vs PP |\n|---|---|---|---|---|---|---|---|")
print(f"| ProducerPerformance --transaction-duration-ms | {p[0]:,.0f} | {p[1]:.1f} | {p[2]:.1f} | not measured | not measured | 1 | 1 |")
print(f"| TransactionsSimulation, 1 user | {g[0]:,.0f} | {g[1]:.1f} | {g[2]:.1f} | {g[3]:.1f} | {g[4]:.1f} | {g[0] / p[0]:.2f} | {g[2] / p[2]:.2f} |")
print("\n| records per transaction | msg/s | transactions/s | commit p50 ms | commit p99 ms | CPU-s per M msgs, whole |\n|---|---|---|---|---|---|")
for s in sizes:
    xs = []
    for r in range(1, rounds + 1):
        n, msgs, c, tps = summary(f"gatling-size-{s}-{r}")
        xs.append((msgs, tps, c["p50"], c["p99"], cpu(f"gatling-size-{s}-{r}") / n * 1e6))
    m = [statistics.median(x[i] for x in xs) for i in range(5)]
    print(f"| {s} | {m[0]:,.0f} | {m[1]:,.1f} | {m[2]:.1f} | {m[3]:.1f} | {m[4]:.1f} |")
PY
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
