package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The fault simulations in a short form, each on its own embedded brokers (child processes of the
 * Gatling JVM): a broker killed and restarted under acks=all loses no acked record; the only broker
 * killed ends in KOs with reasons, a failed reconciliation and failed gates, on time, with the
 * report written.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
class FaultIT {

  @Test
  void killingAndRestartingAReplicaLosesNoAckedRecord() throws Exception {
    int duration = 24;
    GatlingRun run =
        runGatling(
            "simulations.BrokerFailoverSimulation",
            props(
                "topic",
                uniqueTopic("failover"),
                "duration",
                String.valueOf(duration),
                "fault.plan",
                "kill:2@6s,start:2@10s",
                "gate.minRps",
                "1"),
            240);

    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("[kafkaload] FAULT at 6."), run.tail());
    assertTrue(
        run.output()
            .matches("(?s).*FAULT at [\\d.]+ s: kill broker 2: OK \\(SIGKILL, pid \\d+\\).*"),
        run.tail());
    assertTrue(
        run.output()
            .matches("(?s).*FAULT at [\\d.]+ s: start broker 2: OK \\(registered again after .*"),
        run.tail());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("fault: kill broker 2"));
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("fault: start broker 2"));

    JsonNode p = summaryJson(run).path("protocols").get(0);
    JsonNode rec = p.path("reconciliation");
    long acked = rec.path("ackedOk").asLong();
    assertEquals(run.counts("send")[1], acked, "every OK send is an acked record");
    assertEquals(0, rec.path("lost").asLong(), "acked records lost: " + rec);
    assertTrue(rec.path("readBack").path("complete").asBoolean(), rec.toString());
    assertEquals(acked, rec.path("readBack").path("distinct").asLong(), rec.toString());
    assertTrue(rec.has("duplicates"), "duplicates are counted: " + rec);
    assertTrue(
        run.output().contains("| lost 0 | duplicates " + rec.path("duplicates").asLong()),
        run.tail());

    // The kill happened under load, and records were acked after it (by the new leaders) and after
    // the restart.
    JsonNode faults = p.path("faults");
    assertEquals(2, faults.size(), faults.toString());
    double killAt = faults.get(0).path("atSeconds").asDouble();
    assertTrue(
        ackedBetween(run, 0, killAt) > 0 && ackedBetween(run, killAt + 4, duration) > 0,
        run.tail());
    assertTrue(faults.get(1).path("ok").asBoolean(), "broker 2 came back: " + faults);
    assertCleanedUp(run);

    // The Kafka page draws both faults on its throughput chart, without a script error.
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(
            KafkaPageIT.chromium(),
            "--dump-dom",
            reportDir(run).resolve("kafka.html").toUri().toString());
    KafkaPageIT.assertNoScriptErrors(dom);
    assertTrue(
        dom.stdout()
            .matches("(?s).*<div[^>]*?\\sid=\"throughput\"[^>]*?\\sdata-fault-marks=\"2\".*"),
        "two fault marks on the throughput chart");
    KafkaPageCheck.assertConsistent(reportDir(run));
  }

  @Test
  void losingTheOnlyBrokerEndsInKosWithReasonsOnTimeAndFailsTheGates() throws Exception {
    int duration = 12;
    GatlingRun run =
        runGatling(
            "simulations.BrokerLossSimulation",
            props(
                "topic",
                uniqueTopic("loss"),
                "duration",
                String.valueOf(duration),
                "fault.plan",
                "kill:1@5s",
                "gate.minRps",
                "1",
                // A bound no run with KOs meets, whatever the machine's speed: 11 KOs in 9,276
                // sends were 0.097%.
                "gate.maxErrorPct",
                "0.01"),
            180);

    assertNotEquals(0, run.exitCode(), "the gates fail the build");
    assertTrue(
        run.output()
            .matches("(?s).*FAULT at [\\d.]+ s: kill broker 1: OK \\(SIGKILL, pid \\d+\\).*"),
        run.tail());
    long[] send = run.counts("send");
    assertTrue(
        send[1] > 0 && send[2] > 0,
        "OK before the kill, KO after it: " + send[1] + " OK, " + send[2] + " KO");
    // Each KO carries the producer's reason, in Gatling's error list.
    assertTrue(
        Pattern.compile("> (TimeoutException|NetworkException): ").matcher(run.output()).find(),
        run.tail());
    assertArrayEquals(new long[] {1, 0, 1}, run.counts("kafka reconcile: lost"));
    assertTrue(run.output().contains("could not verify the run's records"), run.tail());
    assertTrue(
        run.output()
            .contains("send: percentage of failed events is less than or equal to 0.01 : false"),
        run.tail());
    assertTrue(
        run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : false"),
        run.tail());

    JsonNode s = summaryJson(run);
    JsonNode p = s.path("protocols").get(0);
    assertTrue(p.path("reconciliationError").asText().startsWith("could not verify"), p.toString());
    assertEquals("fault: kill broker 1", p.path("faults").get(0).path("request").asText());
    Path dir = reportDir(run);
    assertTrue(
        Files.isRegularFile(dir.resolve("index.html"))
            && Files.isRegularFile(dir.resolve("kafka.html")),
        dir.toString());
    KafkaPageCheck.assertConsistent(dir);
    assertTrue(Files.readString(dir.resolve("kafka.html")).contains("Broker faults"));
    // On time: the load, one delivery timeout for the sends in flight, the bounded reconciliation,
    // with slack. The run's own span: the JVM's start and the report are not the behaviour (the
    // child is killed after 180 s all the same).
    assertTrue(
        s.path("durationSeconds").asDouble() < duration + 45,
        "run took " + s.path("durationSeconds"));
    assertCleanedUp(run);
  }

  /** Records acked between two seconds of the run, from the summary's per-second timeline. */
  private static double ackedBetween(GatlingRun run, double from, double to) throws Exception {
    double sum = 0;
    for (JsonNode sample : summaryJson(run).path("timeline")) {
      double t = sample.path("second").asDouble();
      if (t >= from && t <= to) {
        sum += sample.path("msgsPerSec").asDouble();
      }
    }
    return sum;
  }

  /** The brokers' data directory is gone and none of their processes outlived the Gatling JVM. */
  private static void assertCleanedUp(GatlingRun run) throws Exception {
    Matcher m = Pattern.compile("logs in target/embedded-cluster/(\\S+)\\)").matcher(run.output());
    assertTrue(m.find(), run.tail());
    Path data = Paths.get(System.getProperty("java.io.tmpdir"), "kafkaload-embedded", m.group(1));
    assertFalse(Files.exists(data), data + " was left behind");
    assertTrue(
        ClusterIT.brokerProcesses(m.group(1)).isEmpty(), "broker processes outlived the run");
  }
}
