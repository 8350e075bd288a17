#!/usr/bin/env bash
# The capacity search (simulations.CapacitySearchSimulation) against Kafka's own ProducerPerformance unthrottled, on
# the same broker (in its own JVM), alternating A B C, C B A. Each round runs:
#   ProducerPerformance, RECORDS records, unthrottled: its msg/s, the most one producer sends here
#   the capacity search with a loose gate (p99 <= LOOSE_P99 ms): its sustained rate, limit and p99
#   the capacity search with a tight gate (p99 <= TIGHT_P99 ms): its sustained rate and the p99 of the plateau above
# and prints a markdown table of medians over the rounds, every round's figures and each search's curve, and the ratio
# of the found rate to ProducerPerformance's msg/s over its whole run (JVM start and JIT included) and in its best 5 s
# interval (warm, as the search's plateaus are) (kafkaload.bench.CapacityReport).
#
# Equal between the tools: the broker, one producer, record size (random upper-case letters, no key), acks,
# linger.ms, batch.size, compression, retries=0, a fresh 16-partition topic per run; neither stamps a run identity
# nor reads back (-DrunIdentity=false -Dverify=false); -nr skips Gatling's HTML report.
# Not equal: ProducerPerformance sends back to back as fast as its producer takes records (its buffer full, it
# blocks), so its msg/s is the producer's ceiling with latency what it may be (mostly queueing in its client); the
# search paces records open-model at a target rate, plateau by plateau (warm-up, doubling, bisection to within
# capacity.precisionPct, confirmation), and a rate holds only if its p99 ack latency is within the gate and it
# achieved >= 98 % of the target in the plateau's window, so it reports a rate that holds a latency, and records
# each ack into Gatling's statistics. Its process also carries Gatling; ProducerPerformance's does not.
#
#   bench/capacity.sh                                       # embedded broker in its own JVM, 3 rounds
#   ROUNDS=5 TIGHT_P99=3 START_RATE=10000 bench/capacity.sh
#   BOOTSTRAP=broker:9092 bench/capacity.sh                 # any cluster
set -euo pipefail
cd "$(dirname "$0")/.."

export ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-2000000}         # ProducerPerformance records per round
export LOOSE_P99=${LOOSE_P99:-1000} # the loose gate, ms
export TIGHT_P99=${TIGHT_P99:-5}    # the tight gate, ms: below the loose result's p99 here
START_RATE=${START_RATE:-5000}      # the search's warm-up and first plateau, msg/s
export PLATEAU=${PLATEAU:-5}             # seconds a judged plateau
WARMUP=${WARMUP:-10}                # seconds of warm-up plateau
MAX_SECONDS=${MAX_SECONDS:-150}     # the search ends by then with what it found
RECORD_SIZE=${RECORD_SIZE:-1024}
ACKS=${ACKS:-1}
LINGER=${LINGER:-1}
BATCH=${BATCH:-16384}
COMPRESSION=${COMPRESSION:-lz4}
OUT=${OUT:-target/bench/capacity}
source bench/common.sh
rm -f "$OUT"/run-*

if [ -z "${BOOTSTRAP:-}" ]; then
  start_broker
fi
echo "broker: $BOOTSTRAP  record=${RECORD_SIZE}B acks=$ACKS linger.ms=$LINGER batch.size=$BATCH" \
  "compression=$COMPRESSION  search: start ${START_RATE}/s, plateaus ${PLATEAU}s, warm-up ${WARMUP}s, max ${MAX_SECONDS}s"

topic() { echo "bench-capacity-$1-$2-$$"; }

timed() { # name round command...: peak RSS and CPU of the whole process, JVM start to exit; then deletes its topic
  local name=$1 round=$2; shift 2
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/run-$name-$round.time" "$@" >"$OUT/run-$name-$round.log" 2>&1 \
    || echo "  $name exited with $? (see $OUT/run-$name-$round.log)"
  delete_topic "$(topic "$name" "$round")"
}

run_perf() { # round
  local t; t=$(topic perf "$1")
  java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$t" 16 >/dev/null
  timed perf "$1" java -Xmx1G -cp "$CP" org.apache.kafka.tools.ProducerPerformance --topic "$t" \
    --num-records "$RECORDS" --record-size "$RECORD_SIZE" --throughput -1 --producer-props bootstrap.servers="$BOOTSTRAP" \
    acks="$ACKS" linger.ms="$LINGER" batch.size="$BATCH" compression.type="$COMPRESSION" retries=0
}

# The search's own preflight creates the topic (16 partitions by default). No read-back or run identity, which
# ProducerPerformance does neither of; the search's own gates are its verdict (a KO exits non-zero, reported above).
# SEARCH_EXTRA: more -D flags for both searches (e.g. -Dcapacity.precisionPct=2).
run_search() { # name round p99Ms
  # shellcheck disable=SC2086 # SEARCH_EXTRA: space-separated flags
  timed "$1" "$2" java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$(topic "$1" "$2")" \
    -DrecordSize="$RECORD_SIZE" -Dacks="$ACKS" -Dlinger.ms="$LINGER" -Dbatch.size="$BATCH" \
    -Dcompression.type="$COMPRESSION" -Dretries=0 -DrunIdentity=false -Dverify=false -Dcapacity.p99Ms="$3" \
    -Dcapacity.startRate="$START_RATE" -Dcapacity.plateauSeconds="$PLATEAU" -Dcapacity.warmUpSeconds="$WARMUP" \
    -Dcapacity.maxSeconds="$MAX_SECONDS" ${SEARCH_EXTRA:-} \
    -cp "$CP" io.gatling.app.Gatling -nr -s simulations.CapacitySearchSimulation -rf "$PWD/$OUT/gatling-results"
}

for r in $(seq 1 "$ROUNDS"); do
  for arm in $(round_order "$r" perf loose tight); do case $arm in
    perf) echo "round $r/$ROUNDS: ProducerPerformance, $RECORDS records, unthrottled"; run_perf "$r" ;;
    loose) echo "round $r/$ROUNDS: capacity search, p99 <= $LOOSE_P99 ms"; run_search loose "$r" "$LOOSE_P99" ;;
    tight) echo "round $r/$ROUNDS: capacity search, p99 <= $TIGHT_P99 ms"; run_search tight "$r" "$TIGHT_P99" ;;
  esac; done
done

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "$CP" kafkaload.bench.CapacityReport "$OUT"
