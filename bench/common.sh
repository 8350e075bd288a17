# Sourced by the bench scripts: builds the test classpath and the JVM options the Gatling Maven plugin uses.
OUT=${OUT:-target/bench}
mkdir -p "$OUT"
# CP may come from the caller (the bench IT passes its own test classpath, saving a nested Maven run).
if [ -z "${CP:-}" ]; then
  # shellcheck disable=SC2086 # MAVEN_ARGS: the caller's -Dmaven.repo.local / -s (Maven 3.9+ reads it itself too)
  mvn ${MAVEN_ARGS:-} -q -B test-compile dependency:build-classpath -Dmdep.outputFile="$OUT/cp.txt" -Dmdep.includeScope=test >/dev/null
  CP="target/classes:target/test-classes:$(cat "$OUT/cp.txt")"
fi
# The Gatling Maven plugin's own options for its forked JVM, as any Gatling project gets them ...
JVM_GATLING_PLUGIN=(-XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath="$OUT" -XX:MaxInlineLevel=20 -XX:MaxTrivialSize=12
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED
  -Dgatling.data.enableAnalytics=false)
# ... and this project's, the pom's gatling.jvmArgs (the parallel collector, Gatling's release check off), as
# `mvn gatling:test` runs a simulation.
JVM_GATLING=("${JVM_GATLING_PLUGIN[@]}" -XX:+UseParallelGC
  -Djava.util.prefs.PreferencesFactory=kafkaload.internal.config.RunPreferences)

# This project's classes (compiled against the pom's Gatling) on Gatling $1: prints the class path, resolved once
# into $OUT/cp-gatling-$1.txt; returns non-zero when that Gatling does not resolve.
gatling_classpath() {
  if [ ! -s "$OUT/cp-gatling-$1.txt" ]; then
    # shellcheck disable=SC2086
    mvn ${MAVEN_ARGS:-} -q -B dependency:build-classpath -Dgatling.version="$1" -Dmdep.includeScope=test \
      -Dmdep.outputFile="$OUT/cp-gatling-$1.txt" >/dev/null || return 1
  fi
  echo "target/classes:target/test-classes:$(cat "$OUT/cp-gatling-$1.txt")"
}

# Deletes a measured run's topic (Kafka's own TopicCommand): the broker would otherwise keep every run's records until
# the script ends, tens of GB in a 5-round run at 180,000 msg/s, enough to fill a disk. With the broker this script
# started (its log.segment.delete.delay.ms is 1 s), it also waits until the topic's files are gone and the page cache is
# written back: else the deletion of one run's GBs, and their write-back, land in the next run, charged to that run's
# broker CPU and slowing it, and with the arms alternating that is always the same arm.
delete_topic() {
  java -cp "$CP" org.apache.kafka.tools.TopicCommand --bootstrap-server "$BOOTSTRAP" --delete --topic "$1" >/dev/null 2>&1 \
    || { echo "  (topic $1 was not deleted)"; return 0; }
  [ -n "${BROKER_DATA:-}" ] || return 0
  for _ in $(seq 1 240); do compgen -G "$BROKER_DATA/$1-[0-9]*" >/dev/null || break; sleep 0.5; done
  ! compgen -G "$BROKER_DATA/$1-[0-9]*" >/dev/null || echo "  (topic $1's files were still on disk after 120 s)"
  sync
}

# The arms of round $1 (the rest of the arguments) in the order they run: reversed in even rounds, so that no arm
# always runs right after the same other arm (whose after-effects, the broker's and the kernel's, it would inherit).
round_order() {
  local r=$1; shift
  if (( r % 2 )); then echo "$@"; else local out=(); for a in "$@"; do out=("$a" "${out[@]}"); done; echo "${out[@]}"; fi
}

# The CPU seconds (user + system, all threads) the broker this script started has used so far; empty without one.
broker_cpu() {
  [ -n "${BROKER_PID:-}" ] && [ -r "/proc/$BROKER_PID/stat" ] || return 0
  # Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses (which may hold spaces).
  sed 's/^.*) //' "/proc/$BROKER_PID/stat" | awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f\n", ($12 + $13) / hz}'
}

# Starts the embedded broker in its own JVM (so the injectors' CPU figures are theirs alone) and sets BOOTSTRAP;
# the broker stops when this script exits, since closing its standard input stops it.
start_broker() {
  mkfifo "$OUT/broker.in" 2>/dev/null || true
  # BROKER_CPUS (a taskset list, e.g. 1): the broker on cores of its own, to tell a starved broker from a slow injector.
  local pin=(); [ -n "${BROKER_CPUS:-}" ] && pin=(taskset -c "$BROKER_CPUS")
  # BROKER_SET: broker settings by Kafka's names, space-separated key=value (e.g. quota.window.num=2).
  # A deleted topic's files go after 1 s, not 60, so delete_topic can wait for them (the broker's first deletion waits
  # for its log manager's first pass, 30 s after start). Not 0: the log manager would then poll without pause.
  local set=(--set log.segment.delete.delay.ms=1000); for kv in ${BROKER_SET:-}; do set+=(--set "$kv"); done
  "${pin[@]}" java -Xmx2G -cp "$CP" kafkaload.internal.broker.EmbeddedKafkaMain "${set[@]}" <"$OUT/broker.in" >"$OUT/broker.out" 2>"$OUT/broker.err" &
  BROKER_PID=$!
  exec 3>"$OUT/broker.in"
  trap 'exec 3>&-; wait $BROKER_PID 2>/dev/null || true' EXIT
  for _ in $(seq 1 240); do grep -q '^BOOTSTRAP=' "$OUT/broker.out" 2>/dev/null && break; sleep 0.5; done
  BOOTSTRAP=$(sed -n 's/^BOOTSTRAP=//p' "$OUT/broker.out")
  [ -n "$BOOTSTRAP" ] || { echo "embedded broker did not start: $(cat "$OUT/broker.err")" >&2; exit 1; }
  # Its data directory (printed before BOOTSTRAP), for delete_topic.
  BROKER_DATA=$(sed -n 's/^LOG_DIRS=//p' "$OUT/broker.out")
}
