package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a fault cost, measured on a real cluster: 3 embedded brokers, acks=all, broker 2 killed then
 * started again. The faultImpact section has a window per affected partition, the leader elections
 * the kill caused, ISR shrinks then expansions, and the run's reconciliation figures; the console
 * prints a block per fault and the Kafka page shades each fault's window.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
class FaultImpactIT {

  @Test
  void aKillAndARestartShowTheirWindowsElectionsIsrChangesAndTheRunsLoss() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.BrokerFailoverSimulation",
            props(
                "topic",
                uniqueTopic("faultimpact"),
                // The restart comes after the controller fenced broker 2 (its elections), and the
                // load lasts until it has caught up into the ISR: on a loaded machine its start
                // alone took 19.6 s.
                "duration",
                "45",
                "fault.plan",
                "kill:2@8s,start:2@18s",
                "gate.minRps",
                "1"),
            240);
    assertEquals(0, run.exitCode(), run.tail());

    JsonNode p = summaryJson(run).path("protocols").get(0);
    JsonNode fi = p.path("faultImpact");
    JsonNode faults = fi.path("faults");
    assertEquals(2, faults.size(), fi.toString());
    JsonNode kill = faults.get(0);
    JsonNode start = faults.get(1);
    assertEquals("kill:2@8s", kill.path("step").asText());
    assertEquals(2, kill.path("broker").asInt());
    assertTrue(kill.path("healedAtSeconds").isNull(), kill.toString());

    // A window per affected partition: broker 2 led some of the 6 partitions when it was killed,
    // and each of those was acked again by its new leader, after the kill.
    double killAt = kill.path("atSeconds").asDouble();
    int led = 0;
    for (JsonNode w : kill.path("windows")) {
      assertTrue(w.path("topic").isTextual() && w.path("partition").isInt(), w.toString());
      if (w.path("cause").asText().contains("leader")) {
        led++;
        assertTrue(w.path("windowMs").asLong() > 0, "a led partition was unavailable: " + w);
        assertTrue(w.path("firstAckSeconds").asDouble() > killAt, w.toString());
      }
    }
    assertTrue(led >= 1 && led <= 6, kill.toString());
    assertTrue(kill.path("worstWindowMs").asLong() > 0, kill.toString());
    assertEquals(0, kill.path("unrecovered").asInt(), kill.toString());

    // The kill's leader elections: away from broker 2.
    assertTrue(kill.path("elections").size() >= 1, kill.toString());
    boolean fromBroker2 = false;
    for (JsonNode e : kill.path("elections")) {
      fromBroker2 |= e.path("before").get(0).asInt() == 2;
      assertTrue(e.path("atSeconds").asDouble() >= killAt, e.toString());
    }
    assertTrue(fromBroker2, "an election moved a leadership off broker 2: " + kill);

    // ISR shrinks (broker 2 fenced) then expansions (broker 2 caught up after its restart).
    assertTrue(kill.path("isrShrinks").asInt() >= 1, kill.toString());
    int expansions = kill.path("isrExpansions").asInt() + start.path("isrExpansions").asInt();
    assertTrue(expansions >= 1, faults.toString());
    double firstShrink = Double.MAX_VALUE;
    double lastExpansion = 0;
    for (JsonNode f : faults) {
      for (JsonNode c : f.path("isrChanges")) {
        double at = c.path("atSeconds").asDouble();
        if (c.path("after").size() < c.path("before").size()) {
          firstShrink = Math.min(firstShrink, at);
        } else if (c.path("after").size() > c.path("before").size()) {
          lastExpansion = Math.max(lastExpansion, at);
        }
      }
    }
    assertTrue(firstShrink < lastExpansion, "a shrink, then an expansion: " + faults);
    assertTrue(fi.path("metadataPolls").asLong() > 10, fi.toString());

    // The reconciliation's figures, for the whole run: acks=all loses nothing.
    JsonNode rec = p.path("reconciliation");
    assertEquals(rec.path("lost").asLong(), fi.path("lostPerRun").asLong(), fi.toString());
    assertEquals(0, fi.path("lostPerRun").asLong(), fi.toString());
    assertTrue(fi.path("duplicatesPerRun").isIntegralNumber(), fi.toString());
    assertTrue(kill.has("kosByReason") && kill.has("ackP99MsDuring"), kill.toString());
    // The sends the kill caught waited for their partition's new leader.
    assertTrue(kill.path("ackMaxMsDuring").asDouble() >= 1000, kill.toString());

    assertTrue(run.output().contains("[kafkaload] What fault kill:2@8s cost (at "), run.tail());
    assertTrue(run.output().contains("[kafkaload] What fault start:2@18s cost (at "), run.tail());
    assertTrue(
        run.output().contains("over the whole run (the reconciliation does not tell faults apart)"),
        run.tail());

    // The page: a table per fault, each fault's window shaded beside the existing marks.
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(
            KafkaPageIT.chromium(),
            "--dump-dom",
            reportDir(run).resolve("kafka.html").toUri().toString());
    KafkaPageIT.assertNoScriptErrors(dom);
    assertTrue(dom.stdout().contains("What each fault cost"), "the section is shown");
    assertTrue(
        dom.stdout()
            .matches("(?s).*<div[^>]*?\\sid=\"throughput\"[^>]*?\\sdata-fault-windows=\"2\".*"),
        "two fault windows on the throughput chart");
    assertTrue(
        dom.stdout()
            .matches("(?s).*<div[^>]*?\\sid=\"throughput\"[^>]*?\\sdata-fault-marks=\"2\".*"),
        "the existing marks are still there");
  }
}
