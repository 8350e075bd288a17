#!/usr/bin/env bash
# Consumer throughput side by side: Kafka's ConsumerPerformance vs ConsumerThroughputSimulation, draining the same
# pre-filled topics (RECORDS and 2 x RECORDS records of RECORD_SIZE bytes, 16 partitions) on one embedded broker in
# its own JVM, alternating A B A B with a new consumer group each time, with ConsumerPerformance's settings: a 2 MiB
# socket receive buffer, no CRC check of fetched batches (check.crcs=false). Prints a table of medians: msg/s, MB/s,
# CPU-s per million records of the whole process (JVM start to exit) and at the margin (the larger drain minus the
# smaller, per extra record), peak RSS, and the ratios.
#
#   bench/consumer-vs-perf.sh       # ROUNDS=3 RECORDS=1000000 RECORD_SIZE=512 THREADS=1
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-1000000}
RECORD_SIZE=${RECORD_SIZE:-512}
THREADS=${THREADS:-1}
TOPIC=bench-consume

if [ -z "${BOOTSTRAP:-}" ]; then start_broker; fi

# Two pre-filled topics, RECORDS and 2 x RECORDS records: the CPU of draining the larger minus the smaller, per extra
# record, is the marginal cost (JVM start, Gatling start, the group join and the report's fixed part cancel out).
for n in "$RECORDS" $((2 * RECORDS)); do
  java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$TOPIC-$n" 16
  java -cp "$CP" org.apache.kafka.tools.ProducerPerformance --topic "$TOPIC-$n" --num-records "$n" \
    --record-size "$RECORD_SIZE" --throughput -1 --producer-props bootstrap.servers="$BOOTSTRAP" acks=1 \
    linger.ms=10 batch.size=65536 >"$OUT/consume-fill.log" 2>&1
  echo "pre-filled $TOPIC-$n with $n records of $RECORD_SIZE bytes"
done

for r in $(seq 1 "$ROUNDS"); do
  for n in "$RECORDS" $((2 * RECORDS)); do
    echo "round $r/$ROUNDS: ConsumerPerformance, $n records"
    /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/cperf-$n-$r.time" \
      java -Xmx1G -cp "$CP" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "$BOOTSTRAP" \
      --topic "$TOPIC-$n" --messages "$n" --group "perf-$n-$r-$$" --timeout 60000 >"$OUT/cperf-$n-$r.log" 2>&1
    echo "round $r/$ROUNDS: Gatling ConsumerThroughputSimulation, $THREADS consumer(s), $n records"
    /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/cgatling-$n-$r.time" \
      java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$TOPIC-$n" -Dprefill=false \
      -Dconsumer.threads="$THREADS" -Dconsumer.group="gatling-$n-$r-$$" -Dverify=false \
      -Dreceive.buffer.bytes=2097152 -Dcheck.crcs=false \
      -cp "$CP" io.gatling.app.Gatling -nr -s simulations.ConsumerThroughputSimulation -rf "$PWD/$OUT/gatling-results" \
      >"$OUT/cgatling-$n-$r.log" 2>&1 || true
  done
done

python3 - "$OUT" "$ROUNDS" "$RECORDS" "$THREADS" <<'PY'
import re, statistics, sys
out, rounds, records, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
big = 2 * records
def cpu(path):  # CPU seconds and peak RSS (MB) of the whole process, JVM start to exit
    t = [float(x) for x in re.findall(r"TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)", open(path).read())[-1]]
    return t[1] + t[2], t[3] / 1024
def perf_rate(path):  # fetch rates: without the group join
    cols = [l for l in open(path) if re.match(r"^\d{4}-", l)][-1].strip().split(", ")
    return float(cols[9]), float(cols[8])
def gatling_rate(path):
    m = re.findall(r"\| ([\d.]+) records/s \| ([\d.]+) MB/s", open(path).read())
    return float(m[-1][0]), float(m[-1][1])
rows = {"perf": [], "gatling": []}
for r in range(1, rounds + 1):
    for tool, prefix, rate in (("perf", "cperf", perf_rate), ("gatling", "cgatling", gatling_rate)):
        small, _ = cpu(f"{out}/{prefix}-{records}-{r}.time")
        large, rss = cpu(f"{out}/{prefix}-{big}-{r}.time")
        msgs, mb = rate(f"{out}/{prefix}-{big}-{r}.log")
        rows[tool].append((msgs, mb, large / big * 1e6, (large - small) / records * 1e6, rss))
        print(f"  round {r} {tool}: {msgs:,.0f} msg/s, whole {large / big * 1e6:.1f}, marginal {(large - small) / records * 1e6:.1f} CPU-s per M")
med = lambda tool, i: statistics.median(x[i] for x in rows[tool])
p, g = [med("perf", i) for i in range(5)], [med("gatling", i) for i in range(5)]
print(f"\n| tool (median of {rounds} rounds, {big:,} records) | msg/s | MB/s | CPU-s per M msgs, whole | CPU-s per M msgs, marginal"
      " | peak RSS MB | msg/s vs CP | whole CPU vs CP | marginal CPU vs CP |\n|---|---|---|---|---|---|---|---|---|")
print(f"| Kafka ConsumerPerformance | {p[0]:,.0f} | {p[1]:.1f} | {p[2]:.1f} | {p[3]:.1f} | {p[4]:.0f} | 1 | 1 | 1 |")
print(f"| Gatling ConsumerThroughputSimulation, {threads} consumer(s) | {g[0]:,.0f} | {g[1]:.1f} | {g[2]:.1f} | {g[3]:.1f}"
      f" | {g[4]:.0f} | {g[0] / p[0]:.2f} | {g[2] / p[2]:.2f} | {g[3] / p[3]:.2f} |")
print(f"(msg/s exclude joining the group: ConsumerPerformance's fetch rates, the simulation's first-to-last-record time;"
      f" whole = JVM start to exit draining {big:,} records; marginal = that minus draining {records:,}, per extra record.)")
PY
