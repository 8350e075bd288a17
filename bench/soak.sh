#!/usr/bin/env bash
# A long run and what Gatling itself costs at its end. Runs SoakSimulation (or SIMULATION) for DURATION seconds at
# RATE msg/s against the embedded broker in its own JVM (or BOOTSTRAP), then Gatling's report again alone
# (reports-only, a fresh JVM) to time it and weigh its memory. Prints: records acked and the rate sustained,
# simulation.log size and bytes per million requests, the report's time and heap, our page's time, heap after GC
# through the load (start, middle, end, and every STEP_MINUTES), the read-back's time, and what an hour costs.
#
#   bench/soak.sh                                   # DURATION=600 RATE=2000 WARMUP=20 HEAP=1G
#   DURATION=600 RATE=20000 SIMULATION=simulations.ConstantRateSimulation bench/soak.sh
#   BOOTSTRAP=broker:9092 bench/soak.sh             # any cluster
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/bench/soak}
source bench/common.sh
SIMULATION=${SIMULATION:-simulations.SoakSimulation}
DURATION=${DURATION:-600}
RATE=${RATE:-2000}
WARMUP=${WARMUP:-20}
HEAP=${HEAP:-1G}
STEP_MINUTES=${STEP_MINUTES:-1}
# LIVE_EVERY=N: a full GC (jcmd GC.run) every N s of the run, so the GC log shows the live set, which heap after a
# young GC does not while no marking cycle runs (it keeps the old generation's garbage). It adds pauses: off by default.
LIVE_EVERY=${LIVE_EVERY:-0}
# Extra -D properties for the simulation, e.g. EXTRA="-DrecordSize=100 -Dverify.timeoutSeconds=900".
read -r -a EXTRA_ARGS <<<"${EXTRA:-}"
[ -x /usr/bin/time ] || { echo "GNU time is needed (apt-get install time)" >&2; exit 1; }
[ -n "${BOOTSTRAP:-}" ] || start_broker
NAME=$(basename "${SIMULATION//./\/}")-$RATE-$DURATION
RESULTS="$PWD/$OUT/gatling-results"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
echo "broker: $BOOTSTRAP  simulation: $SIMULATION  rate: $RATE msg/s  warm-up: $WARMUP s  load: $DURATION s  heap: $HEAP"

# Each console line gets the wall-clock time it was printed, so the report's phases can be timed.
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }

