#!/usr/bin/env bash
# The read-back's memory per million records, old design (an object per virtual user) vs new (a run-wide sequence
# in a compressed bitmap, a bounded reorder window), open model (every record its own user) and closed (1,000
# users). Each figure is one JVM: N records fed to the read-back's state, heap retained after full GCs. The marginal
# cost per million is (2N figure - N figure) / N, so the JVM's own heap cancels out.
#
#   bench/readback-memory.sh          # N=1000000 ROUNDS=3
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
N=${N:-1000000}
ROUNDS=${ROUNDS:-3}

measure() { # design model records -> retained bytes (median of ROUNDS)
  for r in $(seq 1 "$ROUNDS"); do
    java -Xmx4G -XX:+UseG1GC -cp "$CP" kafkaload.internal.verification.ReadBackMemoryBench "$1" "$2" "$3" |
      sed -n 's/.*retainedBytes=\([0-9]*\).*/\1/p'
  done | sort -n | sed -n "$(( (ROUNDS + 1) / 2 ))p"
}

echo "| model | design | retained, $N records | retained, $((2 * N)) records | marginal MB per million records |"
echo "|---|---|---|---|---|"
for model in open closed; do
  for design in old new; do
    a=$(measure "$design" "$model" "$N")
    b=$(measure "$design" "$model" $((2 * N)))
    python3 -c "
a, b, n = $a, $b, $N
per = (b - a) / n
print(f'| $model | $design | {a/1e6:.1f} MB | {b/1e6:.1f} MB | {per:.2f} |')"
  done
done
