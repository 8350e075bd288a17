package kafkaload.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import kafkaload.Params;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every workload file and every Kafka driver file of OpenMessaging Benchmark's own repository is
 * accepted, read from a copy of it: {@code -Domb.checkout=<a checkout>} (workloads/, payload/,
 * driver-kafka/), else {@code target/omb-benchmark}, filled from the fetched mirror of
 * openmessaging/benchmark when there is one. Skipped, naming why, without either: the files are
 * OMB's, not this project's to ship.
 */
class OmbFilesTest {
  static final Path MIRROR = Path.of("/work/.mirror/openmessaging+benchmark/repo");

  static Path checkout() throws IOException, InterruptedException {
    String given = System.getProperty("omb.checkout");
    Path dir = Path.of(given != null ? given : "target/omb-benchmark");
    if (!Files.isDirectory(dir.resolve("workloads"))
        && given == null
        && Files.isDirectory(MIRROR)) {
      Files.createDirectories(dir);
      Process p =
          new ProcessBuilder(
                  "sh",
                  "-c",
                  "git --git-dir='"
                      + MIRROR
                      + "' archive HEAD workloads payload driver-kafka benchmark-framework/src/main/java/io/openmessaging/benchmark/TestResult.java | tar -x -C '"
                      + dir
                      + "'")
              .inheritIO()
              .start();
      p.waitFor(60, TimeUnit.SECONDS);
    }
    Assumptions.assumeTrue(
        Files.isDirectory(dir.resolve("workloads")),
        "no copy of OpenMessaging Benchmark's repository at "
            + dir.toAbsolutePath()
            + " nor a fetched mirror at "
            + MIRROR
            + ": give one with -Domb.checkout=<checkout of openmessaging/benchmark>");
    return dir;
  }

  static List<Path> files(Path dir, String glob) throws IOException {
    try (var s = Files.newDirectoryStream(dir, glob)) {
      List<Path> out = new ArrayList<>();
      s.forEach(out::add);
      out.sort(null);
      return out;
    }
  }

  /** Each workload mapped, its knobs read as the simulation reads them; the count printed. */
  @Test
  void everyOmbWorkloadIsAccepted() throws Exception {
    Path omb = checkout();
    List<Path> workloads = files(omb.resolve("workloads"), "*.yaml");
    Map<Workload.Mode, Integer> byMode = new TreeMap<>();
    List<String> refused = new ArrayList<>();
    for (Path f : workloads) {
      try {
        Workload w = Workload.of(Params.of(Map.of("workload", f.toString()), Map.of()));
        RunParams.of(w.params());
        SubscriptionParams.of(w.params());
        if (w.mode() == Workload.Mode.MAX_RATE) {
          CapacityParams.of(w.params());
        }
        byMode.merge(w.mode(), 1, Integer::sum);
      } catch (RuntimeException e) {
        refused.add(f.getFileName() + ": " + e.getMessage());
      }
    }
    System.out.printf(
        "[OmbFilesTest] %d of %d OMB workload files accepted %s%n",
        workloads.size() - refused.size(), workloads.size(), byMode);
    assertTrue(workloads.size() >= 100, "OMB's workloads/ holds about 130: " + workloads.size());
    assertEquals(List.of(), refused);
    assertTrue(byMode.get(Workload.Mode.MAX_RATE) > 0 && byMode.get(Workload.Mode.BACKLOG) > 0);
  }

  /** OMB's result file has exactly the fields OMB's TestResult declares. */
  @Test
  void theResultFileHasTheFieldsOfOmbsTestResult() throws Exception {
    Path source =
        checkout()
            .resolve(
                "benchmark-framework/src/main/java/io/openmessaging/benchmark/TestResult.java");
    Assumptions.assumeTrue(Files.isRegularFile(source), "no " + source);
    assertEquals(
        new java.util.TreeSet<>(kafkaload.internal.semantic.omb.OmbWindowsTestAccess.ombFields()),
        kafkaload.internal.semantic.omb.OmbWindowsTestAccess.declared(Files.readString(source)));
  }

  /** Each driver file of driver-kafka/ mapped, with a workload, as -Domb.driver reads it. */
  @Test
  void everyOmbKafkaDriverFileIsAccepted() throws Exception {
    Path omb = checkout();
    List<Path> drivers = files(omb.resolve("driver-kafka"), "kafka-*.yaml");
    Path workload = omb.resolve("workloads/1-topic-16-partitions-1kb.yaml");
    List<String> refused = new ArrayList<>();
    for (Path d : drivers) {
      try {
        Workload w =
            Workload.of(
                Params.of(
                    Map.of("workload", workload.toString(), "omb.driver", d.toString()), Map.of()));
        RunParams plan = RunParams.of(w.params());
        assertEquals(3, plan.topic().replication(), d + ": its replicationFactor");
        w.protocol(plan.protocol(1));
      } catch (RuntimeException e) {
        refused.add(d.getFileName() + ": " + e.getMessage());
      }
    }
    System.out.printf(
        "[OmbFilesTest] %d of %d OMB Kafka driver files accepted%n",
        drivers.size() - refused.size(), drivers.size());
    assertTrue(drivers.size() >= 10, "driver-kafka/ holds 14: " + drivers.size());
    assertEquals(List.of(), refused);
  }
}