TOPIC="soak-$NAME-$$"
if [ "$LIVE_EVERY" -gt 0 ]; then
  # The run's JVM is the one with this script's own topic on its command line.
  ( for _ in $(seq 1 120); do pid=$(pgrep -f -- "^java .*-Dtopic=$TOPIC " | head -1); [ -n "$pid" ] && break; sleep 0.5; done
    while [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; do
      sleep "$LIVE_EVERY"; jcmd "$pid" GC.run >/dev/null 2>&1 || true; done ) &
fi
set +e
/usr/bin/time -v -o "$OUT/$NAME.time" java "-Xmx$HEAP" "${JVM_GATLING[@]}" \
  "-Xlog:gc:file=$OUT/$NAME-gc.log:time,uptime" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$TOPIC" \
  -Dreply.topic="$TOPIC-replies" -Drate="$RATE" -Dwarmup="$WARMUP" -Dduration="$DURATION" "${EXTRA_ARGS[@]}" \
  -cp "$CP" io.gatling.app.Gatling -s "$SIMULATION" -rf "$RESULTS" 2>&1 | stamp >"$OUT/$NAME.log"
RC=${PIPESTATUS[0]}
set -e
RUN_DIR=$(sed -n 's|.*Kafka page: file://\(.*\)/kafka.html.*|\1|p' "$OUT/$NAME.log" | tail -1)
[ -n "$RUN_DIR" ] || { echo "the run wrote no Kafka page (exit $RC); see $OUT/$NAME.log" >&2; tail -30 "$OUT/$NAME.log" >&2; exit 1; }

# Gatling's report again, alone in a fresh JVM with the same heap: its time, peak RSS and heap after GC.
/usr/bin/time -v -o "$OUT/$NAME-report.time" java "-Xmx$HEAP" "${JVM_GATLING[@]}" \
  "-Xlog:gc:file=$OUT/$NAME-report-gc.log:time,uptime" -cp "$CP" io.gatling.app.Gatling \
  -ro "$(basename "$RUN_DIR")" -rf "$RESULTS" >"$OUT/$NAME-report.log" 2>&1 || true

python3 - "$OUT" "$NAME" "$RUN_DIR" "$RC" "$RATE" "$DURATION" "$STEP_MINUTES" "$LOAD_BEFORE" <<'PY'
import csv, datetime, json, os, re, sys
out, name, run_dir, rc, rate, duration, step, load_before = sys.argv[1:]
rate, duration, step = int(rate), int(duration), float(step)
lines = [l.rstrip("\n").split(" ", 1) for l in open(f"{out}/{name}.log")]
lines = [(float(t), rest) for t, *r in lines for rest in [r[0] if r else ""]]
text = "\n".join(l for _, l in lines)

def when(pattern, last=False):
    hits = [t for t, l in lines if re.search(pattern, l)]
    return (hits[-1] if last else hits[0]) if hits else None

def gnu_time(path):
    t = open(path).read()
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1)) / 1024
    cpu = float(re.search(r"User time \(seconds\): ([\d.]+)", t).group(1)) + float(re.search(r"System time \(seconds\): ([\d.]+)", t).group(1))
    w = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", t).group(1).split(":")
    wall = sum(float(x) * 60 ** i for i, x in enumerate(reversed(w)))
    return rss, cpu, wall

def gc_events(path, start=None, end=None):
    """(before MB, after MB) of each collection in -Xlog:gc between two epoch times."""
    ev = []
    for l in open(path):
        m = re.match(r"\[([^\]]+)\]\[[^\]]+\].* (\d+)M->(\d+)M\(", l)
        if not m:
            continue
        ts = datetime.datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()
        if (start is None or ts >= start) and (end is None or ts <= end):
            ev.append((int(m.group(2)), int(m.group(3))))
    return ev

summary = json.load(open(f"{run_dir}/kafka-summary.json"))
p = summary["protocols"][0]
acked = p["throughput"]["ackedOk"]
send = p["throughput"]["byRequest"].get("send", {})
requests = int(re.findall(r"> request count\s+\|\s+([\d,]+) \|", text)[-1].replace(",", ""))
log_bytes = os.path.getsize(f"{run_dir}/simulation.log")

# Report phases, from the console's own lines: Gatling parses simulation.log, writes its report, then this
# project's hook re-reads the log for the JUnit file and writes kafka-summary.json and kafka.html.
t_parse, t_report_done = when(r"^Parsing log file"), when(r"^Reports generated")
t_page = when(r"Kafka page: file://", last=True)
parse_s = re.search(r"Parsing log file\(s\) done in (\d+)s", text)
report_s = t_report_done - t_parse if t_parse and t_report_done else float("nan")
page_s = t_page - t_report_done if t_page and t_report_done else float("nan")
in_run = gc_events(f"{out}/{name}-gc.log", t_parse, t_page)
rss, cpu, wall = gnu_time(f"{out}/{name}.time")
r_rss, r_cpu, r_wall = gnu_time(f"{out}/{name}-report.time")
r_gc = gc_events(f"{out}/{name}-report-gc.log")
r_ok = "Reports generated" in open(f"{out}/{name}-report.log").read()

# Heap after GC through the load, from the per-second file, relative to the load's start.
window = summary["injector"]["loadWindowSeconds"]
rows = [r for r in csv.DictReader(open(f"{run_dir}/kafka-timeline.csv"))
        if r["heapAfterGcMb"] and float(r["second"]) >= window["start"] and (window["end"] < 0 or float(r["second"]) <= window["end"])]
