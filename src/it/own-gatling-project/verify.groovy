// Proof that the child build really ran the simulation against the broker, not just compiled it:
// Gatling wrote a report, and the protocol's end-of-run line counts acked records.
def reports = new File(basedir, 'target/gatling').listFiles()?.findAll { new File(it, 'index.html').isFile() }
assert reports : "no Gatling report target/gatling/*/index.html in ${basedir}"

def log = new File(basedir, 'build.log').getText('UTF-8')
def acked = (log =~ /Kafka sends: (\d+) acked OK, (\d+) failed/)
assert acked.find() : 'the build log has no "Kafka sends: N acked OK" line'
long ok = acked.group(1) as long
long failed = acked.group(2) as long
assert ok > 0 : "no record was acked: ${acked.group(0)}"
assert failed == 0 : "records failed: ${acked.group(0)}"
assert log.contains('BUILD SUCCESS')
// The slf4j-api pin: without it slf4j 1.7 finds no logback binding and every log line is dropped.
assert !log.contains('Defaulting to no-operation (NOP) logger') : 'slf4j-api 1.x won: logback is not in charge'
println "own-gatling-project: report ${reports[0].name}, ${ok} records acked OK"
return true
