#!/usr/bin/env bash
# Share groups (KIP-932) side by side on one broker: Kafka's ShareConsumerPerformance (kafka-share-consumer-perf-test)
# against kafkaload.bench.ShareDrainSimulation (the protocol's shareConsume, implicit acknowledgement, no producers,
# no run identity), each with CONSUMERS share consumers draining the same pre-filled topics: RECORDS and 2 x RECORDS
# records of RECORD_SIZE bytes, PARTITIONS partitions, a new share group each time (share.auto.offset.reset=earliest,
# set on the group before it joins), alternating A B A B. Whole-process CPU and peak RSS under GNU time; the marginal
# CPU per message = (CPU draining 2 x RECORDS - CPU draining RECORDS) / RECORDS cancels JVM and Gatling start, the
# group join and the report. Prints a markdown table of medians and the ratios; quote the load average with it.
# REQUEST_PER_POLL=true (the default here): the simulation logs one Gatling request per poll (requestPerPoll(true));
# false: one per accepted record, shareConsume's own default. COMMIT_SYNC=false (the default here): the acknowledgements
# go with the next poll, as ShareConsumerPerformance sends them (commitSync(false)); true: a commitSync after each poll.
# BOOTSTRAP=host:port runs against that cluster instead of the embedded broker: the drain's lock (5 s unless
# -Dshare.record.lock.duration.ms) is moved inside its bounds, read before any load (a stock broker's: 15 s to 60 s).
#
#   bench/share-consumer-vs-perf.sh   # ROUNDS=3 RECORDS=1000000 RECORD_SIZE=512 PARTITIONS=4 CONSUMERS=8 REQUEST_PER_POLL=true
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-1000000}
RECORD_SIZE=${RECORD_SIZE:-512}
PARTITIONS=${PARTITIONS:-4}
CONSUMERS=${CONSUMERS:-8}
REQUEST_PER_POLL=${REQUEST_PER_POLL:-true}
COMMIT_SYNC=${COMMIT_SYNC:-false}
TOPIC=bench-share
rm -f "$OUT"/share-*

if [ -z "${BOOTSTRAP:-}" ]; then start_broker; fi
echo "broker: $BOOTSTRAP records=$RECORDS x ${RECORD_SIZE}B partitions=$PARTITIONS consumers=$CONSUMERS request per poll=$REQUEST_PER_POLL commitSync=$COMMIT_SYNC load: $(cut -d' ' -f1-3 /proc/loadavg)"

for n in "$RECORDS" $((2 * RECORDS)); do
  java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$TOPIC-$n" "$PARTITIONS"
  java -cp "$CP" org.apache.kafka.tools.ProducerPerformance --topic "$TOPIC-$n" --num-records "$n" \
    --record-size "$RECORD_SIZE" --throughput -1 --producer-props bootstrap.servers="$BOOTSTRAP" acks=1 \
    linger.ms=10 batch.size=65536 >"$OUT/share-fill.log" 2>&1
  echo "pre-filled $TOPIC-$n with $n records of $RECORD_SIZE bytes"
done

timed() { # name command...: CPU and peak RSS of the whole process, JVM start to exit
  local name=$1; shift
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/share-$name.time" "$@" >"$OUT/share-$name.log" 2>&1 \
    || echo "  $name exited with $? (see $OUT/share-$name.log)"
}

for r in $(seq 1 "$ROUNDS"); do
  for n in "$RECORDS" $((2 * RECORDS)); do
    echo "round $r/$ROUNDS: ShareConsumerPerformance, $CONSUMERS consumer(s), $n records"
    java -cp "$CP" kafkaload.bench.ShareGroupEarliest "$BOOTSTRAP" "perf-$n-$r-$$"
    timed "perf-$n-$r" java -Xmx1G -cp "$CP" org.apache.kafka.tools.ShareConsumerPerformance \
      --bootstrap-server "$BOOTSTRAP" --topic "$TOPIC-$n" --num-records "$n" --threads "$CONSUMERS" \
      --group "perf-$n-$r-$$" --timeout 60000
    echo "round $r/$ROUNDS: ShareDrainSimulation, $CONSUMERS consumer(s), $n records"
    timed "gatling-$n-$r" java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" \
      -Dtopic="$TOPIC-$n" -Dshare.consumers="$CONSUMERS" -Dshare.group="gatling-$n-$r-$$" -Dshare.requestPerPoll="$REQUEST_PER_POLL" \
      -Dshare.commitSync="$COMMIT_SYNC" \
      -cp "$CP" io.gatling.app.Gatling -nr -s kafkaload.bench.ShareDrainSimulation -rf "$PWD/$OUT/gatling-results"
  done
done

