#!/usr/bin/env bash
# What a rebalance costs (docs/churn.md): ConsumerChurnSimulation ROUNDS times on one broker (the embedded one in a
# JVM of its own, or BOOTSTRAP=host:port), each run every protocol in turn with the same plan, a new topic a run.
# Prints per protocol and step the median over the runs of: our pause (longest window a partition had no owner),
# records read twice, the lag peak and the time back to the steady lag, the end-to-end p99 in the step's window
# against the steady state before the first step (the baseline, measured in the same round), and beside them
# Kafka's own: the rebalances its clients counted in the window, their average rebalance latency
# (rebalance-latency-total / rebalance-total), and the clients' rebalance-latency-max. Each run's figures too.
#
#   bench/churn.sh   # ROUNDS=3 CONSUMERS=4 PARTITIONS=16 RATE=500 LOAD_SECONDS=40 PLAN=rolling@5s+5s
#                    # PROTOCOLS=classic-eager,classic-cooperative,consumer
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-3}
CONSUMERS=${CONSUMERS:-4}
PARTITIONS=${PARTITIONS:-16}
RATE=${RATE:-500}
LOAD_SECONDS=${LOAD_SECONDS:-40}
PLAN=${PLAN:-rolling@5s+5s}
PROTOCOLS=${PROTOCOLS:-classic-eager,classic-cooperative,consumer}
rm -rf "$OUT"/churn-*

if [ -z "${BOOTSTRAP:-}" ]; then start_broker; fi
echo "broker: $BOOTSTRAP  $CONSUMERS consumers, $PARTITIONS partitions, $RATE msg/s for ${LOAD_SECONDS} s, plan $PLAN," \
  "protocols $PROTOCOLS, rounds=$ROUNDS  load average $(cut -d' ' -f1-3 /proc/loadavg)"

for r in $(seq 1 "$ROUNDS"); do
  res="$PWD/$OUT/churn-$r"
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="bench-churn-$r-$$" \
    -Dtopic.partitions="$PARTITIONS" -Dchurn.consumers="$CONSUMERS" -Dchurn.rate="$RATE" -Dchurn.seconds="$LOAD_SECONDS" \
    -Dchurn.plan="$PLAN" -Dchurn.protocols="$PROTOCOLS" -Dchurn.maxPauseMs=600000 -Dchurn.maxReadTwicePct=100 \
    -cp "$CP" io.gatling.app.Gatling -nr -s simulations.ConsumerChurnSimulation -rf "$res" >"$OUT/churn-$r.log" 2>&1 \
    || { echo "round $r failed:"; grep -E 'KO|ERROR' "$OUT/churn-$r.log" | tail -10; exit 1; }
  delete_topic "bench-churn-$r-$$"
  echo "  round $r done ($(grep -c 'saturated' "$OUT/churn-$r.log" || true) saturation warnings)"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$OUT" "$ROUNDS" <<'PY'
import glob, json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
runs = []
for r in range(1, rounds + 1):
    s = json.load(open(glob.glob(f"{out}/churn-{r}/**/kafka-summary.json", recursive=True)[0]))
    runs.append(s["protocols"][0]["churn"])
def med(vals):
    vals = [v for v in vals if v is not None]
    return "-" if not vals else f"{statistics.median(vals):.0f}"
cols = ["pause ms", "read twice", "lag peak", "steady lag", "back ms", "e2e p99", "steady p99",
        "kafka rb", "kafka avg ms", "kafka max ms"]
print()
print(f"median of {rounds} runs per protocol and step (each run's figures below)")
print("| protocol | step | " + " | ".join(cols) + " |")
print("|---|---|" + "---|" * len(cols))
def figures(rd, e):
    return [e["recovery"]["longestUnownedMs"], e["reads"]["readTwice"], e["lag"]["peak"], rd["steady"]["lag"],
            e["lag"]["backToSteadyMs"], e["endToEnd"]["p99Ms"], rd["steady"]["endToEndP99Ms"],
            e["kafka"]["rebalances"], e["kafka"]["latencyAvgMs"], e["kafka"]["latencyMaxMs"]]
for i, rd in enumerate(runs[0]["rounds"]):
    for j, e in enumerate(rd["events"]):
        per_run = [figures(run["rounds"][i], run["rounds"][i]["events"][j]) for run in runs]
        print(f"| {rd['protocol']} | {e['step']} | " + " | ".join(med([f[k] for f in per_run]) for k in range(len(cols))) + " |")
print()
print("each run: protocol step: " + ", ".join(cols) + "; lost records")
for n, run in enumerate(runs, 1):
    for rd in run["rounds"]:
        for e in rd["events"]:
            lost = rd["counts"]["produced"] - rd["counts"]["readAtLeastOnce"]
            print(f"  run {n} {rd['protocol']} {e['step']}: " + ", ".join(str(v) for v in figures(rd, e)) + f"; {lost} lost")
PY
