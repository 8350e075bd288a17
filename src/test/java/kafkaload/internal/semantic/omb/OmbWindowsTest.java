package kafkaload.internal.semantic.omb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OMB's result file: every field of OMB's TestResult, in OMB's units, from the run's windows. */
class OmbWindowsTest {
  private static final OmbTestResult.Shape SHAPE = new OmbTestResult.Shape("w", "d", 1, 1, 1, 1, 1);

  /** OMB's TestResult's fields, as its source declares them (benchmark-framework). */
  static final List<String> OMB_FIELDS =
      List.of(
          "workload",
          "driver",
          "messageSize",
          "topics",
          "partitions",
          "producersPerTopic",
          "consumersPerTopic",
          "publishRate",
          "publishErrorRate",
          "consumeRate",
          "backlog",
          "publishLatencyAvg",
          "publishLatency50pct",
          "publishLatency75pct",
          "publishLatency95pct",
          "publishLatency99pct",
          "publishLatency999pct",
          "publishLatency9999pct",
          "publishLatencyMax",
          "publishDelayLatencyAvg",
          "publishDelayLatency50pct",
          "publishDelayLatency75pct",
          "publishDelayLatency95pct",
          "publishDelayLatency99pct",
          "publishDelayLatency999pct",
          "publishDelayLatency9999pct",
          "publishDelayLatencyMax",
          "aggregatedPublishLatencyAvg",
          "aggregatedPublishLatency50pct",
          "aggregatedPublishLatency75pct",
          "aggregatedPublishLatency95pct",
          "aggregatedPublishLatency99pct",
          "aggregatedPublishLatency999pct",
          "aggregatedPublishLatency9999pct",
          "aggregatedPublishLatencyMax",
          "aggregatedPublishDelayLatencyAvg",
          "aggregatedPublishDelayLatency50pct",
          "aggregatedPublishDelayLatency75pct",
          "aggregatedPublishDelayLatency95pct",
          "aggregatedPublishDelayLatency99pct",
          "aggregatedPublishDelayLatency999pct",
          "aggregatedPublishDelayLatency9999pct",
          "aggregatedPublishDelayLatencyMax",
          "aggregatedPublishLatencyQuantiles",
          "aggregatedPublishDelayLatencyQuantiles",
          "endToEndLatencyAvg",
          "endToEndLatency50pct",
          "endToEndLatency75pct",
          "endToEndLatency95pct",
          "endToEndLatency99pct",
          "endToEndLatency999pct",
          "endToEndLatency9999pct",
          "endToEndLatencyMax",
          "aggregatedEndToEndLatencyQuantiles",
          "aggregatedEndToEndLatencyAvg",
          "aggregatedEndToEndLatency50pct",
          "aggregatedEndToEndLatency75pct",
          "aggregatedEndToEndLatency95pct",
          "aggregatedEndToEndLatency99pct",
          "aggregatedEndToEndLatency999pct",
          "aggregatedEndToEndLatency9999pct",
          "aggregatedEndToEndLatencyMax");

