#!/usr/bin/env bash
# The cost of trust, split in two: run-identity headers alone, and headers plus the reconciliation read-back,
# each against the same run without either. Every arm keeps the offset reconciliation (-Dverify=true), so the runs
# differ only in what is measured. Alternates the three arms on one embedded broker in its own JVM and prints
# medians of msg/s, injector CPU-seconds per million messages and read-back time, with ratios against "none".
#
#   bench/identity-cost.sh            # ROUNDS=3 USERS=256 SECONDS_GATLING=30
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-3}
USERS=${USERS:-256}
SECONDS_GATLING=${SECONDS_GATLING:-30}

start_broker

run() { # name round flags...
  local name=$1 round=$2; shift 2
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="cost-$name-$round" \
    -Dusers="$USERS" -Dwarmup=0 -Dduration="$SECONDS_GATLING" -Dgate.p99Ms=100000 -Dgate.minRps=0 -Dverify=true "$@" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.BaselineSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/cost-$name-$round.log" 2>&1 || true
}
for r in $(seq 1 "$ROUNDS"); do
  echo "round $r/$ROUNDS: none (no headers, no read-back)"; run none "$r" -DrunIdentity=false -Dverify.readBack=false
  echo "round $r/$ROUNDS: headers only"; run headers "$r" -DrunIdentity=true -Dverify.readBack=false
  echo "round $r/$ROUNDS: headers and read-back"; run both "$r" -DrunIdentity=true -Dverify.readBack=true
done

python3 - "$OUT" "$ROUNDS" "$SECONDS_GATLING" <<'PY'
import re, statistics, sys
out, rounds, secs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def row(name):
    rates, cpus, reads = [], [], []
    for r in range(1, rounds + 1):
        log = open(f"{out}/cost-{name}-{r}.log").read()
        ok = int(re.findall(r"> send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)[-1].replace(",", ""))
        cpu = float(re.findall(r"injector CPU so far: ([\d.]+) s", log)[-1])
        rates.append(ok / secs); cpus.append(cpu / ok * 1e6)
        m = re.findall(r"read-back: \w+ in ([\d.]+) s", log)
        reads.append(float(m[-1]) if m else 0.0)
    return statistics.median(rates), statistics.median(cpus), statistics.median(reads)
arms = [("none", "none: no headers, no read-back"), ("headers", "identity headers only"),
        ("both", "identity headers + read-back")]
rows = {name: row(name) for name, _ in arms}
base = rows["none"]
print(f"\n| arm (median of {rounds} rounds) | msg/s | CPU-s per M msgs | read-back s | msg/s vs none | CPU/msg vs none |")
print("|---|---|---|---|---|---|")
for name, label in arms:
    r = rows[name]
    print(f"| {label} | {r[0]:,.0f} | {r[1]:.1f} | {r[2]:.1f} | {r[0]/base[0]:.2f} | {r[1]/base[1]:.2f} |")
print("\n(CPU per message counts the injector JVM up to the end of the run: the read-back runs before it, so its CPU is included.)")
PY
