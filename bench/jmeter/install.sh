#!/usr/bin/env bash
# Lays out a JMeter 5.6.3 installation from Maven jars, as the binary distribution has it: bin/ApacheJMeter.jar and
# the .properties files, lib/ (third-party jars, kafka-clients, Groovy's JSR223 engine), lib/ext/ (JMeter's own
# components, which JMeter scans for functions and samplers). Prints JMETER_HOME. Reused when already laid out.
#
#   bench/jmeter/install.sh target/bench/jmeter-home
set -euo pipefail
HOME_DIR=$(mkdir -p "$1" && cd "$1" && pwd)
POM="$(cd "$(dirname "$0")" && pwd)/pom.xml"
if [ ! -f "$HOME_DIR/bin/ApacheJMeter.jar" ] || [ "$POM" -nt "$HOME_DIR/bin/ApacheJMeter.jar" ]; then
  rm -rf "$HOME_DIR" && mkdir -p "$HOME_DIR/bin" "$HOME_DIR/lib/ext" "$HOME_DIR/lib/junit"
  # shellcheck disable=SC2086 # MAVEN_ARGS: the caller's -Dmaven.repo.local / -s (Maven 3.9+ reads it itself too)
  mvn ${MAVEN_ARGS:-} -q -B -f "$POM" dependency:copy-dependencies -DoutputDirectory="$HOME_DIR/lib" >/dev/null
  (cd "$HOME_DIR" && jar xf lib/ApacheJMeter_config-*.jar bin && rm -rf bin/templates bin/report-template)
  rm "$HOME_DIR"/lib/ApacheJMeter_config-*.jar
  mv "$HOME_DIR"/lib/ApacheJMeter_*.jar "$HOME_DIR/lib/ext/"
  mv "$HOME_DIR"/lib/ApacheJMeter-*.jar "$HOME_DIR/bin/ApacheJMeter.jar"
fi
echo "$HOME_DIR"
