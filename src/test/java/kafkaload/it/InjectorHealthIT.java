package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** An injector starved of producer buffer is flagged, in the console, the JSON and, when asked, the gates. */
class InjectorHealthIT {

  @Test
  void aTinyProducerBufferMarksTheRunAndFailsTheOptionalGate() throws Exception {
    // 32 KiB of buffer (two 16 KiB batches) for 64 users of 1 KiB records: sends queue for buffer space all along.
    GatlingRun run = runGatling("simulations.BaselineSimulation", props("kafka.bootstrap.servers", bootstrap(),
        "topic", uniqueTopic("starved"), "warmup", "2", "duration", "12", "users", "64", "topic.partitions", "64",
        "buffer.memory", "32768", "gate.injectorHealthy", "true"), 150);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("[kafkaload] WARNING: the injector was saturated: results below are not trustworthy"),
        run.tail());
    assertTrue(run.output().contains("sends waited for producer buffer space"), run.tail());
    assertTrue(run.output().contains("kafka injector health: count of failed events is 0.0 : false"), run.tail());

    JsonNode json = summaryJson(run);
    assertTrue(json.get("injector").get("saturated").asBoolean());
    assertTrue(json.get("injector").get("reasons").toString().contains("bufferpool-wait-ratio"));
  }

  @Test
  void aHealthyRunIsNotMarked() throws Exception {
    GatlingRun run = runGatling("simulations.BaselineSimulation", props("kafka.bootstrap.servers", bootstrap(),
        "topic", uniqueTopic("healthy"), "warmup", "1", "duration", "3", "users", "2"), 120);
    assertEquals(0, run.exitCode(), run.tail());
    assertFalse(run.output().contains("sends waited for producer buffer space"), run.tail());
  }
}