  @Test
  void everyFieldOfOmbsTestResultInOmbsUnits(@TempDir Path dir) throws Exception {
    long start = System.currentTimeMillis();
    OmbResultSpec spec =
        new OmbResultSpec(
            new OmbTestResult.Shape("w", "Kafka", 1024, 2, 16, 1, 4),
            2,
            Duration.ZERO,
            Duration.ZERO);
    OmbWindows w = new OmbWindows(spec, start);
    for (int i = 0; i < 10; i++) {
      w.publishDelayed(300); // µs
      w.ackedAfter(2_000); // µs: 2 ms
    }
    w.answered("t", -1, start, start, new RuntimeException("KO"));
    for (int i = 0; i < 15; i++) {
      w.consumed(5_000); // µs: 5 ms
    }
    w.consumed(-1); // read, not timed
    // The first window is closed 10 s after its start; the results add the partial last one.
    OmbTestResult r = w.result(start + 25_000);
    assertEquals(
        3, r.rates().publishRate().size(), "10 s, 10 s (empty), 5 s: " + r.rates().publishRate());
    assertEquals(1.0, r.rates().publishRate().get(0), 1e-9, "10 acks in 10 s: msg/s");
    assertEquals(0.1, r.rates().publishErrorRate().get(0), 1e-9);
    assertEquals(1.6, r.rates().consumeRate().get(0), 1e-9, "16 reads in 10 s");
    assertEquals(0.0, r.rates().publishRate().get(2), 1e-9);
    assertEquals(4L, r.rates().backlog().get(0), "2 subscriptions x 10 sent - 16 received");
    assertEquals(2.0, r.publishLatency().p99().get(0), 0.01, "ms");
    assertEquals(2.0, r.allPublish().p50(), 0.01, "ms");
    assertEquals(300L, r.publishDelay().p50().get(0), "µs");
    assertEquals(300L, r.allPublishDelay().max(), 1, "µs");
    assertEquals(5.0, r.endToEnd().p99().get(0), 0.01, "ms");
    assertEquals(5.0, r.allEndToEnd().max(), 0.01, "ms");
    assertEquals(2.0, r.quantiles().aggregatedPublishLatencyQuantiles().get(100.0), 0.01);
    assertEquals(0.0, r.publishLatency().avg().get(1), "an empty window: 0, not NaN");

    new OmbResultSemantic().writeFiles(dir, r);
    JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("omb-result.json")));
    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    assertEquals(new TreeSet<>(OMB_FIELDS), new TreeSet<>(names), "OMB's field names, no more");
    assertEquals("w", json.path("workload").asText());
    assertEquals("Kafka", json.path("driver").asText());
    assertEquals(4, json.path("consumersPerTopic").asInt());
    assertTrue(json.path("aggregatedPublishLatencyQuantiles").has("100.0"), json.toString());
    assertTrue(json.path("publishDelayLatency99pct").get(0).isIntegralNumber(), "µs, whole");
    assertTrue(json.path("publishLatency99pct").get(0).isFloatingPointNumber(), "ms, decimals");
    assertEquals(
        r,
        new ObjectMapper().readValue(dir.resolve("omb-result.json").toFile(), OmbTestResult.class),
        "the flat file reads back into its groups");
  }

  @Test
  void theWindowsEndWithTheTest() {
    long start = System.currentTimeMillis() - 5_000;
    OmbWindows w =
        new OmbWindows(new OmbResultSpec(SHAPE, 1, Duration.ZERO, Duration.ofSeconds(20)), start);
    w.ackedAfter(1_000);
    // Results made long after the test (the verification's read-back): two windows, no more.
    OmbTestResult r = w.result(start + 95_000);
    assertEquals(2, r.rates().publishRate().size(), r.rates().publishRate().toString());
    assertEquals(0.1, r.rates().publishRate().get(0), 1e-9);
  }

  @Test
  void theWarmUpIsNotInTheWindows() {
    long start = System.currentTimeMillis() + 60_000;
    OmbWindows w = new OmbWindows(new OmbResultSpec(SHAPE, 1, Duration.ZERO, Duration.ZERO), start);
    w.ackedAfter(1_000);
    w.consumed(1_000);
    OmbTestResult r = w.result(start + 10_000);
    assertEquals(List.of(0.0), r.rates().publishRate());
    assertEquals(List.of(0L), r.rates().backlog(), "the warm-up's records count in the backlog");
  }

  /** OMB's own TestResult.java, when a copy is here, declares exactly these fields. */
  static Set<String> declared(String source) {
    Set<String> out = new TreeSet<>();
    var m =
        java.util.regex.Pattern.compile("(?m)^\\s*public\\s+[\\w<>, ]+\\s+(\\w+)\\s*(=|;)")
            .matcher(source);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
