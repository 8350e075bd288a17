#!/usr/bin/env bash
# The time a run spends outside its load, by phase, and how it grows with the load (docs/soak.md, "What an hour
# costs"). Runs SIMULATION (ConstantRateSimulation) at RATE msg/s for a SHORT and a LONG load (after WARMUP s at the
# same rate), each with and without Gatling's HTML report (Gatling's -nr; -Dgatling.noReports=true with the plugin),
# against the embedded broker in its own JVM (or BOOTSTRAP). Each console line is stamped with the time it was
# printed; the phases are cut at lines the run prints anyway:
#   start-up        JVM start to "Kafka target:" (Gatling, the simulation's constructor, the protocol)
#   preflight       to the first ack (kafka-summary.json's firstAckMillis: the bootstrap, the topic, the producers)
#   (the load)      first ack to last ack (lastAckMillis): the warm-up and the measured load
#   after the load  to "[kafkaload] Kafka sends:", the run's end (the drain, read-back, reconciliation, Gatling's end)
#   Gatling report  to its last assertion line: its report (none with -nr), then its pass over simulation.log for
#                   the assertions, which -nr keeps
#   kafka files     to the last of "Kafka page:" and "Markdown summary:" (assertions, kafka-summary.json, kafka.html)
#   exit            to the JVM's end
# and prints the marginal cost, LONG minus SHORT, of the time outside the load.
#
#   bench/outside-load.sh                               # RATE=20000 SHORT=30 LONG=150 WARMUP=10
#   SHORT=10 LONG=40 RATE=5000 bench/outside-load.sh    # a quick look
#   BOOTSTRAP=broker:9092 bench/outside-load.sh         # any cluster
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/bench/outside-load}
source bench/common.sh
SIMULATION=${SIMULATION:-simulations.ConstantRateSimulation}
RATE=${RATE:-20000}
SHORT=${SHORT:-30}
LONG=${LONG:-150}
WARMUP=${WARMUP:-10}
HEAP=${HEAP:-1G}
read -r -a EXTRA_ARGS <<<"${EXTRA:-}"
[ -n "${BOOTSTRAP:-}" ] || start_broker
echo "broker: $BOOTSTRAP  simulation: $SIMULATION  rate: $RATE msg/s  warm-up: $WARMUP s  loads: $SHORT s, $LONG s" \
  " heap: $HEAP  $(date -u '+%Y-%m-%d %H:%M UTC')  load average $(cut -d' ' -f1-3 /proc/loadavg)"

stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }

run() { # duration report(on|off)
  local name="run-$1-report-$2" nr=()
  [ "$2" = off ] && nr=(-nr)
  echo "$EPOCHREALTIME JVM-START" >"$OUT/$name.log"
  java "-Xmx$HEAP" "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="outside-$1-$2-$$" \
    -Drate="$RATE" -Dwarmup="$WARMUP" -Dduration="$1" "${EXTRA_ARGS[@]}" \
    -cp "$CP" io.gatling.app.Gatling "${nr[@]}" -s "$SIMULATION" -rf "$PWD/$OUT/gatling-results" 2>&1 | stamp >>"$OUT/$name.log" \
    || echo "  $name exited non-zero (see $OUT/$name.log)"
  echo "$EPOCHREALTIME JVM-END" >>"$OUT/$name.log"
  delete_topic "outside-$1-$2-$$"
}

for report in off on; do
  run "$SHORT" "$report"
  run "$LONG" "$report"
done

python3 - "$OUT" "$SHORT" "$LONG" "$WARMUP" <<'PY'
import json, re, sys
out, short, long_, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
PHASES = ["start-up", "preflight", "after the load", "Gatling report", "kafka files", "exit"]

def phases(duration, report):
    lines = []
    for l in open(f"{out}/run-{duration}-report-{report}.log"):
        t, _, rest = l.rstrip("\n").partition(" ")
        lines.append((float(t), rest))
    def at(pattern, last=False):
        hits = [t for t, l in lines if re.search(pattern, l)]
        return hits[-1] if last else hits[0]
    text = "\n".join(l for _, l in lines)
    run_dir = re.findall(r"Kafka page: file://(.*)/kafka\.html", text)[-1]
    throughput = json.load(open(f"{run_dir}/kafka-summary.json"))["protocols"][0]["throughput"]
    start, end = lines[0][0], lines[-1][0]
    target = at(r"Kafka target:")
    first_ack, last_ack = throughput["firstAckMillis"] / 1000, throughput["lastAckMillis"] / 1000
    run_end = at(r"\[kafkaload\] Kafka sends:")
    # Gatling's end: its report (none with -nr), then its pass over simulation.log for the assertions.
    verdicts = [t for t, l in lines if re.search(r" : (true|false) \(actual : ", l)]
    report_done = verdicts[-1] if verdicts else at(r"^Reports generated") if report == "on" else run_end
    files = at(r"\[kafkaload\] (Kafka page|Markdown summary):", last=True)
    cut = [target - start, first_ack - target, run_end - last_ack, report_done - run_end, files - report_done,
           end - files]
    read_back = re.findall(r"read-back: (\w+) in ([\d.]+) s, (\d+) records scanned", text)
    return dict(zip(PHASES, cut)), last_ack - first_ack, end - start, read_back[-1] if read_back else None

print()
print(f"time outside the load (s), by phase; the load: the warm-up ({warmup} s) and the measured load, first to last ack")
print("| run | " + " | ".join(PHASES) + " | outside the load | load | whole run | read-back |")
print("|---" * (len(PHASES) + 5) + "|")
rows = {}
for report in ("off", "on"):
    for d in (short, long_):
        ph, load, whole, rb = phases(d, report)
        outside = sum(ph.values())
        rows[(d, report)] = (ph, outside)
        rbs = f"{rb[1]} s, {int(rb[2]):,} records ({rb[0]})" if rb else "none"
        print(f"| {d} s load, report {report} | " + " | ".join(f"{ph[p]:.1f}" for p in PHASES)
              + f" | {outside:.1f} | {load:.1f} | {whole:.1f} | {rbs} |")
print()
for report in ("off", "on"):
    (ps, os_), (pl, ol) = rows[(short, report)], rows[(long_, report)]
    extra = long_ - short
    print(f"marginal, report {report}: {ol - os_:+.1f} s outside the load for {extra} s more load "
          f"({(ol - os_) / extra * 100:.1f} % of it); by phase: "
          + ", ".join(f"{p} {pl[p] - ps[p]:+.1f}" for p in PHASES))
PY
