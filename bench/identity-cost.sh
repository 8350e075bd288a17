#!/usr/bin/env bash
# The cost of trust: run-identity headers and the reconciliation read-back, against the same run without them.
# Alternates A (-DrunIdentity=false -Dverify=false) and B (headers on, read-back on) on one embedded broker in its
# own JVM, and prints medians of msg/s, injector CPU-seconds per million messages, and read-back time, with ratios.
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
    -Dusers="$USERS" -Dwarmup=0 -Dduration="$SECONDS_GATLING" -Dgate.p99Ms=100000 -Dgate.minRps=0 "$@" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.BaselineSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/cost-$name-$round.log" 2>&1 || true
}
for r in $(seq 1 "$ROUNDS"); do
  echo "round $r/$ROUNDS: without identity"; run plain "$r" -DrunIdentity=false -Dverify=false
  echo "round $r/$ROUNDS: with identity headers and read-back"; run identity "$r" -DrunIdentity=true -Dverify=true
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
a, b = row("plain"), row("identity")
print(f"\n{'median of %d rounds' % rounds:<40} {'msg/s':>10} {'CPU-s/M msgs':>14} {'read-back s':>12}")
print(f"{'no identity headers, no read-back':<40} {a[0]:>10.0f} {a[1]:>14.1f} {a[2]:>12.1f}")
print(f"{'identity headers + read-back':<40} {b[0]:>10.0f} {b[1]:>14.1f} {b[2]:>12.1f}")
print(f"\nratio with/without: msg/s {b[0]/a[0]:.2f}, CPU per message {b[1]/a[1]:.2f}")
print("(CPU per message counts the injector JVM up to the end of the run: the read-back runs before it, so its CPU is included.)")
PY
