#!/usr/bin/env bash
# Broker version compatibility: the baseline simulation (this project's Kafka 4.4.0 client, preflight AdminClient,
# run-identity headers, read-back reconciliation, gates) against single-node KRaft brokers of other versions, each a
# separate process started from that version's own Maven jars (kafka_2.13:<v> and its runtime dependencies).
# Prints one row per version: pass when every send was acked and every acked record read back exactly once; the
# sends, lost and duplicated records, msg/s and p99 of "send", and the gates' verdicts. Then share groups (KIP-932):
# kafkaload.bench.ShareDrainSimulation (2 share consumers) on the baseline's topic: drained (every record accepted,
# lag 0) where the broker has share groups, else refused before any load with the message naming the feature, the
# broker's version and what to enable (a non-zero exit, no share consumer started). About 15 s more per version.
# Not a CI test: it downloads each version's jars once (target/compat/<v>/lib) and takes about a minute per version.
#
#   bench/compat.sh                                  # VERSIONS="3.9.1 3.9.2 4.0.0 4.1.1 4.2.0 4.3.0 4.4.0" WARMUP=10 DURATION=20
#   VERSIONS=3.9.1 WARMUP=5 DURATION=10 bench/compat.sh
set -euo pipefail
cd "$(dirname "$0")/.."
VERSIONS=${VERSIONS:-3.9.1 3.9.2 4.0.0 4.1.1 4.2.0 4.3.0 4.4.0}
WARMUP=${WARMUP:-10}
DURATION=${DURATION:-20}
source bench/common.sh
COMPAT=target/compat
mkdir -p "$COMPAT"

BROKER_PID=
stop_broker() {
  if [ -n "$BROKER_PID" ]; then kill "$BROKER_PID" 2>/dev/null || true; wait "$BROKER_PID" 2>/dev/null || true; fi
  BROKER_PID=
}
trap stop_broker EXIT

