#!/usr/bin/env bash
# This project's OMB workload runner side by side with OpenMessaging Benchmark's own Kafka driver ("OMB"), on OMB's
# own workload workloads/1-topic-16-partitions-1kb.yaml at RATE msg/s with OMB's driver-kafka/kafka-latency.yaml
# settings (acks=all, linger.ms=1, batch.size=131072), one stock Kafka 4.4.0 broker for both, ROUNDS rounds alternating
# which tool runs first. Prints per run and the medians: msg/s, publish (ack) latency p50/p99/p99.9, end-to-end p99,
# whole-process wall and CPU seconds, messages produced (the broker's end offsets), CPU seconds per million messages,
# peak RSS, and ours/OMB. docs/benchmark.md ("OpenMessaging Benchmark side by side") and docs/workloads.md.
#
#   OMB_REPO=<git dir of github:openmessaging/benchmark> bench/omb-peer.sh          # 3 rounds, 10,000 msg/s, 1+1 min
#   OMB_REPO=... ROUNDS=1 RATE=5000 bench/omb-peer.sh
#   OMB_REPO=... OURS_EXTRA=-Dburst=1 bench/omb-peer.sh                            # an A/B of one of our knobs
#
# Ours is run as its users run it, `mvn gatling:test -Dgatling.simulationClass=simulations.OmbWorkloadSimulation
# -Dworkload=...`, with every default on: verification (-Dverify=true, the read-back), the run-identity headers, the
# gates, the HTML report. Both tools get the same rate, warm-up, duration and producer settings.
#
# Nothing of OMB's code is in this repository. The side by side itself is the shared peer recipe (OMB_RECIPE, default
# ../shared/tools/peer/omb beside this checkout: README.txt, prepare.sh, run.sh, report.py): prepare.sh copies OMB's
# framework, driver-api and driver-kafka sources out of OMB_REPO (unmodified) into OMB_WORK and builds them alone with
# OMB's own dependency versions; run.sh starts the broker, runs the rounds under GNU time and report.py prints the
# table. This script checks its inputs, builds what is missing (OMB once, this project's test classes) and runs them.
#   env OMB_REPO    OMB's git dir (bare, or a clone's .git)     required unless OMB_WORK is already built
#   env OMB_RECIPE  the peer recipe's folder                    default ../shared/tools/peer/omb
#   env OMB_WORK    scratch build folder for OMB                default target/omb-peer/omb
#   env OUT         results folder                              default target/omb-peer/results
#   env ROUNDS RATE DUR_MIN WARM_MIN PORT DRIVER OURS_EXTRA    run.sh's (defaults 3, 10000, 1, 1, 29550, latency, none)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
die() { echo "omb-peer.sh: $*" >&2; exit 2; }

OMB_RECIPE=${OMB_RECIPE:-$ROOT/../shared/tools/peer/omb}
for f in prepare.sh run.sh report.py; do
  [ -f "$OMB_RECIPE/$f" ] || die "no $f in OMB_RECIPE=$OMB_RECIPE: give the folder of the OMB peer recipe"
done
OMB_RECIPE=$(cd "$OMB_RECIPE" && pwd)
export OMB_WORK=${OMB_WORK:-$ROOT/target/omb-peer/omb}
export OUT=${OUT:-$ROOT/target/omb-peer/results}
export ROUNDS=${ROUNDS:-3} RATE=${RATE:-10000} DUR_MIN=${DUR_MIN:-1} WARM_MIN=${WARM_MIN:-1}
case "$RATE$DUR_MIN$WARM_MIN$ROUNDS" in *[!0-9]*) die "RATE, DUR_MIN, WARM_MIN and ROUNDS are whole numbers" ;; esac
[ "$ROUNDS" -ge 1 ] || die "ROUNDS=$ROUNDS: at least 1"
# OMB's durations are int fields (whole minutes): a warm-up of 0 would run none on OMB's side.
[ "$DUR_MIN" -ge 1 ] && [ "$WARM_MIN" -ge 1 ] || die "DUR_MIN and WARM_MIN are at least 1 (OMB's whole minutes)"

# OMB: built once per commit into OMB_WORK (prepare.sh: ~30 s with a warm ~/.m2).
if [ -n "${OMB_REPO:-}" ]; then
  git --git-dir="$OMB_REPO" rev-parse -q --verify HEAD >/dev/null 2>&1 \
    || die "OMB_REPO=$OMB_REPO is not a git dir of github:openmessaging/benchmark"
  want=$(git --git-dir="$OMB_REPO" rev-parse "${OMB_REF:-HEAD}")
  if [ "$(cat "$OMB_WORK/OMB_COMMIT" 2>/dev/null)" != "$want" ] || [ ! -f "$OMB_WORK/target/classpath.txt" ]; then
    echo "omb-peer.sh: building OMB $want into $OMB_WORK"
    OMB_REPO=$OMB_REPO "$OMB_RECIPE/prepare.sh"
  fi
elif [ ! -f "$OMB_WORK/target/classpath.txt" ]; then
  die "OMB_REPO is not set and OMB_WORK=$OMB_WORK holds no build: give OMB_REPO=<git dir of openmessaging/benchmark>"
fi

# Ours: gatling:test runs the lifecycle up to test-compile itself; building first keeps compiling out of the rounds.
mvn ${MAVEN_ARGS:-} -q -B test-compile >/dev/null
echo "omb-peer.sh: ours $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src pom.xml || echo '+changes'), OMB $(cat "$OMB_WORK/OMB_COMMIT"), $ROUNDS rounds at $RATE msg/s, $WARM_MIN min warm-up + $DUR_MIN min"
OURS=$ROOT "$OMB_RECIPE/run.sh"
