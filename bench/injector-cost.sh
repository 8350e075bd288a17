#!/usr/bin/env bash
# What one record costs the injector under different Gatling versions, JVM options or builds of this project, side by
# side on the same broker (in its own JVM), alternating the arms (A B, B A) round by round. Each arm is
# NAME[@TARGET]:GATLING_VERSION:JVM_OPTIONS (the options space-free or comma-separated; TARGET another build's target
# folder, holding its classes and test-classes, e.g. of a git worktree at an older commit, to measure a change before
# and after); every arm runs the same simulation for SHORT and LONG seconds. Prints
# per arm the medians over the rounds: msg/s, p99 ack latency, whole-process CPU per message (JVM start to exit,
# /usr/bin/time), marginal CPU per message (long minus short run, over the extra messages), CPU per message during
# the measured load (kafka-summary.json's injector.loadCpu), peak RSS; and each arm's ratios to the first arm.
#
# The project's classes are compiled once, against the pom's Gatling version, and run on each arm's Gatling (a
# class path resolved with -Dgatling.version=V): fine between neighbouring versions whose API the project uses
# unchanged, which the run checks by finishing (a failed run prints its log's tail and stops the script).
#
#   bench/injector-cost.sh                                         # closed model, 1,024 users, Gatling 3.15.1 vs 3.16.0
#   MODEL=open RATE=20000 bench/injector-cost.sh                   # the open model at 20,000 msg/s
#   ARMS="c2:3.16.0: c1:3.16.0:-XX:TieredStopAtLevel=1" bench/injector-cost.sh   # C1 only: less JIT, slower code
#   ARMS="g1:3.16.0:-XX:+UseG1GC par:3.16.0:-XX:+UseParallelGC" bench/injector-cost.sh   # the collectors
#     (every arm runs on the pom's gatling.jvmArgs, the parallel collector, unless its options pick a collector)
#   ROUNDS=5 SHORT=20 LONG=60 BOOTSTRAP=broker:9092 bench/injector-cost.sh
#   git worktree add /tmp/before HEAD~1 && (cd /tmp/before && mvn -q test-compile)
#   ARMS="before@/tmp/before/target:3.16.0: after:3.16.0:" bench/injector-cost.sh   # a change, before and after
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-3}
MODEL=${MODEL:-closed}          # closed: BaselineSimulation with USERS users; open: ConstantRateSimulation at RATE
USERS=${USERS:-1024}
RATE=${RATE:-20000}
SHORT=${SHORT:-15}
LONG=${LONG:-30}
RECORD_SIZE=${RECORD_SIZE:-1024}
ARMS=${ARMS:-"gatling-3.15.1:3.15.1: gatling-3.16.0:3.16.0:"}
OUT=${OUT:-target/bench/injector-cost}
source bench/common.sh
rm -rf "$OUT"/run-* "$OUT"/results-*

# An arm's fields, into name, version, opts and target (the options may hold colons: the last field takes the rest).
arm_fields() {
  IFS=: read -r name version opts <<<"$1"
  target=; [[ $name == *@* ]] && target=${name#*@}
  name=${name%%@*}
}

for arm in $ARMS; do
  arm_fields "$arm"
  [ -n "$name" ] && [ -n "$version" ] || { echo "arm '$arm': expected NAME[@TARGET]:GATLING_VERSION:JVM_OPTIONS" >&2; exit 2; }
  if [ -n "$target" ] && { [ ! -d "$target/classes" ] || [ ! -d "$target/test-classes" ]; }; then
    echo "arm '$arm': $target has no classes and test-classes folders (build it with mvn test-compile)" >&2; exit 2
  fi
  gatling_classpath "$version" >/dev/null || { echo "Gatling $version does not resolve" >&2; exit 2; }
done

if [ -z "${BOOTSTRAP:-}" ]; then
  start_broker
fi
case $MODEL in
  closed) SIM=(-Dusers="$USERS") ; SIM_CLASS=simulations.BaselineSimulation ;;
  open) SIM=(-Drate="$RATE") ; SIM_CLASS=simulations.ConstantRateSimulation ;;
  *) echo "MODEL must be closed or open, not '$MODEL'" >&2; exit 2 ;;
esac
echo "broker: $BOOTSTRAP  model=$MODEL (users=$USERS rate=$RATE)  ${SHORT}s and ${LONG}s  record=${RECORD_SIZE}B" \
  "acks=1 linger.ms=1 lz4  rounds=$ROUNDS  load average $(cut -d' ' -f1-3 /proc/loadavg)"

run() { # arm round seconds
  local name version opts target
  arm_fields "$1"
  local tag="$name-$3-$2" res="$PWD/$OUT/results-$name-$3-$2"
  local cp; cp=$(gatling_classpath "$version")
  [ -z "$target" ] || cp="$target/classes:$target/test-classes:${cp#target/classes:target/test-classes:}"
  # An arm that picks its own collector runs on the plugin's options alone: two collectors would stop the JVM.
  local jvm=("${JVM_GATLING[@]}"); [[ $opts == *-XX:+Use*GC* ]] && jvm=("${JVM_GATLING_PLUGIN[@]}")
  # shellcheck disable=SC2046,SC2086 # the arm's options are split on purpose
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/run-$tag.time" java -Xmx1G "${jvm[@]}" ${opts//,/ } \
    -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="bench-cost-$tag-$$" -Dduration="$3" -Dwarmup=0 \
    -DrecordSize="$RECORD_SIZE" -Dacks=1 -Dlinger.ms=1 -Dbatch.size=16384 -Dcompression.type=lz4 \
    -DrunIdentity=false -Dverify=false -Dgate.p99Ms=100000 -Dgate.minRps=0 -Dgate.maxErrorPct=100 \
    "${SIM[@]}" -cp "$cp" io.gatling.app.Gatling -nr \
    -s "$SIM_CLASS" -rf "$res" >"$OUT/run-$tag.log" 2>&1 || { echo "$tag failed:"; tail -20 "$OUT/run-$tag.log"; exit 1; }
  local summary; summary=$(find "$res" -name kafka-summary.json | head -1)
  [ -n "$summary" ] || { echo "$tag wrote no kafka-summary.json"; exit 1; }
  # arm seconds wall user sys peakRssKB summary
  echo "$name $3 $(cut -d' ' -f2- "$OUT/run-$tag.time") $summary" >>"$OUT/runs.txt"
  delete_topic "bench-cost-$tag-$$"
  echo "  round $2, $name, $3 s: $(cut -d' ' -f2- "$OUT/run-$tag.time") (wall, user, sys s, peak RSS KB)"
}

: >"$OUT/runs.txt"
for r in $(seq 1 "$ROUNDS"); do
  for secs in "$SHORT" "$LONG"; do
    # shellcheck disable=SC2086 # ARMS: space-separated names
    for arm in $(round_order "$r" $ARMS); do
      run "$arm" "$r" "$secs"
    done
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
names=(); for arm in $ARMS; do arm_fields "$arm"; names+=("$name"); done
java -cp "$CP" kafkaload.bench.InjectorCostReport "$OUT/runs.txt" "$SHORT" "$LONG" "${names[@]}"
