#!/usr/bin/env bash
# This protocol side by side with the open-source galax-io/gatling-kafka-plugin ("galaxio"), built here from a clone
# the user provides, against this project's Kafka client and Gatling PEER_GATLING (3.15.1: the peer does not compile
# against 3.16; OURS_GATLING=3.15.1 runs this protocol on the same Gatling). Same broker (the embedded one, in its
# own JVM, or BOOTSTRAP), same producer settings, a fresh 16-partition topic per run, alternating rounds, each arm
# run SHORT and LONG seconds, in both models:
#   closed: USERS users, each sending back to back  | galaxio: its request ends in the producer callback
#                                                    | ours: simulations.BaselineSimulation
#   open:   RATE records a second                   | galaxio: one record per virtual user
#                                                    | ours: simulations.ConstantRateSimulation (its shipped bursts of
#                                                    |       records per arrival, and -Dburst=1: a user per record)
# Prints per arm the medians over the rounds: msg/s, p50/p99 ack latency, whole-process CPU per message (JVM start to
# exit), marginal CPU per message (LONG run minus SHORT run, over the extra messages), peak RSS, and ours/galaxio.
#
#   git clone https://github.com/galax-io/gatling-kafka-plugin /tmp/galaxio
#   GALAXIO_SRC=/tmp/galaxio bench/peer-galaxio.sh                       # 3 rounds, 1,024 users, 20,000/s, 20 s and 40 s
#   GALAXIO_SRC=/tmp/galaxio ROUNDS=2 SHORT=15 LONG=30 bench/peer-galaxio.sh
#   GALAXIO_SRC=/tmp/galaxio ARMS="galaxio-open ours-open" bench/peer-galaxio.sh
#   GALAXIO_SRC=/tmp/galaxio BUILD_ONLY=1 bench/peer-galaxio.sh           # build the peer, run nothing
#   GALAXIO_SRC=/tmp/galaxio PEER_JVM_OPTS=-XX:+UseParallelGC bench/peer-galaxio.sh   # the peer on our collector too
#
# Each runs with the JVM options its users get from `mvn gatling:test`: the peer the Gatling Maven plugin's own (G1,
# the JVM's default collector), this protocol those plus its pom's gatling.jvmArgs (the parallel collector);
# PEER_JVM_OPTS (space-separated) adds options to the peer's, to tell the protocol's share from the collector's.
#
# Nothing of the peer's code is in this repository: its sources are copied from GALAXIO_SRC into a scratch Maven build
# under $OUT/build (generated here), compiled with scala-maven-plugin, and the two simulations that drive it (written
# below, against its documented Scala DSL) are compiled there too. docs/benchmark.md says what is left out and why.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "peer-galaxio.sh: $*" >&2; exit 2; }
# ---- the peer's sources: checked before anything is built or run ----
[ -n "${GALAXIO_SRC:-}" ] || die "GALAXIO_SRC is not set: give the path of a clone of
  https://github.com/galax-io/gatling-kafka-plugin, e.g. GALAXIO_SRC=/tmp/galaxio bench/peer-galaxio.sh"
[ -d "$GALAXIO_SRC" ] || die "GALAXIO_SRC=$GALAXIO_SRC is not a directory"
GALAXIO_SRC=$(cd "$GALAXIO_SRC" && pwd)
if ! grep -qs 'name *:= *"gatling-kafka-plugin"' "$GALAXIO_SRC/build.sbt" \
  || [ ! -f "$GALAXIO_SRC/src/main/scala/org/galaxio/gatling/kafka/Predef.scala" ] \
  || [ ! -f "$GALAXIO_SRC/project/Dependencies.scala" ]; then
  die "GALAXIO_SRC=$GALAXIO_SRC is not a clone of galax-io/gatling-kafka-plugin (no build.sbt naming
  gatling-kafka-plugin, or no src/main/scala/org/galaxio/gatling/kafka/Predef.scala or project/Dependencies.scala)"
fi
PEER_COMMIT=$(git -C "$GALAXIO_SRC" rev-parse HEAD 2>/dev/null) \
  || die "GALAXIO_SRC=$GALAXIO_SRC is not a git checkout: the commit the peer is built from could not be read"