def heap_at(sec):
    best = min(rows, key=lambda r: abs(float(r["second"]) - window["start"] - sec)) if rows else None
    return float(best["heapAfterGcMb"]) if best else float("nan")
load_s = float(rows[-1]["second"]) - window["start"] if rows else 0
readback = re.findall(r"read-back: (\w+) in ([\d.]+) s, (\d+) records scanned", text)

print(f"\n{name}: exit {rc}, load average before {load_before}, after {' '.join(open('/proc/loadavg').read().split()[:3])}")
print(f"  records acked: {acked:,} (measured 'send': {send.get('acked', 0):,} at {send.get('msgsPerSec', 0):,.0f} msg/s first to last ack; target {rate:,} msg/s)")
print(f"  Gatling requests: {requests:,}; simulation.log: {log_bytes:,} bytes = {log_bytes / requests * 1e6:,.0f} bytes "
      f"({log_bytes / requests * 1e6 / 2**20:,.1f} MiB) per million requests")
print(f"  report generation (in the run): {report_s:.1f} s (of which Gatling's parse {parse_s.group(1) if parse_s else '?'} s); "
      f"heap during it: peak before GC {max((b for b, _ in in_run), default=0)} MB, peak after GC {max((a for _, a in in_run), default=0)} MB")
print(f"  report generation (reports-only, fresh JVM, -Xmx as the run): {'ok' if r_ok else 'FAILED'} in {r_wall:.1f} s wall, {r_cpu:.1f} CPU-s, "
      f"peak RSS {r_rss:.0f} MB, peak heap after GC {max((a for _, a in r_gc), default=0)} MB, before GC {max((b for b, _ in r_gc), default=0)} MB")
print(f"  our JUnit file + Kafka page after the report (re-reads simulation.log): {page_s:.1f} s")
print(f"  heap after GC in the load: start {heap_at(0):.0f} MB, middle {heap_at(load_s / 2):.0f} MB, end {heap_at(load_s):.0f} MB "
      f"(highest {summary['injector']['heapAfterGcMb']['max'] or float('nan'):.0f} MB)")
marks = [m * step * 60 for m in range(int(load_s // (step * 60)) + 1)]
print("  heap after GC every %g min (MB): " % step + ", ".join(f"{m / 60:g}: {heap_at(m):.0f}" for m in marks))
full = [(re.match(r"\[[^\]]+\]\[([\d.]+)s\]", l), re.search(r"(\d+)M->(\d+)M\(", l)) for l in open(f"{out}/{name}-gc.log") if "Pause Full (Diagnostic Command)" in l]
if full:
    print("  live set (heap after each jcmd GC.run full GC, JVM uptime s: MB): " + ", ".join(f"{float(t.group(1)):.0f}: {m.group(2)}" for t, m in full))
print(f"  read-back: " + (f"{readback[-1][0]} in {readback[-1][1]} s, {int(readback[-1][2]):,} records scanned" if readback else "none"))
print(f"  whole run: {wall:.0f} s wall, {cpu:.0f} CPU-s, peak RSS {rss:.0f} MB; files: kafka-summary.json {os.path.getsize(run_dir + '/kafka-summary.json'):,} B, "
      f"kafka.html {os.path.getsize(run_dir + '/kafka.html'):,} B, kafka-timeline.csv {os.path.getsize(run_dir + '/kafka-timeline.csv'):,} B")
hour_requests = rate * 3600
print(f"  an hour at {rate:,} msg/s: {hour_requests:,} requests, simulation.log about {log_bytes / requests * hour_requests / 2**30:.2f} GiB, "
      f"report about {report_s / requests * hour_requests / 60:.1f} min (scaled linearly from this run: a short run's fixed costs inflate it)")
print(f"  run folder: {run_dir}")
PY
