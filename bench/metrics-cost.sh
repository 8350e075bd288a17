#!/usr/bin/env bash
# The cost of the live Prometheus endpoint (docs/metrics.md), side by side with the endpoint off:
# ConstantRateSimulation at RATE msg/s (default 20,000) on one embedded broker in its own JVM, arms alternating:
# "off" (no -Dmetrics.port) against "on" (-Dmetrics.port=<a free port> -Dmetrics.lingerSeconds=0, scraped every
# second for the whole run by Debian's Prometheus, /usr/bin/prometheus, which this script starts once with
# scrape_interval 1s; without it, a curl loop). Each arm runs SHORT_GATLING and SECONDS_GATLING measured seconds a
# round. Prints msg/s and injector CPU per message: whole process (JVM start to exit, /usr/bin/time, over every record
# acked), marginal (the longer run minus the shorter, over the extra records) and during the measured load
# (kafka-summary.json's injector.loadCpu), medians over the rounds, with the ratios to off (the bound: at most 1.05).
#
#   bench/metrics-cost.sh            # ROUNDS=1 RATE=20000 SECONDS_GATLING=30 SHORT_GATLING=15; SCRAPER=curl forces curl
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/bench/metrics-cost}
source bench/common.sh
ROUNDS=${ROUNDS:-1}
RATE=${RATE:-20000}
SECONDS_GATLING=${SECONDS_GATLING:-30}
SHORT_GATLING=${SHORT_GATLING:-$((SECONDS_GATLING / 2))}
[ "$SHORT_GATLING" -lt "$SECONDS_GATLING" ] \
  || { echo "SHORT_GATLING=$SHORT_GATLING must be less than SECONDS_GATLING=$SECONDS_GATLING (the marginal CPU)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time is not installed (apt-get install time): the whole-process CPU needs it" >&2; exit 2; }
rm -rf "$OUT"/metrics-* "$OUT/gatling-results" "$OUT/prometheus"

[ -n "${BOOTSTRAP:-}" ] || start_broker

# A free port for each "on" run (all bound at once, so distinct), and one for Prometheus's own web server: a run's
# port is not reused by the next, whose bind could meet the last one's connections in TIME_WAIT.
read -r -a PORTS <<<"$(python3 -c '
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))' $((2 * ROUNDS + 1)))"
PROM_PORT=${PORTS[0]}
port_of() { echo "${PORTS[$(( 2 * ($1 - 1) + $2 ))]}"; } # round, 1 (short) or 2 (long)

SCRAPER=${SCRAPER:-prometheus}
[ "$SCRAPER" = prometheus ] && [ ! -x /usr/bin/prometheus ] && SCRAPER=curl
PROM_PID=; CURL_PID=
stop_scrapers() {
  [ -z "$CURL_PID" ] || { kill "$CURL_PID" 2>/dev/null || true; wait "$CURL_PID" 2>/dev/null || true; CURL_PID=; }
  [ -z "$PROM_PID" ] || { kill "$PROM_PID" 2>/dev/null || true; wait "$PROM_PID" 2>/dev/null || true; PROM_PID=; }
}
trap 'stop_scrapers; exec 3>&- 2>/dev/null || true; [ -z "${BROKER_PID:-}" ] || wait "$BROKER_PID" 2>/dev/null || true' EXIT
if [ "$SCRAPER" = prometheus ]; then
  # One server for the whole script, scraping every "on" run's port every second: started before the first run, so
  # its start and its own CPU fall on both arms alike (a port with no run behind it is refused, nothing scraped).
  mkdir -p "$OUT/prometheus"
  targets=$(for r in $(seq 1 "$ROUNDS"); do printf "'127.0.0.1:%s', '127.0.0.1:%s', " "$(port_of "$r" 1)" "$(port_of "$r" 2)"; done)
  cat >"$OUT/prometheus/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: kafkaload
    static_configs:
      - targets: [${targets%, }]
EOF
  /usr/bin/prometheus --config.file="$OUT/prometheus/prometheus.yml" --storage.tsdb.path="$OUT/prometheus/data" \
    --web.listen-address="127.0.0.1:$PROM_PORT" >"$OUT/prometheus/prometheus.log" 2>&1 &
  PROM_PID=$!
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$PROM_PORT/-/ready" >/dev/null 2>&1 && break; sleep 0.5; done
  curl -sf "http://127.0.0.1:$PROM_PORT/-/ready" >/dev/null \
    || { echo "Prometheus did not start: $(tail -5 "$OUT/prometheus/prometheus.log")" >&2; exit 1; }
  echo "scraper: Debian's Prometheus ($(/usr/bin/prometheus --version 2>&1 | head -1)), scrape_interval 1s"
else
  echo "scraper: a curl loop, one GET of /metrics a second (Prometheus not used: SCRAPER=curl or /usr/bin/prometheus missing)"
fi
echo "broker: $BOOTSTRAP  ConstantRateSimulation at $RATE msg/s, ${SHORT_GATLING} s and ${SECONDS_GATLING} s measured" \
  "after a 10 s warm-up  rounds=$ROUNDS  commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"