PEER_DIRTY=$(git -C "$GALAXIO_SRC" status --porcelain -- src project build.sbt 2>/dev/null | head -1)
[ -z "$PEER_DIRTY" ] || PEER_COMMIT="$PEER_COMMIT (with local changes)"

export ROUNDS=${ROUNDS:-3}
export USERS=${USERS:-1024}
export RATE=${RATE:-20000}
export SHORT=${SHORT:-20}
export LONG=${LONG:-40}
RECORD_SIZE=${RECORD_SIZE:-1024}
ACKS=${ACKS:-1}
LINGER=${LINGER:-1}
BATCH=${BATCH:-16384}
COMPRESSION=${COMPRESSION:-lz4}
export ARMS=${ARMS:-galaxio-closed ours-closed galaxio-open ours-open ours-open-burst1}
for a in $ARMS; do
  case $a in galaxio-closed|ours-closed|galaxio-open|ours-open|ours-open-burst1) ;;
    *) die "unknown arm '$a' in ARMS (galaxio-closed ours-closed galaxio-open ours-open ours-open-burst1)" ;; esac
done
[ "$SHORT" -lt "$LONG" ] || die "SHORT=$SHORT must be less than LONG=$LONG (the marginal CPU is LONG minus SHORT)"
export OUT=${OUT:-target/bench/peer}
source bench/common.sh
rm -f "$OUT"/run-*

# ---- versions: this project's Gatling and Kafka clients; the rest as this project resolves them ----
evaluate() { # a property of this project's pom (Maven may colour even a -q -B answer: the escapes are dropped)
  nice -n 10 mvn ${MAVEN_ARGS:-} -q -B -Dstyle.color=never help:evaluate -Dexpression="$1" -DforceStdout \
    2>>"$OUT/evaluate.err" | sed 's/\x1b\[[0-9;]*m//g'
}
GATLING_VERSION=$(evaluate gatling.version)
# The peer at e181818 compiles against Gatling 3.15.1 but not 3.16.0 (its checks use Check.check, gone in 3.16);
# PEER_GATLING builds and runs it on another. OURS_GATLING runs this protocol's classes (compiled against the pom's
# version) on another Gatling, for the same Gatling on both sides; by default each runs on its own.
PEER_GATLING=${PEER_GATLING:-3.15.1}
OURS_GATLING=${OURS_GATLING:-$GATLING_VERSION}
OURS_CP=$CP
if [ "$OURS_GATLING" != "$GATLING_VERSION" ]; then
  OURS_CP=$(gatling_classpath "$OURS_GATLING") || die "Gatling $OURS_GATLING does not resolve"
fi
KAFKA_VERSION=$(evaluate kafka.version)
jar_version() { # artifact: its version on this project's test classpath (CP, from bench/common.sh)
  tr ':' '\n' <<<"$CP" | sed -n "s#.*/$1-\([0-9][^/]*\)\.jar\$#\1#p" | head -1
}
SCALA_VERSION=$(jar_version scala-library)
AVRO_VERSION=$(jar_version avro)
NETTY_VERSION=$(jar_version netty-common)
JACKSON_VERSION=$(jar_version jackson-databind)
LOGBACK_VERSION=$(jar_version logback-classic)
SLF4J_VERSION=$(jar_version slf4j-api)
# What the peer's own sources import beyond Gatling and Kafka, at the versions its build names.
AVRO4S_VERSION=$(sed -n 's/.*val avro4s *= *"\([^"]*\)".*/\1/p' "$GALAXIO_SRC/project/Dependencies.scala")
for v in GATLING_VERSION KAFKA_VERSION SCALA_VERSION AVRO_VERSION NETTY_VERSION JACKSON_VERSION LOGBACK_VERSION SLF4J_VERSION \
  AVRO4S_VERSION; do
  [ -n "${!v}" ] || die "could not read $v (from the pom, this project's classpath or the peer's project/Dependencies.scala)"
done

