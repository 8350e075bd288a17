package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The reconciliation counts exactly what was done to the topic behind the tool's back, and gates on it. */
class ReconciliationIT {
  private static final long SENT = TamperSimulation.USERS * TamperSimulation.PER_USER;

  private static long[] summary(GatlingRun run) {
    Matcher m = Pattern.compile("acked OK (\\d+) \\| end-offset delta (\\d+) \\| in flight at the end (\\d+) \\| "
        + "lost (\\d+) \\| duplicates (\\d+)").matcher(run.output());
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
    GatlingRun run = runGatling(TamperSimulation.class.getName(),
        props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "tamper", "duplicate"), 120);
    long[] s = summary(run);
    assertEquals(SENT, s[0], "acked");
    assertEquals(SENT + TamperSimulation.K, s[1], "offset delta");
    assertEquals(0, s[3], "lost");
    assertEquals(TamperSimulation.K, s[4], "duplicates");
    assertEquals(SENT + TamperSimulation.K, endOffsetSum(topic));
    assertNotEquals(0, run.exitCode());
    assertTrue(run.output().contains("kafka reconcile: duplicates: count of failed events is 0.0 : false"), run.tail());
    assertTrue(run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : true"), run.tail());
  }

  @Test
  void recordsDeletedAfterTheirAckAreCountedAsLostAndFailTheGate() throws Exception {
    String topic = uniqueTopic("loss");
    GatlingRun run = runGatling(TamperSimulation.class.getName(),
        props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "tamper", "delete"), 120);
    long[] s = summary(run);
    assertEquals(SENT, s[0], "acked");
    assertEquals(SENT, s[1], "offset delta: deleting records does not move end offsets");
    assertEquals(TamperSimulation.K, s[3], "lost");
    assertEquals(0, s[4], "duplicates");
    assertNotEquals(0, run.exitCode());
    assertTrue(run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : false"), run.tail());
    assertTrue(run.output().contains(TamperSimulation.K + " acked records missing from topic " + topic), run.tail());
  }
}
