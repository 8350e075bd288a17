package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A scaled soak: 1.6 million open-model records (every record its own virtual user) reconciled in a
 * 300 MB heap that the embedded broker shares. The read-back used to keep an object per user and
 * died of OutOfMemoryError here.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
@Tag("quiet") // alone: a 300 MB heap shared with the broker
class SoakScaleIT {
  static final int RATE = 20_000;
  static final int WARMUP = 5;
  static final int DURATION = 75;

  @Test
  void aMillionAndAHalfOneRecordUsersReconcileCompletelyInA300MbHeap() throws Exception {
    // No kafka.bootstrap.servers: the broker runs inside the same 300 MB JVM, as in the report of
    // the problem.
    GatlingRun run =
        runGatling(
            "simulations.ConstantRateSimulation",
            props(
                "topic",
                uniqueTopic("soak"),
                "rate",
                String.valueOf(RATE),
                "warmup",
                String.valueOf(WARMUP),
                "duration",
                String.valueOf(DURATION),
                "recordSize",
                "100",
                "gate.p99Ms",
                "60000",
                "gate.minRps",
                "1",
                "gate.maxErrorPct",
                "100"),
            Map.of(),
            List.of("-Xmx300m", FULL_JIT),
            400);
    assertFalse(run.output().contains("OutOfMemoryError"), run.tail());
    JsonNode rec = summaryJson(run).path("protocols").path(0).path("reconciliation");
    long acked = rec.path("ackedOk").asLong();
    // The volume is the schedule's, not the machine's speed: every one of the 1.6 million users
    // made its send (OK or KO), each is accounted for, and every acked one was read back below.
    long[] warm = run.counts("warm-up send");
    long[] send = run.counts("send");
    assertEquals((long) RATE * (WARMUP + DURATION), warm[0] + send[0], run.tail());
    assertEquals(warm[1] + send[1], acked, rec.toString());
    assertTrue(rec.path("gated").asBoolean(), rec.toString());
    assertTrue(rec.path("readBack").path("complete").asBoolean(), rec.toString());
    assertEquals(
        acked,
        rec.path("readBack").path("distinct").asLong()
            - rec.path("readBack").path("koInTopic").asLong(),
        rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    assertEquals(0, rec.path("duplicates").asLong(), rec.toString());
    assertEquals(0, run.exitCode(), run.tail());
  }
}
