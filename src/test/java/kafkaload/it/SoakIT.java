package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * SoakSimulation in a short form: its open-model rate, the echo group's lag sampled and judged,
 * every acked record reconciled, and the injector's samples in the JSON, the per-second CSV and
 * heap after GC.
 */
class SoakIT {

  @Test
  void aShortSoakJudgesItsConsumerGroupReconcilesAndKeepsEverySecond() throws Exception {
    String topic = uniqueTopic("soak");
    GatlingRun run =
        runGatling(
            "simulations.SoakSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "reply.topic",
                topic + "-replies",
                "rate",
                "300",
                "warmup",
                "2",
                "duration",
                "8",
                "lag.intervalMs",
                "500",
                "lag.windowSeconds",
                "5"),
            180);
    assertEquals(0, run.exitCode(), run.tail());
    // 300 arrivals a second for 8 s, one record each.
    assertEquals(2400, run.counts("send")[0], 24, run.tail());
    assertTrue(run.output().contains("LAG VERDICT: PASS"), run.tail());
    assertTrue(run.output().contains("| lost 0 | duplicates 0"), run.tail());

    JsonNode json = summaryJson(run);
    assertEquals(
        "300", json.path("parameters").path("rate").asText(), json.path("parameters").toString());
    JsonNode lag = json.path("protocols").path(0).path("lag").path("kafkaload-soak-echo");
    assertTrue(lag.size() >= 5, "the echo group's lag sampled through the run: " + lag);
    JsonNode res = json.path("timelineResolution");
    assertFalse(res.path("downsampled").asBoolean(), res.toString());
    int samples = res.path("samples").asInt();
    assertEquals(samples, json.path("timeline").size());
    assertTrue(
        json.path("timeline").get(0).has("heapAfterGcMb"), json.path("timeline").get(0).toString());
    Path csv = reportDir(run).resolve("kafka-timeline.csv");
    assertEquals(samples + 1, Files.readAllLines(csv).size(), "a header and one line a second");
  }
}
