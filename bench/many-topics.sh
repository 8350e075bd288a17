#!/usr/bin/env bash
# A run spread over many topics (docs/traffic.md, "Many topics"): ConstantRateSimulation with -Dtopics=TOPICS topics of
# PARTITIONS partitions at RATE msg/s on the embedded broker (its own JVM), a LONG and a SHORT run, beside the same two
# runs on 1 topic of PARTITIONS partitions as the baseline. A full GC every GC_EVERY s (jcmd GC.run) shows the live set
# in the GC log. Prints per run: preflight's time, records acked / read back / lost / duplicates, the rate held, the
# heap after each full GC through the load (it should stay flat), and the marginal live heap per million records.
#
#   bench/many-topics.sh                                  # TOPICS=500 PARTITIONS=4 RATE=20000 LONG=120 SHORT=60
#   TOPICS=100 RATE=5000 LONG=60 SHORT=30 bench/many-topics.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/bench/many-topics}
source bench/common.sh
TOPICS=${TOPICS:-500}
PARTITIONS=${PARTITIONS:-4}
RATE=${RATE:-20000}
LONG=${LONG:-120}
SHORT=${SHORT:-60}
WARMUP=${WARMUP:-10}
HEAP=${HEAP:-1G}
GC_EVERY=${GC_EVERY:-15}
# A Kafka producer holds a batch (batch.size bytes of buffer.memory) per partition it writes to: at 40 records/s per
# topic and linger.ms=1 each batch carries one record, so the default 32 MiB buffer holds 2,048 records in flight and
# sends block. Fewer, fuller batches over many topics (the same for both arms): PRODUCER overrides them.
PRODUCER=${PRODUCER:--Dlinger.ms=100 -Dbatch.size=8192 -Dbuffer.memory=67108864}
read -r -a EXTRA_ARGS <<<"$PRODUCER ${EXTRA:-}"
# SUMMARY_ONLY=1: print the figures of the runs already in $OUT again, without running anything.
SUMMARY_ONLY=${SUMMARY_ONLY:-0}
[ "$SUMMARY_ONLY" = 1 ] || [ -n "${BOOTSTRAP:-}" ] || start_broker
RESULTS="$PWD/$OUT/gatling-results"
echo "broker: ${BOOTSTRAP:-none}  $TOPICS topics x $PARTITIONS partitions (baseline: 1 topic x $PARTITIONS)  rate: $RATE msg/s" \
  " load: $LONG s and $SHORT s after $WARMUP s of warm-up  heap: $HEAP  full GC every $GC_EVERY s  producer: $PRODUCER"

# run NAME TOPIC_COUNT DURATION: one Gatling JVM, a full GC every GC_EVERY s while it runs.
run() {
  local name=$1 topics=$2 duration=$3 prefix="many-$1-$$"
  local started; started=$(date +%s.%N)
  java "-Xmx$HEAP" "${JVM_GATLING[@]}" "-Xlog:gc:file=$OUT/$name-gc.log:time,uptime" \
    -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$prefix" -Dtopics="$topics" -Dtopic.partitions="$PARTITIONS" \
    -Drate="$RATE" -Dwarmup="$WARMUP" -Dduration="$duration" "${EXTRA_ARGS[@]}" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.ConstantRateSimulation -rf "$RESULTS" >"$OUT/$name.log" 2>&1 &
  local pid=$!
  ( while kill -0 "$pid" 2>/dev/null; do sleep "$GC_EVERY"; jcmd "$pid" GC.run >/dev/null 2>&1 || true; done ) &
  local sampler=$!
  local rc=0; wait "$pid" || rc=$?
  kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true
  echo "$name $topics $duration $rc $started $(date +%s.%N)" >>"$OUT/runs.txt"
}

if [ "$SUMMARY_ONLY" != 1 ]; then
  : >"$OUT/runs.txt"
  run many-long "$TOPICS" "$LONG"
  run many-short "$TOPICS" "$SHORT"
  run one-long 1 "$LONG"
  run one-short 1 "$SHORT"
fi

