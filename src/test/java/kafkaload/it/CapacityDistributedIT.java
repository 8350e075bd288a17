package kafkaload.it;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A capacity search over two injectors ({@code Distributed local}, the tests' broker), each of
 * which cannot send more than about 500 records a second (SlowSendInterceptor): split over both,
 * the search sustains a rate neither injector could alone, every injector takes the same steps, and
 * the merge reports the one verdict.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
@Tag("quiet") // alone: a search measures the machine, its injectors must start together
class CapacityDistributedIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void twoInjectorsSearchOneRateSplitBetweenThemAndAgreeOnEveryStep() throws Exception {
    String runId = "capacity-" + UUID.randomUUID().toString().substring(0, 8);
    Path root = Paths.get("target", "distributed-it", runId);
    Path config = Files.createTempFile("capacity-slow", ".properties");
    Files.writeString(config, "interceptor.classes=" + SlowSendInterceptor.class.getName() + "\n");
    try {
      DistributedIT.Run run =
          DistributedIT.distributed(
              "local",
              Map.ofEntries(
                  Map.entry("gatling.simulationClass", "simulations.CapacitySearchSimulation"),
                  Map.entry("injector.count", "2"),
                  Map.entry("run.id", runId),
                  Map.entry("kafka.client.config", config.toString()),
                  Map.entry("capacity.startRate", "300"),
                  Map.entry("capacity.p99Ms", "2000"),
                  Map.entry("capacity.warmUpSeconds", "2"),
                  Map.entry("capacity.plateauSeconds", "3"),
                  Map.entry("capacity.precisionPct", "10"),
                  Map.entry("capacity.maxSeconds", "120"),
                  Map.entry("topic", KafkaTestSupport.uniqueTopic("distcapacity")),
                  Map.entry("topic.partitions", "4"),
                  Map.entry("kafka.bootstrap.servers", KafkaTestSupport.bootstrap()),
                  Map.entry("local.results", root.toString()),
                  Map.entry("local.startDelaySeconds", "10"),
                  Map.entry("local.injectorHeap", "384m")),
              400);
      assertEquals(0, run.exitCode(), run.output());
      List<JsonNode> sections = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        sections.add(
            JSON.readTree(
                    DistributedIT.injectorLog(root, i)
                        .resolveSibling("kafka-summary.json")
                        .toFile())
                .path("protocols")
                .path(0)
                .path("capacity"));
      }
      // Both judged every plateau on both injectors' figures: the same steps, the same verdict.
      assertEquals(targets(sections.get(0)), targets(sections.get(1)));
      assertEquals(sections.get(0).path("verdict"), sections.get(1).path("verdict"));
      assertEquals(2, sections.get(0).path("setup").path("injectors").asInt());
      JsonNode first = sections.get(0).path("plateaus").path(1);
      assertTrue(
          first.path("counts").path("sent").asLong() >= 0.9 * 300 * 3,
          "a plateau's counts are both injectors': " + first);

      JsonNode merged =
          JSON.readTree(DistributedIT.mergedDir(root).resolve("kafka-summary.json").toFile())
              .path("protocols")
              .path(0)
              .path("capacity");
      JsonNode v = merged.path("verdict");
      assertEquals(sections.get(0).path("verdict"), v, "the merge keeps the one verdict");
      assertTrue(
          v.path("sustainedMsgsPerSec").asDouble() > 520,
          "more than one injector could send alone (about 500 a second): " + v);
      assertTrue(run.output().contains("Capacity: sustainable "), run.output());
    } finally {
      Files.deleteIfExists(config);
    }
  }

  private static List<Double> targets(JsonNode capacity) {
    List<Double> out = new ArrayList<>();
    capacity.path("plateaus").forEach(p -> out.add(p.path("targetMsgsPerSec").asDouble()));
    return out;
  }
}