# ---- the scratch build of the peer ----
BUILD="$OUT/build"
build_peer() {
  rm -rf "$BUILD/src" "$BUILD/target"
  mkdir -p "$BUILD/src/main/resources" "$BUILD/src/main/scala/peerbench"
  cp -R "$GALAXIO_SRC/src/main/scala" "$GALAXIO_SRC/src/main/java" "$BUILD/src/main/"
  # Built for Gatling 3.13, whose Find.Default named its second parameter displayActualValue; 3.15 renamed it. The
  # same argument by position (the Avro body check, on the request-reply path only).
  sed -i 's/(tExtractor, displayActualValue = true)/(tExtractor, true)/' \
    "$BUILD/src/main/scala/org/galaxio/gatling/kafka/checks/AvroBodyCheckBuilder.scala" 2>/dev/null || true

  # Confluent's Schema Registry serdes are not on Maven Central. Five of the peer's files name their types (its Avro
  # Schema Registry support); the plain producer path never loads them. So they compile against these empty
  # stand-ins (compiled beside them, left out of the jar the runs use), and every peer source is kept.
  local stubs="$BUILD/src/main/java/io/confluent/kafka"
  mkdir -p "$stubs/schemaregistry/client" "$stubs/serializers" "$stubs/streams/serdes/avro"
  cat >"$stubs/schemaregistry/client/SchemaRegistryClient.java" <<'EOF'
package io.confluent.kafka.schemaregistry.client;

/** Compile-time stand-in: Confluent's client is not on Maven Central. */
public interface SchemaRegistryClient {}
EOF
  cat >"$stubs/schemaregistry/client/CachedSchemaRegistryClient.java" <<'EOF'
package io.confluent.kafka.schemaregistry.client;

/** Compile-time stand-in: Confluent's client is not on Maven Central. */
public class CachedSchemaRegistryClient implements SchemaRegistryClient {
  public CachedSchemaRegistryClient(java.util.List<String> urls, int capacity) {
    throw new UnsupportedOperationException("Confluent Schema Registry is not in this build");
  }
}
EOF
  for kind in Serializer Deserializer; do
    if [ $kind = Serializer ]; then method='public byte[] serialize(String topic, Object data)'
    else method='public Object deserialize(String topic, byte[] data)'; fi
    cat >"$stubs/serializers/KafkaAvro$kind.java" <<EOF
package io.confluent.kafka.serializers;

/** Compile-time stand-in: Confluent's serdes are not on Maven Central. */
public class KafkaAvro$kind implements org.apache.kafka.common.serialization.$kind<Object> {
  public KafkaAvro$kind(io.confluent.kafka.schemaregistry.client.SchemaRegistryClient client) {
    throw new UnsupportedOperationException("Confluent Schema Registry is not in this build");
  }

  @Override
  $method {
    throw new UnsupportedOperationException();
  }
}
EOF
  done
  cat >"$stubs/streams/serdes/avro/GenericAvroSerde.java" <<'EOF'
package io.confluent.kafka.streams.serdes.avro;

import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/** Compile-time stand-in: Confluent's serdes are not on Maven Central. */
public class GenericAvroSerde implements Serde<GenericRecord> {
  public GenericAvroSerde() {
    throw new UnsupportedOperationException("Confluent Schema Registry is not in this build");
  }

  @Override
  public Serializer<GenericRecord> serializer() {
    throw new UnsupportedOperationException();
  }

  @Override
  public Deserializer<GenericRecord> deserializer() {
    throw new UnsupportedOperationException();
  }
}
EOF

  # The two simulations that drive the peer: this project's code, using the peer's public Scala DSL as its README
  # documents it (kafka.properties(...), kafka(name).topic(t).send[V](value)). Values as this project's randomBytes:
  # RECORD_SIZE random upper-case letters, round-robin from 64 arrays made once; no key. The same three assertions
  # as this project's gates on "send" (p99, failed %, rps), all loose: both tools pay Gatling's post-run parse.
  cat >"$BUILD/src/main/scala/peerbench/PeerLoad.scala" <<'EOF'
package peerbench

import io.gatling.core.Predef._
import io.gatling.core.structure.ScenarioBuilder
import org.galaxio.gatling.kafka.Predef._
import org.galaxio.gatling.kafka.protocol.KafkaProtocol

import java.util.SplittableRandom
import java.util.concurrent.atomic.AtomicLong

object PeerLoad {
  private def prop(name: String): String =
    sys.props.getOrElse(name, throw new IllegalArgumentException(s"-D$name is required"))

  val topic: String    = prop("topic")
  val durationSec: Int = prop("duration").toInt

  val protocol: KafkaProtocol = kafka
    .properties(
      "bootstrap.servers" -> prop("kafka.bootstrap.servers"),
      "acks"              -> prop("acks"),
      "linger.ms"         -> prop("linger.ms"),
      "batch.size"        -> prop("batch.size"),
      "compression.type"  -> prop("compression.type"),
    )
    .build

  private val pool: Array[Array[Byte]] = {
    val random = new SplittableRandom()
    Array.fill(64)(Array.fill(prop("recordSize").toInt)(('A' + random.nextInt(26)).toByte))
  }
  private val next = new AtomicLong()

  def send = kafka("send").topic(topic).send[Array[Byte]](_ => pool((next.getAndIncrement() & 63).toInt))

  val gates = Seq(
    details("send").responseTime.percentile(99.0).lt(100000),
    details("send").failedRequests.percent.lte(100),
    details("send").requestsPerSec.gte(0),
  )
}

/** Closed model: -Dusers users, each sending back to back for -Dduration seconds. */
class GalaxioClosedSimulation extends Simulation {
  import PeerLoad._
  private val users = sys.props("users").toInt
  val producers: ScenarioBuilder = scenario("producers").during(durationSec)(exec(send))

  setUp(producers.inject(constantConcurrentUsers(users).during(durationSec)))
    .protocols(protocol)
    .maxDuration(durationSec + 30)
    .assertions(gates)
}

/** Open model: -Drate virtual users a second for -Dduration seconds, one record each. */
class GalaxioOpenSimulation extends Simulation {
  import PeerLoad._
  private val rate = sys.props("rate").toDouble
  val arrivals: ScenarioBuilder = scenario("arrivals").exec(send)

  setUp(arrivals.inject(constantUsersPerSec(rate).during(durationSec)))
    .protocols(protocol)
    .maxDuration(durationSec + 30)
    .assertions(gates)
}
EOF

  # Gatling and logging set as this project's test resources set them (analytics off, WARN).
  cat >"$BUILD/src/main/resources/gatling.conf" <<'EOF'
gatling {
  data {
    enableAnalytics = false
  }
}
EOF
  cat >"$BUILD/src/main/resources/logback.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<configuration>
  <appender name="CONSOLE" class="ch.qos.logback.core.ConsoleAppender">
    <encoder>
      <pattern>%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n</pattern>
    </encoder>
    <immediateFlush>false</immediateFlush>
  </appender>
  <logger name="org.apache.kafka" level="WARN"/>
  <logger name="io.gatling" level="WARN"/>
  <root level="WARN">
    <appender-ref ref="CONSOLE"/>
  </root>
</configuration>
EOF

  cat >"$BUILD/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by bench/peer-galaxio.sh: galax-io/gatling-kafka-plugin at $PEER_COMMIT, built with Maven. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>peerbench</groupId>
  <artifactId>galaxio-peer</artifactId>
  <version>0</version>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>17</maven.compiler.release>
    <maven.test.skip>true</maven.test.skip>
  </properties>
  <dependencyManagement>
    <dependencies>
      <dependency><groupId>org.scala-lang</groupId><artifactId>scala-library</artifactId><version>$SCALA_VERSION</version></dependency>
      <dependency><groupId>org.scala-lang</groupId><artifactId>scala-reflect</artifactId><version>$SCALA_VERSION</version></dependency>
      <dependency><groupId>io.netty</groupId><artifactId>netty-bom</artifactId><version>$NETTY_VERSION</version><type>pom</type><scope>import</scope></dependency>
      <dependency><groupId>com.fasterxml.jackson</groupId><artifactId>jackson-bom</artifactId><version>$JACKSON_VERSION</version><type>pom</type><scope>import</scope></dependency>
      <dependency><groupId>ch.qos.logback</groupId><artifactId>logback-classic</artifactId><version>$LOGBACK_VERSION</version></dependency>
      <dependency><groupId>ch.qos.logback</groupId><artifactId>logback-core</artifactId><version>$LOGBACK_VERSION</version></dependency>
      <!-- avro4s brings slf4j 1.7, which logback 1.5 does not bind to. -->
      <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId><version>$SLF4J_VERSION</version></dependency>
    </dependencies>
  </dependencyManagement>
  <dependencies>
    <!-- gatling-core and gatling-core-java come with it, and the runner and the report parser. -->
    <dependency><groupId>io.gatling.highcharts</groupId><artifactId>gatling-charts-highcharts</artifactId><version>$PEER_GATLING</version></dependency>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId><version>$KAFKA_VERSION</version></dependency>
    <dependency><groupId>org.scala-lang</groupId><artifactId>scala-library</artifactId></dependency>
    <dependency><groupId>org.apache.avro</groupId><artifactId>avro</artifactId><version>$AVRO_VERSION</version></dependency>
    <dependency><groupId>com.sksamuel.avro4s</groupId><artifactId>avro4s-core_2.13</artifactId><version>$AVRO4S_VERSION</version></dependency>
  </dependencies>
  <build>
    <finalName>galaxio-peer</finalName>
    <pluginManagement>
      <plugins>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
      </plugins>
    </pluginManagement>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-jar-plugin</artifactId>
        <version>3.4.2</version>
        <configuration>
          <excludes><exclude>io/confluent/**</exclude></excludes>
        </configuration>
      </plugin>
      <plugin>
        <groupId>net.alchim31.maven</groupId>
        <artifactId>scala-maven-plugin</artifactId>
        <version>4.9.5</version>
        <configuration>
          <scalaVersion>$SCALA_VERSION</scalaVersion>
          <args>
            <arg>-language:implicitConversions</arg>
            <arg>-language:higherKinds</arg>
            <arg>-language:existentials</arg>
            <arg>-language:postfixOps</arg>
          </args>
        </configuration>
        <executions>
          <execution>
            <id>scala-compile-first</id>
            <phase>process-resources</phase>
            <goals><goal>add-source</goal><goal>compile</goal></goals>
          </execution>
        </executions>
      </plugin>
    </plugins>
  </build>
</project>
EOF
  nice -n 10 mvn ${MAVEN_ARGS:-} -B -q -f "$BUILD/pom.xml" package dependency:build-classpath \
    -Dmdep.outputFile=cp.txt -Dmdep.includeScope=runtime >"$BUILD/build.log" 2>&1 \
    || { tail -40 "$BUILD/build.log" >&2; die "the peer's build failed (whole log: $BUILD/build.log)"; }
}
# Built again when the peer's commit, a version or this recipe changes.
STAMP="$PEER_COMMIT $PEER_GATLING $KAFKA_VERSION $SCALA_VERSION $SLF4J_VERSION $(declare -f build_peer | sha1sum | cut -c1-12)"
if [ "$(cat "$BUILD/stamp" 2>/dev/null)" != "$STAMP" ] || [ ! -f "$BUILD/target/galaxio-peer.jar" ]; then
  echo "building galax-io/gatling-kafka-plugin at $PEER_COMMIT against Gatling $PEER_GATLING, kafka-clients $KAFKA_VERSION, Scala $SCALA_VERSION"
  build_peer
  echo "$STAMP" >"$BUILD/stamp"
fi
PEER_CP="$BUILD/target/galaxio-peer.jar:$(cat "$BUILD/cp.txt")"
[ -z "${BUILD_ONLY:-}" ] || { echo "peer built: $BUILD/target/galaxio-peer.jar"; exit 0; }

# ---- the runs ----
if [ -z "${BOOTSTRAP:-}" ]; then
  start_broker
fi
echo "peer: galax-io/gatling-kafka-plugin at $PEER_COMMIT, built and run on Gatling $PEER_GATLING, kafka-clients $KAFKA_VERSION;" \
  "this protocol runs on Gatling $OURS_GATLING"
echo "broker: $BOOTSTRAP  closed: $USERS users  open: $RATE/s  ${SHORT}s and ${LONG}s  record=${RECORD_SIZE}B acks=$ACKS" \
  "linger.ms=$LINGER batch.size=$BATCH compression=$COMPRESSION  arms: $ARMS"
echo "JVM options beyond Gatling's plugin's: galaxio: ${PEER_JVM_OPTS:-none}; ours: ${JVM_GATLING[*]:${#JVM_GATLING_PLUGIN[@]}}"

run() { # arm round seconds
  local arm=$1 round=$2 secs=$3
  local name="$arm-$secs-$round" topic="bench-peer-$arm-$secs-$round-$$"
  local rf="$PWD/$OUT/gatling-results/$name"
  rm -rf "$rf"  # a folder per run, so the peer's report reads this run's simulation.log
  local load=(-Dkafka.bootstrap.servers="$BOOTSTRAP" -Dtopic="$topic" -Dduration="$secs" -DrecordSize="$RECORD_SIZE"
    -Dacks="$ACKS" -Dlinger.ms="$LINGER" -Dbatch.size="$BATCH" -Dcompression.type="$COMPRESSION")
  local cp sim extra=() jvm=("${JVM_GATLING[@]}")
  case $arm in
    galaxio-*)
      java -cp "$CP" kafkaload.bench.CreateTopic "$BOOTSTRAP" "$topic" 16 >/dev/null
      cp=$PEER_CP
      # shellcheck disable=SC2206 # PEER_JVM_OPTS: space-separated options
      jvm=("${JVM_GATLING_PLUGIN[@]}" ${PEER_JVM_OPTS:-})
      if [ "$arm" = galaxio-closed ]; then sim=peerbench.GalaxioClosedSimulation; extra=(-Dusers="$USERS")
      else sim=peerbench.GalaxioOpenSimulation; extra=(-Drate="$RATE"); fi ;;
    ours-*)
      # Its preflight makes the topic (16 partitions). No warm-up, run identity or read-back: the peer does none.
      cp=$OURS_CP
      extra=(-Dwarmup=0 -DrunIdentity=false -Dverify=false -Dgate.p99Ms=100000 -Dgate.minRps=0 -Dgate.maxErrorPct=100)
      case $arm in
        ours-closed) sim=simulations.BaselineSimulation; extra+=(-Dusers="$USERS") ;;
        ours-open) sim=simulations.ConstantRateSimulation; extra+=(-Drate="$RATE") ;;
        ours-open-burst1) sim=simulations.ConstantRateSimulation; extra+=(-Drate="$RATE" -Dburst=1) ;;
      esac ;;
  esac
  # The broker's CPU over the run (when this script started it): on shared cores a closed model's msg/s is the cores
  # over injector plus broker CPU per message, so an injector that makes the broker work more per record is slower.
  local broker_before; broker_before=$(broker_cpu)
  # -nr for both: no HTML report; each still parses its simulation.log for its assertions.
  /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/run-$name.time" java -Xmx1G "${jvm[@]}" "${load[@]}" \
    "${extra[@]}" -cp "$cp" io.gatling.app.Gatling -nr -s "$sim" -rf "$rf" >"$OUT/run-$name.log" 2>&1 \
    || echo "  $name exited with $? (see $OUT/run-$name.log)"
  [ -z "$broker_before" ] || echo "BROKER_CPU $(awk -v a="$broker_before" -v b="$(broker_cpu)" 'BEGIN{print b-a}')" \
    >"$OUT/run-$name.broker"
  if [[ $arm == galaxio-* ]]; then
    # The peer keeps no figures of its own: Gatling's report of the run, made afterwards outside the measured process,
    # prints its counts and response-time percentiles ("Global Information"), which kafkaload.bench.PeerReport reads.
    local run_dir
    run_dir=$(ls "$rf" | head -1)
    java -Xmx1G "${JVM_GATLING_PLUGIN[@]}" -cp "$PEER_CP" io.gatling.app.Gatling -ro "$run_dir" -rf "$rf" \
      >"$OUT/run-$name.report.log" 2>&1 || echo "  the report of $name exited with $? (see $OUT/run-$name.report.log)"
  fi
  delete_topic "$topic"
}

for r in $(seq 1 "$ROUNDS"); do
  for secs in "$SHORT" "$LONG"; do
    # shellcheck disable=SC2086 # ARMS: space-separated names
    for arm in $(round_order "$r" $ARMS); do
      echo "round $r/$ROUNDS: $arm, $secs s"
      run "$arm" "$r" "$secs"
    done
  done
done

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
PEER_COMMIT=$PEER_COMMIT java -cp "$CP" kafkaload.bench.PeerReport "$OUT"
