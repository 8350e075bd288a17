#!/usr/bin/env bash
# What the producer's settings decide in a split brain (docs/brokers-and-faults.md, "Does acks=1 lose data?"):
# SplitBrainSimulation twice, the same fault (broker 1 cut from the other brokers and the controllers, not from the
# injector, at 10 s for 15 s; 3 embedded brokers in network namespaces, so it needs root), once with
#   acks=1, enable.idempotence=false, min.insync.replicas=1   and once with
#   acks=all, enable.idempotence=true, min.insync.replicas=2  (the simulation's defaults);
# then one table, side by side: records acked, acked records lost and duplicated (the reconciliation, by identity),
# KOs, p99 ack latency. Each arm's gates are its own: the acks=1 run may fail its "no acked record lost" gate.
#
#   bench/acks-under-partition.sh                 # ROUNDS=1; extra -D options go to both runs
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-1}
run() { # arm round flags...
  local arm=$1 round=$2; shift 2
  java -Xmx1G "${JVM_GATLING[@]}" -Dtopic="split-brain-$arm-$round" "$@" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.SplitBrainSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/split-brain-$arm-$round.log" 2>&1 || true
}
for r in $(seq 1 "$ROUNDS"); do
  for arm in $(round_order "$r" acks1 acksall); do
    echo "round $r/$ROUNDS: $arm"
    if [ "$arm" = acks1 ]; then
      run acks1 "$r" -Dacks=1 -Denable.idempotence=false -Dmin.insync.replicas=1 "${@}"
    else
      run acksall "$r" "${@}"
    fi
  done
done

python3 - "$OUT" "$ROUNDS" <<'PY'
import json, os, re, sys
out, rounds = sys.argv[1], int(sys.argv[2])
print()
print("| round | settings | acked | lost (acked, not on the topic) | duplicates | KO | ack ms p99 / max | fault |")
print("|---|---|---|---|---|---|---|---|")
for r in range(1, rounds + 1):
    for arm, label in (("acks1", "acks=1, no idempotence, min ISR 1"), ("acksall", "acks=all, idempotence, min ISR 2")):
        log = open(f"{out}/split-brain-{arm}-{r}.log").read()
        pages = re.findall(r"Kafka page: file://(\S+)", log)
        if not pages:
            print(f"| {r} | {label} | run failed: see {out}/split-brain-{arm}-{r}.log | | | | | |")
            continue
        s = json.load(open(os.path.join(os.path.dirname(pages[-1]), "kafka-summary.json")))
        p = s["protocols"][0]
        rec = p.get("reconciliation") or {}
        send = (p.get("ackLatencyMs") or {}).get("send") or {}
        lat = f"{send.get('p99', float('nan')):.0f} / {send.get('max', float('nan')):,.0f}"
        ko = re.findall(r"Kafka sends: \d+ acked OK, (\d+) failed", log)
        fault = "; ".join(f"{f['step']}: {'OK' if f['ok'] else 'KO'}" for f in p.get("faults") or [])
        print(f"| {r} | {label} | {rec.get('ackedOk', '?'):,} | {rec.get('lost', '?'):,} | "
              f"{rec.get('duplicates', '?'):,} | {ko[-1] if ko else '?'} | {lat} | {fault} |")
PY
