#!/usr/bin/env bash
# Memory targets, measured with GC logs:
#  1. the baseline, embedded broker in the same JVM, inside the Gatling plugin's default 1 GiB heap;
#  2. a closed-model run with 10,000 virtual users (embedded broker in the same JVM too) inside 2 GiB.
# Prints, per run: exit code, peak heap after GC, peak heap before GC, GC pause total, OOM or not.
#
#   bench/memory.sh            # DURATION=30 USERS_BIG=10000
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
DURATION=${DURATION:-30}
USERS_BIG=${USERS_BIG:-10000}

run() { # name heap users
  local name=$1 heap=$2 users=$3
  set +e
  java "-Xmx$heap" "${JVM_GATLING[@]}" "-Xlog:gc:file=$OUT/$name-gc.log" -Dusers="$users" -Dwarmup=10 \
    -Dduration="$DURATION" -Dgate.p99Ms=100000 -Dgate.minRps=0 -Dtopic="mem-$name" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.BaselineSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/$name.log" 2>&1
  local rc=$?
  set -e
  python3 - "$name" "$heap" "$users" "$rc" "$OUT/$name-gc.log" "$OUT/$name.log" <<'PY'
import re, sys
name, heap, users, rc, gclog, log = sys.argv[1:]
text = open(gclog).read()
after = [int(m) for m in re.findall(r"->(\d+)M\(", text)]
before = [int(m) for m in re.findall(r"\) (\d+)M->", text)]
pauses = [float(m) for m in re.findall(r" ([\d.]+)ms$", text, re.M)]
out = open(log).read()
sends = re.findall(r"> send\s+\|\s+([\d,]+) \|\s+([\d,]+) \|\s+([\d,]+)", out)
ok = sends[-1][1] if sends else "?"
oom = "OutOfMemoryError" in out
print(f"{name:<28} -Xmx{heap:<4} users={users:<6} exit={rc} OK sends={ok:<10} "
      f"peak heap after GC={max(after, default=0)} MB, before GC={max(before, default=0)} MB, "
      f"GC pauses={sum(pauses):.0f} ms total, max {max(pauses, default=0):.0f} ms, OOM={'yes' if oom else 'no'}")
PY
}

run baseline-embedded-1g 1G 10
run closed-"$USERS_BIG"-users-2g 2G "$USERS_BIG"
