package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The reconciliation counts exactly what was done to the topic behind the tool's back, and gates on
 * it. The two tests run side by side (topics of their own): their counts are exact, whatever the
 * machine's speed.
 */
@Execution(ExecutionMode.CONCURRENT)
class ReconciliationIT {
  private static final long SENT = TamperSimulation.USERS * TamperSimulation.PER_USER;

  private static long[] summary(GatlingRun run) {
    Matcher m =
        Pattern.compile(
                "acked OK (\\d+) \\| end-offset delta (\\d+) \\| in flight at the end (\\d+) \\| "
                    + "lost (\\d+) \\| duplicates (\\d+)")
            .matcher(run.output());
    assertTrue(m.find(), run.tail());
    long[] out = new long[5];
    for (int i = 0; i < 5; i++) {
      out[i] = Long.parseLong(m.group(i + 1));
    }
    return out;
  }

  @Test
  void duplicatesWrittenBehindTheToolAreCountedExactlyAndFailTheGate() throws Exception {
    String topic = uniqueTopic("dup");
    GatlingRun run =
        runGatling(
            TamperSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "tamper", "duplicate"),
            120);
    long[] s = summary(run);
    assertEquals(SENT, s[0], "acked");
    assertEquals(SENT + TamperSimulation.K + TamperSimulation.EXTRA, s[1], "offset delta");
    assertEquals(0, s[3], "lost");
    // Exactly K: the read-back's count, not the offsets' bound (which would be K + EXTRA).
    assertEquals(TamperSimulation.K, s[4], "duplicates");
    assertTrue(
        run.output().contains(" distinct, " + TamperSimulation.K + " duplicates, "), run.tail());
    var partition0 =
        summaryJson(run)
            .path("protocols")
            .path(0)
            .path("reconciliation")
            .path("topics")
            .path(0)
            .path("partitions")
            .path(0);
    assertEquals(TamperSimulation.K, partition0.path("duplicates").asLong(), partition0.toString());
    assertEquals(SENT + TamperSimulation.K + TamperSimulation.EXTRA, endOffsetSum(topic));
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output().contains("kafka reconcile: duplicates: count of failed events is 0.0 : false"),
        run.tail());
    assertTrue(
        run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : true"),
        run.tail());
  }

  @Test
  void recordsDeletedAfterTheirAckAreCountedAsLostAndFailTheGate() throws Exception {
    String topic = uniqueTopic("loss");
    GatlingRun run =
        runGatling(
            TamperSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "tamper", "delete"),
            120);
    long[] s = summary(run);
    assertEquals(SENT, s[0], "acked");
    assertEquals(
        SENT + TamperSimulation.USERS,
        s[1],
        "offset delta: deleting records does not move end offsets");
    // Exactly K, although USERS records of the run that were KO are in the topic: they do not stand
    // in for lost ones.
    assertEquals(TamperSimulation.K, s[3], "lost");
    assertTrue(
        run.output()
            .contains(
                TamperSimulation.USERS + " records whose send was KO are in the topic anyway"),
        run.tail());
    assertEquals(0, s[4], "duplicates");
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : false"),
        run.tail());
    assertTrue(
        run.output().contains(TamperSimulation.K + " acked records missing from topic " + topic),
        run.tail());
  }
}