jars() { # version: kafka_2.13:<v> and its runtime dependencies, plus a plain logger, via a throwaway pom
  local v=$1 dir=$COMPAT/$1
  [ -f "$dir/lib/kafka_2.13-$v.jar" ] && return
  mkdir -p "$dir"
  cat >"$dir/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>kafkaload.compat</groupId><artifactId>broker-$v</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$v</version></dependency>
    <!-- both 3.9 and 4.x bring slf4j-api 1.7.36 and no binding: without one the broker's errors are silent -->
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-simple</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
EOF
  mvn -q -B -f "$dir/pom.xml" dependency:copy-dependencies -DoutputDirectory=lib -DincludeScope=runtime >/dev/null
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

start_version() { # version: formats a fresh KRaft log dir and starts kafka.Kafka; sets BOOTSTRAP
  local v=$1 dir=$COMPAT/$1 port cport
  port=$(free_port); cport=$(free_port)
  rm -rf "$dir/data"
  cat >"$dir/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$cport
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$cport
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$PWD/$dir/data
auto.create.topics.enable=false
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
# a short lock, so the share drain's idle wait after the last record is short (brokers before 4.2 ignore it)
group.share.min.record.lock.duration.ms=1000
EOF
  local logger=(-Dorg.slf4j.simpleLogger.defaultLogLevel=warn)
  java "${logger[@]}" -cp "$dir/lib/*" kafka.tools.StorageTool format -t "$(java "${logger[@]}" -cp "$dir/lib/*" \
    kafka.tools.StorageTool random-uuid)" -c "$dir/server.properties" >"$dir/format.log" 2>&1 \
    || { echo "$v: storage format failed: $(tail -3 "$dir/format.log")" >&2; return 1; }
  java -Xmx1G "${logger[@]}" -cp "$dir/lib/*" kafka.Kafka "$dir/server.properties" >"$dir/broker.log" 2>&1 &
  BROKER_PID=$!
  for _ in $(seq 1 120); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      # Listening is not serving: on a loaded machine a broker's first controller events take seconds, and the
      # baseline's 10 s preflight timed out on 4.0.0. Wait (up to 60 s) until it describes its cluster.
      timeout 60 java -cp "$CP" org.apache.kafka.tools.ClusterTool cluster-id --bootstrap-server "127.0.0.1:$port" \
        >"$dir/ready.log" 2>&1 || { echo "$v: broker did not serve: $(tail -3 "$dir/ready.log")" >&2; return 1; }
      BOOTSTRAP=127.0.0.1:$port; return 0
    fi
    kill -0 "$BROKER_PID" 2>/dev/null || break
    sleep 0.5
  done
  echo "$v: broker did not listen on $port: $(tail -5 "$dir/broker.log")" >&2
  return 1
}

: >"$COMPAT/results.tsv"
: >"$COMPAT/share.tsv"
for v in $VERSIONS; do
  echo "Kafka $v: fetching jars"; jars "$v"
  if ! start_version "$v"; then
    printf '%s\tFAIL: broker did not start\t-\t-\t-\t-\t-\t-\n' "$v" >>"$COMPAT/results.tsv"; echo "-" >>"$COMPAT/share.tsv"; stop_broker; continue
  fi
  echo "Kafka $v: broker up at $BOOTSTRAP (pid $BROKER_PID); BaselineSimulation, ${WARMUP}s warm-up + ${DURATION}s"
  set +e
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="compat-$v" \
    -Dwarmup="$WARMUP" -Dduration="$DURATION" -cp "$CP" io.gatling.app.Gatling -nr \
    -s simulations.BaselineSimulation -rf "$PWD/$COMPAT/gatling-results" >"$COMPAT/$v/gatling.log" 2>&1
  rc=$?
  set -e
  # Compatible: every send acked (no KO), every acked record read back once. The latency and rate gates are reported
  # apart, since on a loaded machine they fail for reasons that have nothing to do with the broker's version.
  python3 - "$v" "$rc" "$COMPAT/$v/gatling.log" "$DURATION" >>"$COMPAT/results.tsv" <<'PY'
import json, re, sys
v, rc, log, secs = sys.argv[1], int(sys.argv[2]), open(sys.argv[3]).read(), int(sys.argv[4])
m = re.findall(r"Kafka page: file://(\S+)/kafka\.html", log)
if not m:
    err = [l for l in log.splitlines() if "ERROR" in l or "Exception" in l][:1]
    print(f"{v}\tFAIL: {err[0][:150] if err else 'no summary, see ' + sys.argv[3]}\t-\t-\t-\t-\t-\t-"); sys.exit()
s = json.load(open(m[-1] + "/kafka-summary.json"))
p = s["protocols"][0]
send, tp, rec = p["ackLatencyMs"].get("send", {}), p["throughput"], p.get("reconciliation") or {}
ok = tp["ackedOk"] > 0 and tp["failed"] == 0 and rec.get("lost") == 0 and rec.get("duplicates") == 0
failed_gates = [g["description"] for g in s.get("gates", []) if not g.get("passed", True)]
gates = "all pass" if not failed_gates else "failed: " + "; ".join(failed_gates)
print(f"{v}\t{'pass' if ok else 'FAIL'}\t{tp['ackedOk']} / {tp['failed']}\t{rec.get('lost', '-')}\t"
      f"{rec.get('duplicates', '-')}\t{send.get('count', 0) / secs:.0f}\t{send.get('p99', 0):.1f}\t{gates} (exit {rc})")
PY
  # Share groups on the same broker: the baseline's topic drained by 2 share consumers, or the refusal before any load.
  set +e
  java -Xmx1G "${JVM_GATLING[@]}" -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="compat-$v" -Dshare.consumers=2 \
    -Dshare.group="compat-$v-$$" -Dshare.record.lock.duration.ms=2000 -Dshare.timeoutSeconds=60 -cp "$CP" \
    io.gatling.app.Gatling -nr -s kafkaload.bench.ShareDrainSimulation -rf "$PWD/$COMPAT/gatling-results" \
    >"$COMPAT/$v/share.log" 2>&1
  src=$?
  set -e
  python3 - "$src" "$COMPAT/$v/share.log" >>"$COMPAT/share.tsv" <<'PY'
import json, re, sys
rc, log = int(sys.argv[1]), open(sys.argv[2]).read()
refused = re.search(r"(Share groups (?:\(KIP-932\) are not available|: the features of the cluster)[^\n]*)", log)
started = "[kafkaload] ---- Share group" in log
if refused and rc != 0 and not started:
    print("refused before any load: " + refused.group(1).replace("|", "/"))
elif rc == 0 and started:
    m = re.findall(r"Kafka page: file://(\S+)/kafka\.html", log)
    g = json.load(open(m[-1] + "/kafka-summary.json"))["protocols"][0]["shareGroups"][0]
    print(f"drained: {g['accepted']:,} records accepted by 2 share consumers, lag {g['lagVerdict']['lagAtEnd']} at the end")
else:
    err = [l for l in log.splitlines() if "Exception" in l or "ERROR" in l][:1]
    print(f"FAIL (exit {rc}): {err[0][:200] if err else 'see ' + sys.argv[2]}")
PY
  echo "Kafka $v: share groups: $(tail -1 "$COMPAT/share.tsv")"
  tail -1 "$COMPAT/results.tsv"
  stop_broker
done

echo
echo "| broker (own process, Maven jars) | result | sends OK / KO | lost | duplicates | msg/s | p99 ms | gates | share groups (shareConsume) |"
echo "|---|---|---|---|---|---|---|---|---|"
exec 4<"$COMPAT/share.tsv"
while IFS=$'\t' read -r v result sends lost dups rate p99 gates; do
  IFS= read -r share <&4 || share="-"
  echo "| Kafka $v, KRaft | $result | $sends | $lost | $dups | $rate | $p99 | $gates | $share |"
done <"$COMPAT/results.tsv"
exec 4<&-
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
