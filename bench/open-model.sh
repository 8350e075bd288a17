#!/usr/bin/env bash
# The open model at a constant rate next to Kafka's ProducerPerformance throttled at the same rate, on the same
# broker (in its own JVM), alternating A B, B A, each tool run SHORT and LONG seconds. Prints medians over the rounds:
# p50/p99/p99.9 ack latency, whole-process CPU per message (JVM start to exit, /usr/bin/time) and the marginal CPU
# per message (CPU of the long run minus the short one, over the extra messages: JVM start, Gatling start and the
# fixed part of its log parsing cancel out), Gatling's CPU per message during its measured load (its own reading,
# kafka-summary.json's injector.loadCpu; n/a for ProducerPerformance, which has none), and the ratios against
# ProducerPerformance.
#
# Arms: ProducerPerformance throttled | ConstantRateSimulation with its shipped defaults | the same with one record
# per virtual user (-Dburst=1), the shape before bursts; ARMS="perf-warm gatling-warm" sets both tools a WARMUP
# seconds warm-up at the same rate first, in the same JVM, and measures after it (ProducerPerformance run twice).
#
#   bench/open-model.sh                                   # 3 rounds, 20,000 msg/s, 20 s and 40 s
#   ROUNDS=5 RATE=20000 SHORT=30 LONG=60 bench/open-model.sh
#   BROKER_CPUS=1 INJECTOR_CPUS=0 bench/open-model.sh     # broker and injectors on their own cores (taskset)
#   BOOTSTRAP=broker:9092 bench/open-model.sh             # any cluster
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
RATE=${RATE:-20000}
SHORT=${SHORT:-20}
LONG=${LONG:-40}
WARMUP=${WARMUP:-20}
RECORD_SIZE=${RECORD_SIZE:-1024}
ACKS=${ACKS:-1}
LINGER=${LINGER:-1}
BATCH=${BATCH:-16384}
COMPRESSION=${COMPRESSION:-lz4}
ARMS=${ARMS:-perf gatling gatling-burst1}
OUT=${OUT:-target/bench/open-model}
source bench/common.sh
rm -f "$OUT"/run-*

if [ -z "${BOOTSTRAP:-}" ]; then
  start_broker
fi
echo "broker: $BOOTSTRAP  rate=$RATE/s for ${SHORT}s and ${LONG}s  record=${RECORD_SIZE}B acks=$ACKS linger.ms=$LINGER" \
  "batch.size=$BATCH compression=$COMPRESSION  broker cores: ${BROKER_CPUS:-any}  injector cores: ${INJECTOR_CPUS:-any}"

topic() { echo "bench-open-$1-$2-$3-$$"; }

run() { # arm round seconds
  local arm=$1 round=$2 secs=$3 t
  t=$(topic "$arm" "$round" "$secs")
  local name="$arm-$secs-$round"
  case $arm in
    perf|perf-warm)
      java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$t" 16 >/dev/null
      local main=(org.apache.kafka.tools.ProducerPerformance)
      [ "$arm" = perf-warm ] && main=(org.apache.kafka.tools.WarmProducerPerformance $((RATE * WARMUP)))
      /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/run-$name.time" "${PIN[@]}" java -Xmx1G -cp "$CP" \
        "${main[@]}" --topic "$t" --num-records $((RATE * secs)) \
        --record-size "$RECORD_SIZE" --throughput "$RATE" --producer-props bootstrap.servers="$BOOTSTRAP" \
        acks="$ACKS" linger.ms="$LINGER" batch.size="$BATCH" compression.type="$COMPRESSION" retries=0 \
        >"$OUT/run-$name.log" 2>&1 || echo "  $name exited with $?" ;;
    gatling*)
      local extra=(-Dwarmup=0); [ "$arm" = gatling-burst1 ] && extra+=(-Dburst=1)
      [ "$arm" = gatling-warm ] && extra=(-Dwarmup="$WARMUP")
      # No warm-up phase (ProducerPerformance has none) but in the *-warm arms, no run identity or read-back (it
      # does neither); -nr: no HTML report (ProducerPerformance writes none), the assertions are still judged.
      /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/run-$name.time" "${PIN[@]}" java -Xmx1G "${JVM_GATLING[@]}" \
        -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$t" -Dduration="$secs" -Drate="$RATE" \
        -DrecordSize="$RECORD_SIZE" -Dacks="$ACKS" -Dlinger.ms="$LINGER" -Dbatch.size="$BATCH" \
        -Dcompression.type="$COMPRESSION" -DrunIdentity=false -Dverify=false -Dgate.p99Ms=100000 -Dgate.minRps=0 \
        -Dgate.maxErrorPct=100 "${extra[@]}" -cp "$CP" io.gatling.app.Gatling -nr \
        -s simulations.ConstantRateSimulation -rf "$PWD/$OUT/gatling-results" >"$OUT/run-$name.log" 2>&1 \
        || echo "  $name exited with $?" ;;
  esac
  delete_topic "$t"
}

PIN=(); [ -n "${INJECTOR_CPUS:-}" ] && PIN=(taskset -c "$INJECTOR_CPUS")
for r in $(seq 1 "$ROUNDS"); do
  for secs in "$SHORT" "$LONG"; do
    # shellcheck disable=SC2086 # ARMS: space-separated names
    for arm in $(round_order "$r" $ARMS); do
      echo "round $r/$ROUNDS: $arm, $secs s at $RATE/s"
      run "$arm" "$r" "$secs"
    done
  done
done

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
ROUNDS=$ROUNDS SHORT=$SHORT LONG=$LONG RATE=$RATE ARMS="$ARMS" java -cp "$CP" kafkaload.bench.OpenModelReport "$OUT"
