#!/usr/bin/env bash
# Consumer throughput side by side: Kafka's ConsumerPerformance vs ConsumerThroughputSimulation, draining the same
# pre-filled topic (RECORDS records of RECORD_SIZE bytes, 16 partitions) on one embedded broker in its own JVM,
# alternating A B A B with a new consumer group each time, with ConsumerPerformance's 2 MiB socket receive buffer. Prints medians of records/s and MB/s and the ratio.
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
  java -Xmx1G -cp "$CP" org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "$BOOTSTRAP" \
    --topic "$TOPIC" --messages "$RECORDS" --group "perf-$r-$$" --timeout 60000 >"$OUT/cperf-$r.log" 2>&1
  echo "round $r/$ROUNDS: Gatling ConsumerThroughputSimulation, $THREADS consumer(s)"
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$TOPIC" -Dprefill=false \
    -Dconsumer.threads="$THREADS" -Dconsumer.group="gatling-$r-$$" -Dverify=false \
    -Dreceive.buffer.bytes=2097152 \
    -cp "$CP" io.gatling.app.Gatling -s simulations.ConsumerThroughputSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/cgatling-$r.log" 2>&1 || true
done

python3 - "$OUT" "$ROUNDS" <<'PY'
import re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
perf, gat = [], []
for r in range(1, rounds + 1):
    lines = [l for l in open(f"{out}/cperf-{r}.log") if re.match(r"^\d{4}-", l)]
    cols = lines[-1].strip().split(", ")
    perf.append((float(cols[9]), float(cols[8])))   # fetch.nMsg.sec, fetch.MB.sec: without the group join
    m = re.findall(r"\| ([\d.]+) records/s \| ([\d.]+) MB/s", open(f"{out}/cgatling-{r}.log").read())
    gat.append((float(m[-1][0]), float(m[-1][1])))
med = lambda rows, i: statistics.median(x[i] for x in rows)
print(f"\n{'median of %d rounds' % rounds:<38} {'records/s':>12} {'MB/s':>9}")
print(f"{'Kafka ConsumerPerformance':<38} {med(perf,0):>12.0f} {med(perf,1):>9.2f}")
print(f"{'Gatling ConsumerThroughputSimulation':<38} {med(gat,0):>12.0f} {med(gat,1):>9.2f}")
print(f"\nratio Gatling / ConsumerPerformance: records/s {med(gat,0)/med(perf,0):.2f}")
print("(Both exclude joining the group: ConsumerPerformance's fetch rates, the simulation's first-to-last-record time.)")
PY