python3 - "$OUT" "$RATE" <<'PY'
import json, re, sys
out, rate = sys.argv[1], int(sys.argv[2])
runs = [l.split() for l in open(f"{out}/runs.txt")]
res = {}
for name, topics, duration, rc, t0, t1 in runs:
    log = open(f"{out}/{name}.log").read()
    m = re.search(r"Kafka page: file://(\S+)/kafka.html", log)
    print(f"\n{name}: {topics} topic(s), {duration} s of load, exit {rc}, {float(t1) - float(t0):.0f} s in all")
    if not m:
        print("  no Kafka page: see " + f"{out}/{name}.log"); print("  " + "\n  ".join(log.splitlines()[-15:])); continue
    s = json.load(open(m.group(1) + "/kafka-summary.json"))
    p = s["protocols"][0]
    rec = p.get("reconciliation") or {}
    rb = rec.get("readBack") or {}
    send = p["throughput"]["byRequest"].get("send", {})
    pre = re.search(r"Preflight: (\d+) topics \((\d+) created.*checked in (\d+) ms", log)
    # Full GCs asked by jcmd: JVM uptime (s) and heap after (MB): the live set.
    full = [(float(a), int(b)) for a, b in re.findall(r"\[[^\]]+\]\[([\d.]+)s\].*Pause Full \(Diagnostic Command\) \d+M->(\d+)M", open(f"{out}/{name}-gc.log").read())]
    acked = rec.get("ackedOk", 0)
    print(f"  records acked OK {acked:,} | read back {rb.get('distinct', 0):,} ({'complete' if rb.get('complete') else 'INCOMPLETE'}, {rb.get('seconds', 0):.1f} s)"
          f" | lost {rec.get('lost')} | duplicates {rec.get('duplicates')} | topics reconciled {len(rec.get('topics', []))}")
    lat = (p.get("ackLatencyMs") or {}).get("send") or {}
    print(f"  rate held (measured 'send'): {send.get('msgsPerSec', 0):,.0f} msg/s of {rate:,} asked; ack latency p50 {lat.get('p50')} ms, p99 {lat.get('p99')} ms")
    if pre:
        print(f"  preflight: {pre.group(1)} topics, {pre.group(2)} created, in {int(pre.group(3)) / 1000:.1f} s")
    ts = p.get("topicSpread")
    if ts:
        print(f"  topicSpread: {ts['topics']} topics, {ts['partitions']} partitions, acked per topic {ts['minAckedOk']:,}..{ts['maxAckedOk']:,},"
              f" lost in {ts['topicsWithLost']} topics, {len(ts['worst'])} worst listed; kafka-summary.json {len(json.dumps(s)) / 1024:.0f} KiB")
    print("  heap after each full GC (JVM uptime s: MB): " + ", ".join(f"{t:.0f}: {mb}" for t, mb in full))
    res[name] = (acked, full)

def live(name):
    """The median live heap of the run's full GCs, the first two (start-up) and the last (the read-back) left out."""
    mbs = sorted(mb for _, mb in res[name][1][2:-1]) if name in res else []
    return mbs[len(mbs) // 2] if mbs else None
def slope(name):
    """Least squares over the run's full GCs (the first two and the last left out): MB of live heap per minute."""
    pts = res[name][1][2:-1] if name in res else []
    if len(pts) < 3:
        return None
    mt = sum(t for t, _ in pts) / len(pts); mm = sum(m for _, m in pts) / len(pts)
    return 60 * sum((t - mt) * (m - mm) for t, m in pts) / sum((t - mt) ** 2 for t, _ in pts)
print()
for name in res:
    k = slope(name)
    if k is not None:
        print(f"{name}: live heap trend through the load {k:+.1f} MB per minute ({k * 1e6 / 60 / rate / 1e6 * 1024 * 1024:+.1f} bytes per record at {rate:,} msg/s)")
for arm in ("many", "one"):
    lo, sh = f"{arm}-long", f"{arm}-short"
    if lo in res and sh in res and live(lo) is not None and live(sh) is not None:
        d_rec = res[lo][0] - res[sh][0]
        d_mb = live(lo) - live(sh)
        print(f"{arm}: median live heap in the load {live(sh)} MB ({sh}) -> {live(lo)} MB ({lo}) for {d_rec:,} more records:"
              f" {d_mb / max(1, d_rec) * 1e6:+.1f} MB per million records")
PY
