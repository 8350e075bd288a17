#!/usr/bin/env bash
# Consumer throughput side by side: Kafka's ConsumerPerformance vs ConsumerThroughputSimulation, draining the same
# pre-filled topic (RECORDS records of RECORD_SIZE bytes, 16 partitions) on one embedded broker in its own JVM,
# alternating A B A B with a new consumer group each time, with ConsumerPerformance's 2 MiB socket receive buffer.
# Prints a table of medians (msg/s, MB/s, CPU-s per million records and peak RSS of the whole process) and the
# ratios, in the format of producer-vs-perf.sh's.
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

start_broker

java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$TOPIC" 16
java -cp "$CP" org.apache.kafka.tools.ProducerPerformance --topic "$TOPIC" --num-records "$RECORDS" \
  --record-size "$RECORD_SIZE" --throughput -1 --producer-props bootstrap.servers="$BOOTSTRAP" acks=1 \
  linger.ms=10 batch.size=65536 >"$OUT/consume-fill.log" 2>&1
echo "pre-filled $TOPIC with $RECORDS records of $RECORD_SIZE bytes"

for r in $(seq 1 "$ROUNDS"); do
  echo "round $r/$ROUNDS: ConsumerPerformance"
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/cperf-$r.time" \
    java -Xmx1G -cp "$CP" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "$BOOTSTRAP" \
    --topic "$TOPIC" --messages "$RECORDS" --group "perf-$r-$$" --timeout 60000 >"$OUT/cperf-$r.log" 2>&1
  echo "round $r/$ROUNDS: Gatling ConsumerThroughputSimulation, $THREADS consumer(s)"
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/cgatling-$r.time" \
    java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$TOPIC" -Dprefill=false \
    -Dconsumer.threads="$THREADS" -Dconsumer.group="gatling-$r-$$" -Dverify=false \
    -Dreceive.buffer.bytes=2097152 \
    -cp "$CP" io.gatling.app.Gatling -nr -s simulations.ConsumerThroughputSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/cgatling-$r.log" 2>&1 || true
done

python3 - "$OUT" "$ROUNDS" "$RECORDS" "$THREADS" <<'PY'
import re, statistics, sys
out, rounds, records, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
def cost(path):  # CPU-s per million records and peak RSS (MB) of the whole process, JVM start to exit
    t = [float(x) for x in re.findall(r"TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)", open(path).read())[-1]]
    return (t[1] + t[2]) / records * 1e6, t[3] / 1024
perf, gat = [], []
for r in range(1, rounds + 1):
    lines = [l for l in open(f"{out}/cperf-{r}.log") if re.match(r"^\d{4}-", l)]
    cols = lines[-1].strip().split(", ")
    perf.append((float(cols[9]), float(cols[8])) + cost(f"{out}/cperf-{r}.time"))  # fetch rates: without the group join
    m = re.findall(r"\| ([\d.]+) records/s \| ([\d.]+) MB/s", open(f"{out}/cgatling-{r}.log").read())
    gat.append((float(m[-1][0]), float(m[-1][1])) + cost(f"{out}/cgatling-{r}.time"))
med = lambda rows, i: statistics.median(x[i] for x in rows)
p, g = [med(perf, i) for i in range(4)], [med(gat, i) for i in range(4)]
print(f"\n| tool (median of {rounds} rounds) | msg/s | MB/s | p50 ms | p99 ms | p99.9 ms | CPU-s per M msgs | peak RSS MB"
      " | msg/s vs CP | CPU/msg vs CP |\n|---|---|---|---|---|---|---|---|---|---|")
print(f"| Kafka ConsumerPerformance | {p[0]:,.0f} | {p[1]:.1f} | – | – | – | {p[2]:.1f} | {p[3]:.0f} | 1 | 1 |")
print(f"| Gatling ConsumerThroughputSimulation, {threads} consumer(s) | {g[0]:,.0f} | {g[1]:.1f} | – | – | – | {g[2]:.1f}"
      f" | {g[3]:.0f} | {g[0] / p[0]:.2f} | {g[2] / p[2]:.2f} |")
print("(msg/s exclude joining the group: ConsumerPerformance's fetch rates, the simulation's first-to-last-record time;"
      " CPU and RSS are the whole process's, both from JVM start to exit.)")
PY
