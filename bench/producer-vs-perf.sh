#!/usr/bin/env bash
# Side-by-side: Kafka's own ProducerPerformance vs this project's Gatling protocol, on the same broker, with the
# same record size, acks, batch, linger and compression, alternating A B A B. Prints msg/s, MB/s, p50/p99,
# injector CPU-seconds per million messages, peak RSS, and the ratios (medians over the rounds).
#
#   bench/producer-vs-perf.sh                       # embedded broker in its own JVM, 3 rounds
#   ROUNDS=5 RECORDS=3000000 USERS=256 bench/producer-vs-perf.sh
#   BOOTSTRAP=broker:9092 bench/producer-vs-perf.sh  # any cluster
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-2000000}        # ProducerPerformance records per round
USERS=${USERS:-1024}               # Gatling closed-model users (producer threads waiting for their ack); enough to saturate the producer
SECONDS_GATLING=${SECONDS_GATLING:-40}
RECORD_SIZE=${RECORD_SIZE:-1024}
ACKS=${ACKS:-1}
LINGER=${LINGER:-1}
BATCH=${BATCH:-16384}
COMPRESSION=${COMPRESSION:-lz4}
source bench/common.sh

if [ -z "${BOOTSTRAP:-}" ]; then
  start_broker
fi
echo "broker: $BOOTSTRAP  record=${RECORD_SIZE}B acks=$ACKS linger.ms=$LINGER batch.size=$BATCH compression=$COMPRESSION"

run_perf() { # $1 round
  local topic="bench-perf-$1"
  java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$topic" 16
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/perf-$1.time" \
    java -Xmx1G -cp "$CP" org.apache.kafka.tools.ProducerPerformance --topic "$topic" --num-records "$RECORDS" \
      --record-size "$RECORD_SIZE" --throughput -1 --producer-props bootstrap.servers="$BOOTSTRAP" acks="$ACKS" \
      linger.ms="$LINGER" batch.size="$BATCH" compression.type="$COMPRESSION" >"$OUT/perf-$1.log" 2>&1
}

run_gatling() { # $1 round
  local topic="bench-gatling-$1"
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/gatling-$1.time" \
    java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$topic" -Dusers="$USERS" \
      -Dwarmup=0 -Dduration="$SECONDS_GATLING" -DrecordSize="$RECORD_SIZE" -Dacks="$ACKS" -Dlinger.ms="$LINGER" \
      -Dbatch.size="$BATCH" -Dcompression.type="$COMPRESSION" -Dgate.p99Ms=100000 -Dgate.minRps=0 \
      -cp "$CP" io.gatling.app.Gatling -s simulations.BaselineSimulation -rf "$PWD/$OUT/gatling-results" \
      >"$OUT/gatling-$1.log" 2>&1 || true
}

for r in $(seq 1 "$ROUNDS"); do
  echo "round $r/$ROUNDS: ProducerPerformance"; run_perf "$r"
  echo "round $r/$ROUNDS: Gatling closed model, $USERS users"; run_gatling "$r"
done

java -cp "$CP" kafkaload.bench.BenchReport "$OUT" "$ROUNDS" "$RECORD_SIZE"