python3 - "$OUT" "$ROUNDS" "$RECORDS" "$CONSUMERS" "$PARTITIONS" "$REQUEST_PER_POLL" "$COMMIT_SYNC" <<'PY'
import json, os, re, statistics, sys
out, rounds, records, consumers, partitions = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
mode = ("a request per poll" if sys.argv[6] == "true" else "a request per record") + (
    ", commitSync each poll" if sys.argv[7] == "true" else ", acks with the next poll")
big = 2 * records
def timing(name):  # wall seconds, CPU seconds and peak RSS (MB) of the whole process, JVM start to exit
    t = [float(x) for x in re.findall(r"TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)", open(f"{out}/share-{name}.time").read())[-1]]
    return t[0], t[1] + t[2], t[3] / 1024
def perf(name):  # records consumed and msg/s as ShareConsumerPerformance prints them (its start to its end)
    lines = [l.strip() for l in open(f"{out}/share-{name}.log") if l.strip()]
    head = next(i for i, l in enumerate(lines) if l.startswith("start.time"))
    cols = dict(zip([c.strip() for c in lines[head].split(",")], [c.strip() for c in lines[head + 1].split(",")]))
    return int(float(cols["data.consumed.in.nMsg"])), float(cols["nMsg.sec"])
def gatling(name):  # records accepted and msg/s over first-to-last accept, from kafka-summary.json
    log = open(f"{out}/share-{name}.log").read()
    d = os.path.dirname(re.findall(r"Kafka page: file://(\S+)", log)[-1])
    p = json.load(open(f"{d}/kafka-summary.json"))["protocols"][0]
    g = p["shareGroups"][0]
    return g["accepted"], sum(c["acceptedPerSec"] or 0 for c in g["perConsumer"])
rows = {"perf": [], "gatling": []}
for r in range(1, rounds + 1):
    for tool, read in (("perf", perf), ("gatling", gatling)):
        ns, _ = read(f"{tool}-{records}-{r}")
        nl, rate = read(f"{tool}-{big}-{r}")
        ws, cs, _ = timing(f"{tool}-{records}-{r}")
        wl, cl, rss = timing(f"{tool}-{big}-{r}")
        if ns != records or nl != big:
            print(f"  round {r} {tool}: consumed {ns} and {nl}, expected {records} and {big}: figures skewed")
        marginal_rate = (nl - ns) / (wl - ws) if wl > ws else float("nan")  # nan: noise larger than the extra work
        rows[tool].append((rate, marginal_rate, cl / nl * 1e6, (cl - cs) / max(nl - ns, 1) * 1e6, rss))
        print(f"  round {r} {tool}: {rate:,.0f} msg/s, marginal {marginal_rate:,.0f} msg/s,"
              f" whole {cl / nl * 1e6:.1f}, marginal {(cl - cs) / max(nl - ns, 1) * 1e6:.1f} CPU-s per M, {rss:.0f} MB")
def med(tool, i):  # a round whose larger drain took no longer than the smaller (noise) has no marginal rate
    xs = [x[i] for x in rows[tool] if x[i] == x[i]]
    return statistics.median(xs) if xs else float("nan")
p, g = [med("perf", i) for i in range(5)], [med("gatling", i) for i in range(5)]
print(f"\n| tool (median of {rounds} rounds, {big:,} records, {partitions} partitions, {consumers} share consumers)"
      " | msg/s | msg/s, marginal | CPU-s per M msgs, whole | CPU-s per M msgs, marginal | peak RSS MB"
      " | msg/s vs SCP | marginal msg/s vs SCP | whole CPU vs SCP | marginal CPU vs SCP |\n|---|---|---|---|---|---|---|---|---|---|")
print(f"| Kafka ShareConsumerPerformance | {p[0]:,.0f} | {p[1]:,.0f} | {p[2]:.1f} | {p[3]:.1f} | {p[4]:.0f} | 1 | 1 | 1 | 1 |")
print(f"| ShareDrainSimulation (shareConsume, implicit, {mode}) | {g[0]:,.0f} | {g[1]:,.0f} | {g[2]:.1f} | {g[3]:.1f} | {g[4]:.0f}"
      f" | {g[0] / p[0]:.2f} | {g[1] / p[1]:.2f} | {g[2] / p[2]:.2f} | {g[3] / p[3]:.2f} |")
print(f"(msg/s: ShareConsumerPerformance's own nMsg.sec, its start to its end, group join included; the simulation's"
      f" accepts over first-to-last accept, join excluded. msg/s, marginal = {records:,} extra records over the extra"
      f" wall time of the larger drain, the same for both. whole CPU = JVM start to exit draining {big:,};"
      f" marginal = that minus draining {records:,}, per extra record.)")
PY
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