run() { # arm round seconds flags...
  local arm=$1 round=$2 secs=$3; shift 3
  local tag="$arm-$secs-$round"
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/metrics-$tag.time" java -Xmx1G "${JVM_GATLING[@]}" \
    -Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="metrics-$tag-$$" \
    -Drate="$RATE" -Dwarmup=10 -Dduration="$secs" -Dgate.p99Ms=100000 -Dgate.minRps=0 "$@" \
    -cp "$CP" io.gatling.app.Gatling -s simulations.ConstantRateSimulation -rf "$PWD/$OUT/gatling-results" \
    >"$OUT/metrics-$tag.log" 2>&1 || true
  delete_topic "metrics-$tag-$$"
  echo "  round $round, $arm, $secs s: $(cut -d' ' -f2- "$OUT/metrics-$tag.time") (wall, user, sys s, peak RSS KB)"
}
for r in $(seq 1 "$ROUNDS"); do
  for len in 1 2; do
    secs=$SHORT_GATLING; [ "$len" = 2 ] && secs=$SECONDS_GATLING
    for arm in $(round_order "$r" off on); do
      echo "round $r/$ROUNDS: $arm, $secs s"
      if [ "$arm" = off ]; then
        run off "$r" "$secs"
      else
        port=$(port_of "$r" "$len")
        if [ "$SCRAPER" = curl ]; then
          ( while :; do
              curl -s -o /dev/null -w '%{http_code}\n' --max-time 1 "http://127.0.0.1:$port/metrics" || true
              sleep 1
            done >"$OUT/metrics-on-$secs-$r.curl" 2>/dev/null ) &
          CURL_PID=$!
        fi
        run on "$r" "$secs" -Dmetrics.port="$port" -Dmetrics.lingerSeconds=0
        [ -z "$CURL_PID" ] || { kill "$CURL_PID" 2>/dev/null || true; wait "$CURL_PID" 2>/dev/null || true; CURL_PID=; }
        if [ "$SCRAPER" = prometheus ]; then
          # Scrapes answered: up is 1 for each, 0 for each refused (before and after the run).
          n=$(curl -s "http://127.0.0.1:$PROM_PORT/api/v1/query" \
                --data-urlencode "query=sum_over_time(up{instance=\"127.0.0.1:$port\"}[1h])" \
              | python3 -c 'import json,sys; r=json.load(sys.stdin)["data"]["result"]; print(int(float(r[0]["value"][1])) if r else 0)')
        else
          n=$(grep -c '^200$' "$OUT/metrics-on-$secs-$r.curl" || true)
        fi
        echo "$n" >"$OUT/metrics-on-$secs-$r.scrapes"
        echo "  scrapes answered: $n"
      fi
    done
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$OUT" "$ROUNDS" "$SHORT_GATLING" "$SECONDS_GATLING" "$RATE" <<'PY'
import json, os, re, statistics, sys
out, rounds, short, long_, rate = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
def one(arm, secs, r):
    tag = f"{arm}-{secs}-{r}"
    log = open(f"{out}/metrics-{tag}.log").read()
    ok = int(re.findall(r"> send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)[-1].replace(",", ""))
    warm = re.findall(r"> warm-up send\s+\|\s+[\d,]+ \|\s+([\d,]+) \|", log)
    total = ok + (int(warm[-1].replace(",", "")) if warm else 0)
    user, sys_ = open(f"{out}/metrics-{tag}.time").read().split()[2:4]
    page = re.findall(r"Kafka page: file://(\S+)", log)[-1]
    s = json.load(open(os.path.join(os.path.dirname(page), "kafka-summary.json")))
    during = (s["injector"].get("loadCpu") or {}).get("microsPerMessage")
    return ok / secs, float(user) + float(sys_), total, during
per = {}  # arm -> per round (msg/s, whole, marginal, during), all of the longer run but the marginal
for arm in ("off", "on"):
    per[arm] = []
    for r in range(1, rounds + 1):
        rate_l, cpu_l, n_l, during = one(arm, long_, r)
        _, cpu_s, n_s, _ = one(arm, short, r)
        per[arm].append((rate_l, cpu_l / n_l * 1e6, (cpu_l - cpu_s) / max(n_l - n_s, 1) * 1e6, during))
for arm in ("off", "on"):
    for r, x in enumerate(per[arm], 1):
        print(f"  round {r} {arm}: {x[0]:,.0f} msg/s, CPU µs/msg whole {x[1]:.1f}, marginal {x[2]:.1f}, measured load {x[3]:.1f}")
rows = {arm: tuple(statistics.median(x[i] for x in per[arm]) for i in range(4)) for arm in per}
base = rows["off"]
def vs(i, x):  # a ratio to off; none when off's own figure is not above 0 (a marginal from seconds-long runs: noise)
    return f"{x[i] / base[i]:.2f}" if base[i] > 0 else "n/a"
print(f"\n| arm (median of {rounds} round(s), {rate:,} msg/s, {long_} s measured; marginal: {long_} s minus {short} s) | msg/s"
      " | CPU µs/msg, whole process | CPU µs/msg, marginal | CPU µs/msg, measured load | whole vs off | marginal vs off | load vs off |")
print("|---|---|---|---|---|---|---|---|")
for arm, label in (("off", "off: no -Dmetrics.port"), ("on", "on: -Dmetrics.port, scraped every second")):
    x = rows[arm]
    print(f"| {label} | {x[0]:,.0f} | {x[1]:.1f} | {x[2]:.1f} | {x[3]:.1f} | {vs(1, x)} | {vs(2, x)} | {vs(3, x)} |")
on = rows["on"]
for name, i in (("whole process", 1), ("marginal", 2), ("measured load", 3)):
    ratio = vs(i, on)
    verdict = "n/a" if ratio == "n/a" else "within" if float(ratio) <= 1.05 else "ABOVE"
    print(f"bound (on/off CPU per message at most 1.05), {name}: {ratio} {verdict}")
PY
