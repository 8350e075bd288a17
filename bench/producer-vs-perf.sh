#!/usr/bin/env bash
# Side-by-side: Kafka's own ProducerPerformance vs this project's Gatling protocol vs JMeter's JSR223 recipe, on the
# same broker, with the same record size, acks, batch, linger and compression, alternating A B, B A. Each round runs:
#   ProducerPerformance unthrottled       | Gatling closed model, USERS users (maximum load)
#   ProducerPerformance throttled at RATE | Gatling open model at RATE msg/s
#   JMeter 5.6.3 JSR223, THREADS threads  | Gatling closed model, THREADS users (equal concurrency), with the
#                                         | shared producer (the default), then with a producer per user (JMeter's)
# and prints a markdown table of medians over the rounds: msg/s, MB/s, p50/p99/p99.9 ack latency, injector
# CPU-seconds per million messages (and Gatling's during its measured load; n/a for the others), peak RSS, and the
# ratios against ProducerPerformance (kafkaload.bench.BenchReport).
#
#   bench/producer-vs-perf.sh                       # embedded broker in its own JVM, 3 rounds
#   ROUNDS=5 USERS=1024 THREADS=64 RATE=20000 bench/producer-vs-perf.sh
#   BOOTSTRAP=broker:9092 bench/producer-vs-perf.sh  # any cluster
set -euo pipefail
cd "$(dirname "$0")/.."

export ROUNDS=${ROUNDS:-3}
export RECORDS=${RECORDS:-2000000}        # ProducerPerformance records per unthrottled round
export SECONDS_RUN=${SECONDS_RUN:-40}     # length of every timed run (throttled ProducerPerformance: RATE x this)
export USERS=${USERS:-1024}               # Gatling closed model at maximum load: enough users to saturate the producer
export THREADS=${THREADS:-64}             # JMeter threads, and Gatling users at equal concurrency
export RATE=${RATE:-20000}                # throttled ProducerPerformance and the Gatling open model, msg/s
export RECORD_SIZE=${RECORD_SIZE:-1024}
ACKS=${ACKS:-1}
LINGER=${LINGER:-1}
BATCH=${BATCH:-16384}
COMPRESSION=${COMPRESSION:-lz4}
source bench/common.sh
JMETER_HOME=$(bench/jmeter/install.sh "$OUT/jmeter-home")  # also when ARMS has no jmeter: it is quick once installed
rm -f "$OUT"/run-*

if [ -z "${BOOTSTRAP:-}" ]; then
  start_broker
fi
echo "broker: $BOOTSTRAP  record=${RECORD_SIZE}B acks=$ACKS linger.ms=$LINGER batch.size=$BATCH compression=$COMPRESSION"

timed() { # name round command...: peak RSS and CPU of the whole process, JVM start to exit; then deletes its topic
  local name=$1 round=$2; shift 2
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/run-$name-$round.time" "$@" >"$OUT/run-$name-$round.log" 2>&1 \
    || echo "  $name exited with $? (see $OUT/run-$name-$round.log)"
  delete_topic "$(topic "$name" "$round")"
}

