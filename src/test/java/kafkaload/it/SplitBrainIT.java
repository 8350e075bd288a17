package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The finding of the acks comparison (bench/acks-under-partition.sh): the same split brain (broker
 * 1 cut from its peers and the controllers, not from the injector) under acks=all with
 * min.insync.replicas=2 and idempotence loses no acked record; under acks=1 the reconciliation
 * counts what was lost by identity, and a loss fails the run's gate. It does not require acks=1 to
 * lose: it requires the count to be the read-back's, whatever it is.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
class SplitBrainIT {
  @Test
  void acksAllLosesNothingAndAcksOneIsCountedByIdentity() throws Exception {
    String why = NetworkFaultIT.probe();
    Assumptions.assumeTrue(why == null, "network namespaces are needed: " + why);

    GatlingRun all =
        runGatling(
            "simulations.SplitBrainSimulation",
            props("topic", uniqueTopic("split-all"), "duration", "30"),
            300);
    assertEquals(0, all.exitCode(), all.tail());
    JsonNode allRec = reconciliation(all);
    assertEquals(0, allRec.path("lost").asLong(), allRec.toString());
    assertTrue(allRec.path("ackedOk").asLong() > 0, allRec.toString());
    assertHealed(all);
    KafkaPageCheck.assertConsistent(reportDir(all));

    GatlingRun one =
        runGatling(
            "simulations.SplitBrainSimulation",
            props(
                "topic",
                uniqueTopic("split-one"),
                "duration",
                "30",
                "acks",
                "1",
                "enable.idempotence",
                "false",
                "min.insync.replicas",
                "1"),
            300);
    JsonNode oneRec = reconciliation(one);
    long acked = oneRec.path("ackedOk").asLong();
    long lost = oneRec.path("lost").asLong();
    JsonNode readBack = oneRec.path("readBack");
    assertTrue(readBack.path("complete").asBoolean(), oneRec.toString());
    // Lost by identity: every acked record not found on the topic.
    assertEquals(acked - readBack.path("distinct").asLong(), lost, oneRec.toString());
    assertEquals(lost > 0, one.exitCode() != 0, "a loss fails the gate: " + one.tail());
    assertHealed(one);
  }

  private static JsonNode reconciliation(GatlingRun run) throws Exception {
    JsonNode r = summaryJson(run).path("protocols").path(0).path("reconciliation");
    assertFalse(r.isMissingNode(), run.tail());
    return r;
  }

  private static void assertHealed(GatlingRun run) {
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT healed at [\\d.]+ s: isolate-peers broker 1: OK \\(the brokers reach"
                    + " [\\d.]+ again.*"),
        run.tail());
  }
}
