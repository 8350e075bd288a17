package kafkaload.internal.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** injector.json written and read through its record, in the layout earlier markers have. */
class InjectorMarkerTest {
  @TempDir Path dir;

  private static final InjectorMarker MARKER =
      new InjectorMarker(
          1,
          3,
          "run-1",
          "sim.Some",
          1000L,
          900L,
          2,
          "gatling/some-1/simulation.log",
          4096L,
          "ab12",
          "gatling/some-1/kafka-summary.json",
          "2026-01-01T00:00:00Z");

  @Test
  void writtenWithItsFieldsInTheirOrderAndReadBack() throws Exception {
    MARKER.write(dir);
    JsonNode json = new ObjectMapper().readTree(dir.resolve(Injector.MARKER).toFile());
    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    assertEquals(
        List.of(
            "index",
            "count",
            "runId",
            "simulation",
            "startAtMillis",
            "launchedAtMillis",
            "gatlingExitCode",
            "log",
            "logBytes",
            "logSha256",
            "kafkaSummary",
            "finishedAt"),
        names);
    assertEquals(3, json.path("count").asInt());
    assertEquals(4096L, json.path("logBytes").asLong());
    assertEquals(MARKER, InjectorMarker.read(dir));
    assertEquals(false, Files.exists(dir.resolve(Injector.MARKER + ".tmp")));
  }

  @Test
  void noSummaryIsWrittenAsNull() throws Exception {
    new InjectorMarker(0, 1, "r", "s", 1, 1, 0, "l", 1, "h", null, "t").write(dir);
    JsonNode json = new ObjectMapper().readTree(dir.resolve(Injector.MARKER).toFile());
    assertEquals(true, json.has("kafkaSummary") && json.get("kafkaSummary").isNull());
    assertNull(InjectorMarker.read(dir).kafkaSummary());
  }

  @Test
  void anOlderMarkerWithFewerFieldsAndAnUnknownOneStillReads() throws Exception {
    Files.writeString(
        dir.resolve(Injector.MARKER),
        "{\"index\":2,\"count\":4,\"runId\":\"synthetic\",\"startAtMillis\":77,"
            + "\"gatlingExitCode\":0,\"log\":\"a/simulation.log\",\"logBytes\":12,"
            + "\"logSha256\":\"ff\",\"kafkaSummary\":\"a/kafka-summary.json\",\"other\":true}");
    InjectorMarker m = InjectorMarker.read(dir);
    assertEquals(2, m.index());
    assertEquals(4, m.count());
    assertEquals("synthetic", m.runId());
    assertEquals(77L, m.startAtMillis());
    assertEquals("a/simulation.log", m.log());
    assertEquals(12L, m.logBytes());
    assertEquals("ff", m.logSha256());
    assertEquals("a/kafka-summary.json", m.kafkaSummary());
    assertNull(m.simulation());
    assertEquals(0L, m.launchedAtMillis());
    assertNull(m.finishedAt());
  }
}