# A fresh 16-partition topic per run, so no run competes with another's data. Gatling's preflight creates its own
# (16 partitions by default); the others need one made for them (no broker auto-creates topics here).
topic() { echo "bench-$1-$2-$$"; }
new_topic() { java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$(topic "$1" "$2")" 16 >&2; topic "$1" "$2"; }

run_perf() { # name round records throughput
  timed "$1" "$2" java -Xmx1G -cp "$CP" org.apache.kafka.tools.ProducerPerformance --topic "$(new_topic "$1" "$2")" \
    --num-records "$3" --record-size "$RECORD_SIZE" --throughput "$4" --producer-props bootstrap.servers="$BOOTSTRAP" \
    acks="$ACKS" linger.ms="$LINGER" batch.size="$BATCH" compression.type="$COMPRESSION" retries=0
}

# No warm-up phase is discarded for any tool, and neither run identity nor read-back, which ProducerPerformance
# does not do either; -nr skips Gatling's HTML report (the figures come from kafka-summary.json).
run_gatling() { # name round simulation -D flags...
  local name=$1 round=$2 sim=$3; shift 3
  timed "$name" "$round" java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" \
    -Dtopic="$(topic "$name" "$round")" -Dwarmup=0 -Dduration="$SECONDS_RUN" -DrecordSize="$RECORD_SIZE" \
    -Dacks="$ACKS" -Dlinger.ms="$LINGER" -Dbatch.size="$BATCH" -Dcompression.type="$COMPRESSION" \
    -DrunIdentity=false -Dverify=false -Dgate.p99Ms=100000 -Dgate.minRps=0 -Dgate.maxErrorPct=100 "$@" \
    -cp "$CP" io.gatling.app.Gatling -nr -s "simulations.$sim" -rf "$PWD/$OUT/gatling-results"
}

# Headless, as `jmeter -n -t plan.jmx -l results.jtl`. Each thread creates its producer in its first sample, so
# JMeter runs JMETER_SETUP seconds longer and its figures count from when every thread has sent once.
JMETER_SETUP=${JMETER_SETUP:-10}
run_jmeter() { # name round
  timed "$1" "$2" java -Xmx1G -jar "$JMETER_HOME/bin/ApacheJMeter.jar" -n -t bench/jmeter/kafka-producer.jmx \
    -l "$OUT/run-$1-$2.jtl" -j "$OUT/run-$1-$2.jmeter.log" -JbootstrapServers="$BOOTSTRAP" \
    -JkafkaTopic="$(new_topic "$1" "$2")" -Jthreads="$THREADS" -Jduration=$((SECONDS_RUN + JMETER_SETUP)) -JrecordSize="$RECORD_SIZE" \
    -Jacks="$ACKS" -JlingerMs="$LINGER" -JbatchSize="$BATCH" -JcompressionType="$COMPRESSION"
}

# ARMS: which pairs to run (default all): closed (maximum load), open (a constant rate), jmeter (equal concurrency).
ARMS=${ARMS:-closed open jmeter}
has() { [[ " $ARMS " == *" $1 "* ]]; }
for r in $(seq 1 "$ROUNDS"); do
  # Each pair in round_order: Kafka's tool first in odd rounds, Gatling first in even ones.
  if has closed; then
    for tool in $(round_order "$r" perf gatling); do case $tool in
      perf) echo "round $r/$ROUNDS: ProducerPerformance, $RECORDS records, unthrottled"; run_perf perf "$r" "$RECORDS" -1 ;;
      gatling) echo "round $r/$ROUNDS: Gatling closed model, $USERS users"
        run_gatling gatling-closed "$r" BaselineSimulation -Dusers="$USERS" ;;
    esac; done
  fi
  if has open; then
    for tool in $(round_order "$r" perf gatling); do case $tool in
      perf) echo "round $r/$ROUNDS: ProducerPerformance throttled at $RATE/s"
        run_perf perf-throttled "$r" $((RATE * SECONDS_RUN)) "$RATE" ;;
      gatling) echo "round $r/$ROUNDS: Gatling open model at $RATE/s"
        run_gatling gatling-open "$r" ConstantRateSimulation -Drate="$RATE" ;;
    esac; done
  fi
  if has jmeter; then
    for tool in $(round_order "$r" jmeter gatling per-user); do case $tool in
      jmeter) echo "round $r/$ROUNDS: JMeter JSR223, $THREADS threads"; run_jmeter jmeter "$r" ;;
      gatling) echo "round $r/$ROUNDS: Gatling closed model, $THREADS users"
        run_gatling gatling-eq "$r" BaselineSimulation -Dusers="$THREADS" ;;
      per-user) echo "round $r/$ROUNDS: Gatling closed model, $THREADS users, a producer per user (JMeter's topology)"
        run_gatling gatling-eq-per-user "$r" BaselineSimulation -Dusers="$THREADS" -Dproducer.mode=per-user ;;
    esac; done
  fi
done

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$CP" kafkaload.bench.BenchReport "$OUT"
