#!/usr/bin/env bash
# The cost of records with schemas: Avro and Protobuf sends (Confluent's wire format, ids from the embedded
# registry) against raw bytes of the Avro record's framed size, on one embedded broker in its own JVM, arms
# alternating. Each arm fills the same session attributes per record. Prints msg/s, injector CPU per message
# (measured phase only), ratios against raw, the serialization p99 and the registry calls of each run.
#
#   bench/schema-cost.sh            # ROUNDS=1 USERS=32 WARMUP=10 SECONDS_GATLING=20
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
ROUNDS=${ROUNDS:-1}
USERS=${USERS:-32}
WARMUP=${WARMUP:-10}
SECONDS_GATLING=${SECONDS_GATLING:-20}

start_broker

run() { # format round
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="schema-cost-$1-$2" \
    -Dformat="$1" -Dusers="$USERS" -Dwarmup="$WARMUP" -Dduration="$SECONDS_GATLING" \
    -cp "$CP" io.gatling.app.Gatling -s kafkaload.bench.SchemaCostSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/schema-cost-$1-$2.log" 2>&1 || true
}
for r in $(seq 1 "$ROUNDS"); do
  for f in raw avro protobuf; do echo "round $r/$ROUNDS: $f"; run "$f" "$r"; done
done

python3 - "$OUT" "$ROUNDS" "$SECONDS_GATLING" <<'PY'
import json, glob, os, re, statistics, sys
out, rounds, secs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def one(f, r):
    log = open(f"{out}/schema-cost-{f}-{r}.log").read()
    ok = int(re.findall(r"> send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)[-1].replace(",", ""))
    cpu = float(re.findall(r"CPU-AT-END ([\d.]+)", log)[-1]) - float(re.findall(r"CPU-AT-START ([\d.]+)", log)[-1])
    page = re.findall(r"Kafka page: file://(\S+)", log)[-1]
    summary = json.load(open(os.path.join(os.path.dirname(page), "kafka-summary.json")))
    p = summary["protocols"][0]
    sch = p.get("schemas") or {}
    return ok / secs, cpu / ok * 1e6, (sch.get("serializationMs") or {}).get("p99"), sch.get("registryCalls", 0), \
        p["throughput"]["byRequest"]["send"]["bytes"] / max(1, p["throughput"]["byRequest"]["send"]["acked"])
rows = {}
for f in ("raw", "avro", "protobuf"):
    runs = [one(f, r) for r in range(1, rounds + 1)]
    rows[f] = tuple(statistics.median(x[i] for x in runs) if runs[0][i] is not None else None for i in range(5))
size = re.findall(r"RECORD-SIZE avro-framed=(\d+)", open(f"{out}/schema-cost-raw-1.log").read())[-1]
base = rows["raw"]
print(f"\n| arm (median of {rounds} round(s), {secs} s measured) | msg/s | CPU-s per M msgs | msg/s vs raw | CPU/msg vs raw | serialization p99 ms | registry calls | value bytes per record |")
print("|---|---|---|---|---|---|---|---|")
for f, label in (("raw", f"raw bytes ({size} B, the Avro record's framed size)"), ("avro", "Avro"), ("protobuf", "Protobuf")):
    r = rows[f]
    print(f"| {label} | {r[0]:,.0f} | {r[1]:.1f} | {r[0]/base[0]:.2f} | {r[1]/base[1]:.2f} | "
          f"{'-' if r[2] is None else r[2]} | {r[3]:.0f} | {r[4]:.0f} |")
PY
