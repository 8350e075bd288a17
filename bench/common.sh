# Sourced by the bench scripts: builds the test classpath and the JVM options the Gatling Maven plugin uses.
OUT=target/bench
mkdir -p "$OUT"
mvn -q -B test-compile dependency:build-classpath -Dmdep.outputFile="$OUT/cp.txt" -Dmdep.includeScope=test >/dev/null
CP="target/classes:target/test-classes:$(cat "$OUT/cp.txt")"
JVM_GATLING=(-XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath="$OUT" -XX:MaxInlineLevel=20 -XX:MaxTrivialSize=12
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED
  -Dgatling.data.enableAnalytics=false -Djava.util.prefs.userRoot="$PWD/target/java-prefs")
