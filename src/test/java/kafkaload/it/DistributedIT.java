package kafkaload.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.charts.stats.GeneralStats;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.core.config.GatlingConfiguration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import kafkaload.distributed.Distributed;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.broker.EmbeddedCluster;
import kafkaload.internal.distributed.LocalRun;
import kafkaload.internal.distributed.Merge;
import kafkaload.internal.distributed.SimulationLogs;
import kafkaload.internal.report.AssertionsJUnitReport;
import kafkaload.internal.run.RunIdentity;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import scala.Option;

/**
 * Distributed runs end to end: N injector JVMs through the launcher, against a real broker (in its
 * own process, or the tests' embedded one), merged into one Gatling log, one report, one
 * reconciliation and one verdict.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
@Tag("quiet") // alone, after the other long tests: injectors beside another fork start late
class DistributedIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BASE = Paths.get("target", "distributed-it");
  private static Path threeInjectors;
  private static Run threeInjectorsRun;
  private static Path gateRun;
  private static Run gateRunOutput;

  record Run(int exitCode, String output) {}

  /**
   * {@code kafkaload.distributed.Distributed <command>} in a child JVM with these -D properties, as
   * a user runs it.
   */
  static Run distributed(String command, Map<String, String> props, int timeoutSeconds)
      throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx384m"));
    cmd.addAll(LocalRun.JVM_OPTIONS);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    props.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
    cmd.add("kafkaload.distributed.Distributed");
    cmd.add(command);
    Files.createDirectories(BASE);
    Path out = BASE.resolve(command + "-" + System.nanoTime() + ".out");
    ProcessBuilder builder =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
    // The quick start in the launcher and every JVM it starts (injectors, broker): seconds-long
    // runs (KafkaTestSupport).
    builder.environment().put("JAVA_TOOL_OPTIONS", String.join(" ", KafkaTestSupport.QUICK_START));
    Process p = builder.start();
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor();
      throw new AssertionError(
          command + " did not finish within " + timeoutSeconds + " s; output: " + out);
    }
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
  }

  /**
   * Three local injectors of a constant rate (300/s in all), the broker in its own process: run
   * once, shared.
   */
  static synchronized Path threeInjectors() throws Exception {
    if (threeInjectors == null) {
      Path root = BASE.resolve("three-" + UUID.randomUUID().toString().substring(0, 8));
      threeInjectorsRun =
          distributed(
              "local",
              Map.ofEntries(
                  Map.entry("gatling.simulationClass", "simulations.ConstantRateSimulation"),
                  Map.entry("injector.count", "3"),
                  Map.entry("rate", "300"),
                  Map.entry("warmup", "2"),
                  Map.entry("duration", "6"),
                  Map.entry("topic", KafkaTestSupport.uniqueTopic("dist")),
                  // Gatling's rate of "send" runs over the whole run (warm-up and verification
                  // too): about 160/s merged,
                  // a third of it alone. A 120/s minimum fails each injector alone and passes the
                  // merged run.
                  Map.entry("gate.minRps", "120"),
                  Map.entry("gate.p99Ms", "20000"),
                  Map.entry("local.results", root.toString()),
                  Map.entry("local.startDelaySeconds", "20"),
                  Map.entry("local.injectorHeap", "384m")),
              300);
      threeInjectors = root;
    }
    return threeInjectors;
  }

  static LogFileData read(Path log) {
    return new LogFileReader(log.toFile(), GatlingConfiguration.load()).read();
  }

  static GeneralStats stats(LogFileData d, String request) {
    return d.requestGeneralStats(Option.apply(request), Option.empty(), Option.empty()).get();
  }

  static GeneralStats global(LogFileData d) {
    return d.requestGeneralStats(Option.empty(), Option.empty(), Option.empty()).get();
  }

  static Path injectorLog(Path root, int i) throws IOException {
    JsonNode marker =
        JSON.readTree(root.resolve("injector-" + i).resolve("injector.json").toFile());
    return root.resolve("injector-" + i).resolve(marker.path("log").asText());
  }

  static Path mergedDir(Path root) throws IOException {
    try (Stream<Path> s = Files.list(root.resolve("merged"))) {
      return s.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  @Test
  void threeInjectorsMakeOneRunWithOneReconciliation() throws Exception {
    Path root = threeInjectors();
    Run run = threeInjectorsRun;
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("merge verdict: PASSED"), run.output());
    Path merged = mergedDir(root);
    assertTrue(
        Files.isRegularFile(merged.resolve("index.html")), "Gatling's report from the merged log");
    assertTrue(Files.isRegularFile(merged.resolve("kafka.html")));

    // Gatling's own numbers, per request: the merged count is the sum, min and max those over the
    // injectors.
    LogFileData mergedData = read(merged.resolve("simulation.log"));
    List<LogFileData> own = new ArrayList<>();
    long acked = 0;
    for (int i = 0; i < 3; i++) {
      own.add(read(injectorLog(root, i)));
      JsonNode marker =
          JSON.readTree(root.resolve("injector-" + i).resolve("injector.json").toFile());
      // Alone, each injector failed the 120/s gate (Gatling's exit code 2); merged, the run passes
      // it.
      assertEquals(2, marker.path("gatlingExitCode").asInt(), marker.toString());
      JsonNode summary =
          JSON.readTree(injectorLog(root, i).resolveSibling("kafka-summary.json").toFile());
      acked += summary.path("protocols").path(0).path("throughput").path("ackedOk").asLong();
    }
    long sends = 0;
    for (String request : List.of("send", "warm-up send")) {
      GeneralStats m = stats(mergedData, request);
      assertEquals(
          own.stream().mapToLong(d -> stats(d, request).count()).sum(), m.count(), request);
      assertEquals(
          own.stream().mapToInt(d -> stats(d, request).min()).min().getAsInt(), m.min(), request);
      assertEquals(
          own.stream().mapToInt(d -> stats(d, request).max()).max().getAsInt(), m.max(), request);
      sends += m.count();
    }
    assertEquals(300 * 8, sends, "the plan: 300/s over 2 s of warm-up and 6 s measured");
    // Besides the sends, the merged log holds the merge's two reconciliation verdicts and its one
    // throughput verdict (the injectors leave theirs to it), and nothing else.
    assertEquals(sends + 3, global(mergedData).count());
    // The throughput gate judges the merged rate over the merged window: 300/s, where each
    // injector alone makes 100/s, under the 120/s bound.
    GeneralStats throughputVerdict =
        stats(mergedData, "kafka throughput: send >= 120 msg/s (first ack to last ack)");
    assertEquals(1, throughputVerdict.count());
    var ko =
        mergedData.requestGeneralStats(
            Option.apply("kafka throughput: send >= 120 msg/s (first ack to last ack)"),
            Option.empty(),
            Option.apply(io.gatling.commons.stats.KO$.MODULE$));
    assertTrue(ko.isEmpty() || ko.get().count() == 0, "the merged verdict is OK");

    JsonNode summary = JSON.readTree(merged.resolve("kafka-summary.json").toFile());
    JsonNode p = summary.path("protocols").path(0);
    double rate = p.path("throughput").path("byRequest").path("send").path("msgsPerSec").asDouble();
    assertEquals(
        300, rate, 300 * 0.02, "summed rate of the measured send: " + p.path("throughput"));
    JsonNode gate = p.path("throughputGates").path(0);
    assertTrue(gate.path("passed").asBoolean(), gate.toString());
    assertEquals("first ack to last ack of 3 injectors", gate.path("window").asText());
    assertEquals(
        p.path("throughput")
            .path("byRequest")
            .path("send")
            .path("overUnionSpan")
            .path("msgsPerSec")
            .asDouble(),
        gate.path("msgsPerSec").asDouble(),
        1e-6,
        "the rate over the union of the injectors' windows");
    JsonNode rec = p.path("reconciliation");
    assertEquals(acked, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(acked, rec.path("readBack").path("distinct").asLong(), rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    assertEquals(
        0, rec.path("readBack").path("gaps").asLong(), "gaps counted in each injector's space");
    assertEquals(0, rec.path("readBack").path("reordered").asLong(), rec.toString());
    assertEquals(3, summary.path("injectors").size());
    assertEquals(1, summary.path("schemaVersion").asInt());
    // kafka-timeline.csv: each injector's own per-second rows, the injector's index in the first
    // column.
    List<String> csv = Files.readAllLines(merged.resolve("kafka-timeline.csv"));
    assertTrue(csv.get(0).startsWith("injector,second,"), csv.get(0));
    assertEquals(
        Set.of("0", "1", "2"),
        csv.stream().skip(1).map(l -> l.split(",", 2)[0]).collect(Collectors.toSet()),
        "rows of every injector");
    for (int i = 0; i < 3; i++) {
      long seconds =
          Files.readAllLines(injectorLog(root, i).resolveSibling("kafka-timeline.csv")).size() - 1;
      String prefix = i + ",";
      assertEquals(
          seconds,
          csv.stream().filter(l -> l.startsWith(prefix)).count(),
          "injector " + i + "'s seconds");
    }
    assertEquals(
        acked,
        p.path("ackLatencyMs").path("send").path("count").asLong()
            + p.path("ackLatencyMs").path("warm-up send").path("count").asLong(),
        "merged histograms hold every ack");
  }

  @Test
  void theMergedKafkaPageRendersWithARowPerInjector() throws Exception {
    Path page = mergedDir(threeInjectors()).resolve("kafka.html");
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(KafkaPageIT.chromium(), "--dump-dom", page.toUri().toString());
    KafkaPageIT.assertNoConsoleErrors(dom);
    KafkaPageIT.assertNoScriptErrors(dom);
    assertTrue(dom.stdout().contains("data-rendered=\"true\""), "the page script ran to its end");
    Matcher m = Pattern.compile("<div id=\"injectors\">(.*?)</div>").matcher(dom.stdout());
    assertTrue(m.find(), "the injectors section");
    assertEquals(3, m.group(1).split("<td class=\"ok\">complete</td>", -1).length - 1, m.group(1));
    assertTrue(KafkaPageIT.points(dom, "throughput") > 0, "the summed timeline is drawn");
  }

  @Test
  void mergingOneInjectorsLogGivesExactlyItsOwnNumbers() throws Exception {
    Path log = injectorLog(threeInjectors(), 1);
    Path out = BASE.resolve("single-" + UUID.randomUUID().toString().substring(0, 8));
    SimulationLogs.Header h = SimulationLogs.header(log);
    Path merged;
    try (SimulationLogs.Writer w =
        new SimulationLogs.Writer(out, "single", h, h.info().runStart(), "one")) {
      SimulationLogs.stream(h, w::write);
      merged = w.file();
    }
    LogFileData own = read(log);
    LogFileData mine = read(merged);
    for (String request : List.of("send", "warm-up send")) {
      GeneralStats a =
          own.requestGeneralStats(Option.apply(request), Option.empty(), Option.empty()).get();
      GeneralStats b =
          mine.requestGeneralStats(Option.apply(request), Option.empty(), Option.empty()).get();
      assertEquals(a.count(), b.count(), request);
      assertEquals(a.min(), b.min(), request);
      assertEquals(a.max(), b.max(), request);
      assertEquals(a.mean(), b.mean(), request);
      assertEquals(a.stdDev(), b.stdDev(), request);
      assertEquals(a.meanRequestsPerSec(), b.meanRequestsPerSec(), 1e-9, request);
      // Gatling's percentiles differ by a few % between two reads of one file (seen: p99 165 to 168
      // ms), so
      // these are compared loosely; the records themselves are compared exactly below.
      for (double q : new double[] {50, 75, 95, 99}) {
        int x = a.percentile().apply$mcID$sp(q);
        int y = b.percentile().apply$mcID$sp(q);
        assertTrue(
            Math.abs(x - y) <= Math.max(2, 0.05 * x), request + " p" + q + ": " + x + " vs " + y);
      }
    }
    assertEquals(
        records(log), records(merged), "the same records, in the same order, at the same times");
    // Its own verdict too: alone, this injector fails the 250/s gate.
    assertEquals(verdicts(log), verdicts(merged));
    assertTrue(verdicts(merged).contains(false));
  }

  /** Every record of a log as text: kind, names, absolute times, status, message. */
  static List<String> records(Path log) {
    List<String> out = new ArrayList<>();
    SimulationLogs.stream(SimulationLogs.header(log), e -> out.add(e.toString()));
    return out;
  }

  static List<Boolean> verdicts(Path log) {
    return AssertionsJUnitReport.validate(log, GatlingConfiguration.load()).results().stream()
        .map(r -> r.success())
        .toList();
  }

  /**
   * Two injectors of DistributedGateSimulation (2 x 200 requests against a 300-request gate): run
   * once, shared. It carries the three injectors' run id, so
   * logsOfTwoDifferentSimulationsAreRefused can put one of its logs among theirs with only the
   * simulation (and the injector count) differing, as a separate run of it used to.
   */
  static synchronized Path gateRun() throws Exception {
    if (gateRun == null) {
      String runId =
          JSON.readTree(threeInjectors().resolve("injector-0/injector.json").toFile())
              .path("runId")
              .asText();
      Path root = BASE.resolve("gate-" + UUID.randomUUID().toString().substring(0, 8));
      gateRunOutput =
          distributed(
              "local",
              Map.ofEntries(
                  Map.entry("gatling.simulationClass", "kafkaload.it.DistributedGateSimulation"),
                  Map.entry("injector.count", "2"),
                  Map.entry("rate", "100"),
                  Map.entry("duration", "4"),
                  Map.entry("topic", KafkaTestSupport.uniqueTopic("dist-gate")),
                  Map.entry("run.id", runId),
                  // Each injector sends 200 requests (passes alone); the run sends 400.
                  Map.entry("it.maxRequests", "300"),
                  Map.entry("kafka.bootstrap.servers", KafkaTestSupport.bootstrap()),
                  Map.entry("local.results", root.toString()),
                  Map.entry("local.startDelaySeconds", "15"),
                  Map.entry("local.injectorHeap", "384m")),
              240);
      gateRun = root;
    }
    return gateRun;
  }

  @Test
  void aGateEachInjectorPassesAloneFailsTheMergedRun() throws Exception {
    Path root = gateRun();
    Run run = gateRunOutput;
    assertEquals(Merge.GATE_FAILED, run.exitCode(), run.output());
    for (int i = 0; i < 2; i++) {
      JsonNode marker =
          JSON.readTree(root.resolve("injector-" + i).resolve("injector.json").toFile());
      assertEquals(0, marker.path("gatlingExitCode").asInt(), "passes alone: " + marker);
    }
    JsonNode gates =
        JSON.readTree(mergedDir(root).resolve("kafka-summary.json").toFile()).path("gates");
    assertEquals(1, gates.size(), gates.toString());
    assertFalse(gates.path(0).path("passed").asBoolean(), gates.toString());
    assertEquals(400, gates.path(0).path("actual").asDouble(), 0.0, gates.toString());
  }

  /** A copy of the three injectors' results, without the merge, to spoil. */
  static Path copyOfThree() throws Exception {
    Path src = threeInjectors();
    Path dst = BASE.resolve("spoilt-" + UUID.randomUUID().toString().substring(0, 8));
    try (Stream<Path> s = Files.walk(src)) {
      for (Path f : s.filter(x -> !src.relativize(x).startsWith("merged")).toList()) {
        Files.copy(f, dst.resolve(src.relativize(f).toString()));
      }
    }
    return dst;
  }

  /** Records a changed log's size and hash in its marker, as if its injector had written it so. */
  static void remark(Path root, int i) throws Exception {
    Path markerFile = root.resolve("injector-" + i).resolve("injector.json");
    ObjectNode marker = (ObjectNode) JSON.readTree(markerFile.toFile());
    Path log = injectorLog(root, i);
    marker.put("logBytes", Files.size(log));
    marker.put(
        "logSha256",
        HexFormat.of()
            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(log))));
    Files.writeString(markerFile, marker.toString());
  }

  @Test
  void aLogOfAnotherGatlingVersionIsRefusedNamingTheFile() throws Exception {
    Path root = copyOfThree();
    Path log = injectorLog(root, 1);
    byte[] bytes = Files.readAllBytes(log);
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    java.util.regex.Matcher version =
        java.util.regex.Pattern.compile("3\\.\\d\\d\\.\\d").matcher(text);
    assertTrue(version.find() && version.start() < 20, "the version sits in the header");
    int at = version.start();
    System.arraycopy("3.14.9".getBytes(StandardCharsets.ISO_8859_1), 0, bytes, at, 6);
    Files.write(log, bytes);
    remark(root, 1);
    Run run =
        distributed(
            "merge",
            Map.of("merge.results", root.toString(), "injector.count", "3", "verify", "false"),
            120);
    assertEquals(Merge.REFUSED, run.exitCode(), run.output());
    assertTrue(
        run.output().contains(log.toString()) && run.output().contains("3.14.9"), run.output());
  }

  @Test
  void aTruncatedLogIsRefusedNamingTheFile() throws Exception {
    Path root = copyOfThree();
    Path log = injectorLog(root, 2);
    byte[] bytes = Files.readAllBytes(log);
    Files.write(log, Arrays.copyOf(bytes, bytes.length * 2 / 3));
    // Against its injector's record of it...
    SimulationLogs.Refused e =
        assertThrows(
            SimulationLogs.Refused.class,
            () -> Merge.run(root, 3, root.resolve("merged"), null, 0));
    assertTrue(
        e.getMessage().contains(log.toString()) && e.getMessage().contains("truncated"),
        e.getMessage());
    // ...and, when that record was rewritten too, by Gatling's reader hitting the end inside a
    // record.
    remark(root, 2);
    e =
        assertThrows(
            SimulationLogs.Refused.class,
            () -> Merge.run(root, 3, root.resolve("merged2"), null, 0));
    assertTrue(
        e.getMessage().contains(log.toString())
            && e.getMessage().contains("truncated after record"),
        e.getMessage());
  }

  @Test
  void logsOfTwoDifferentSimulationsAreRefused() throws Exception {
    Path root = copyOfThree();
    // Injector 0 of the gate run: another simulation under the same run id (a real run's log and
    // marker).
    Path other = gateRun();
    assertEquals(
        JSON.readTree(root.resolve("injector-0/injector.json").toFile()).path("runId").asText(),
        JSON.readTree(other.resolve("injector-0/injector.json").toFile()).path("runId").asText(),
        "same run id");
    // Injector 1 of the three replaced by a run of another simulation (same run id, so only the
    // simulation differs).
    Path dir = root.resolve("injector-1");
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
    try (Stream<Path> s = Files.walk(other.resolve("injector-0"))) {
      for (Path f : s.toList()) {
        Files.copy(f, dir.resolve(other.resolve("injector-0").relativize(f).toString()));
      }
    }
    Path log = injectorLog(root, 1);
    SimulationLogs.Refused e =
        assertThrows(
            SimulationLogs.Refused.class,
            () -> Merge.run(root, 3, root.resolve("merged"), null, 0));
    assertTrue(
        e.getMessage().contains(log.toString())
            && e.getMessage().contains("DistributedGateSimulation"),
        e.getMessage());
  }

  @Test
  void anInjectorStartedAfterTheCommonStartRefusesToRun() throws Exception {
    Path results = BASE.resolve("late-" + UUID.randomUUID().toString().substring(0, 8));
    Run late =
        distributed(
            "injector",
            Map.of(
                "gatling.simulationClass",
                "simulations.ConstantRateSimulation",
                "injector.index",
                "1",
                "injector.count",
                "2",
                "run.id",
                "late",
                "injector.startAt",
                String.valueOf(System.currentTimeMillis() - 5_000),
                "injector.results",
                results.toString()),
            60);
    assertEquals(Distributed.LATE, late.exitCode(), late.output());
    assertTrue(
        late.output().contains("injector 1 of 2 started")
            && late.output().contains("refusing to run late"),
        late.output());
    assertFalse(
        Files.exists(results.resolve("injector.json")),
        "no results from an injector that did not run");
    Run noRunId =
        distributed(
            "injector",
            Map.of(
                "gatling.simulationClass",
                "simulations.ConstantRateSimulation",
                "injector.count",
                "2",
                "injector.startAt",
                String.valueOf(System.currentTimeMillis() + 60_000)),
            60);
    assertEquals(1, noRunId.exitCode(), noRunId.output());
    assertTrue(noRunId.output().contains("an injector needs -Drun.id"), noRunId.output());
  }

  /** The size of the largest simulation.log under a results folder, 0 when there is none yet. */
  private static long largestLog(Path results) throws IOException {
    if (!Files.isDirectory(results)) {
      return 0;
    }
    try (var files = Files.walk(results)) {
      return files
          .filter(f -> f.getFileName().toString().equals("simulation.log"))
          .mapToLong(f -> f.toFile().length())
          .max()
          .orElse(0);
    }
  }

  @Test
  void anInjectorThatDiesIsReportedAndTheVerdictFails() throws Exception {
    // The broker in its own JVM, as for the three injectors above: three injector JVMs starting at
    // once starve one
    // inside this test JVM on a loaded 2-core machine (their preflight then times out).
    try (EmbeddedCluster broker = EmbeddedCluster.start(1, false)) {
      injectorDies(broker.bootstrapServers());
    }
  }

  private void injectorDies(String bootstrap) throws Exception {
    Path root = BASE.resolve("died-" + UUID.randomUUID().toString().substring(0, 8));
    Files.createDirectories(root);
    String topic = KafkaTestSupport.uniqueTopic("dist-died");
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      admin
          .createTopics(List.of(new NewTopic(topic, 16, (short) 1)))
          .all()
          .get(60, TimeUnit.SECONDS);
    }
    // After the broker is up (it starts with the first topic): three JVMs starting on a 2-core
    // machine, this class alone on it (a quiet long test; docs/contributing.md). Two injectors
    // beside two other test classes start within PrometheusIT's 15 s.
    long startAt = System.currentTimeMillis() + 20_000;
    String runId = "died-" + root.getFileName();
    List<Process> injectors = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Map<String, String> p = new LinkedHashMap<>();
      p.put("gatling.simulationClass", "simulations.ConstantRateSimulation");
      p.put("injector.index", String.valueOf(i));
      p.put("injector.count", "3");
      p.put("run.id", runId);
      p.put("injector.startAt", String.valueOf(startAt));
      p.put("injector.results", root.resolve("injector-" + i).toString());
      p.put("kafka.bootstrap.servers", bootstrap);
      p.put("topic", topic);
      p.put("rate", "300");
      p.put("warmup", "0");
      p.put("duration", "20");
      injectors.add(
          LocalRun.start(
              LocalRun.injectorCommand("kafkaload.distributed.Distributed", "384m", p),
              root.resolve("injector-" + i + ".out")));
    }
    // Injector 1 is killed mid-run, as a pod evicted, once Gatling has flushed a first block of its
    // log (8 KiB, about
    // 2 s of its 100 requests/s), not at a fixed time: on a slow machine its load may start late.
    long deadline = startAt + 19_000; // preflight under load can take seconds of the 20
    while (largestLog(root.resolve("injector-1")) < 8192) {
      assertTrue(
          System.currentTimeMillis() < deadline,
          "injector 1 flushed no log block before its load's end");
      assertTrue(
          injectors.get(1).isAlive(),
          "injector 1 ended by itself: " + Files.readString(root.resolve("injector-1.out")));
      Thread.sleep(100);
    }
    injectors.get(1).destroyForcibly().waitFor();
    assertTrue(injectors.get(0).waitFor(120, TimeUnit.SECONDS), "injector 0 finishes");
    assertTrue(injectors.get(2).waitFor(120, TimeUnit.SECONDS), "injector 2 finishes");
    Run run =
        distributed(
            "merge",
            Map.of(
                "merge.results",
                root.toString(),
                "injector.count",
                "3",
                "kafka.bootstrap.servers",
                bootstrap),
            180);
    assertEquals(Merge.INJECTOR_DIED, run.exitCode(), run.output());
    Matcher m =
        Pattern.compile("injector 1: DID NOT FINISH: its log \\S+ holds (\\d+) " + "requests")
            .matcher(run.output());
    assertTrue(m.find(), run.output());
    assertTrue(Long.parseLong(m.group(1)) > 0, "what it had done: " + m.group());
    assertTrue(
        run.output().contains("merge verdict: FAILED: injector(s) [1] did not finish"),
        run.output());

    // The records of the run in the topic, counted here by their identity headers, apart from the
    // merge.
    long inTopic = runRecordsInTopic(bootstrap, topic, runId);
    JsonNode summary = JSON.readTree(mergedDir(root).resolve("kafka-summary.json").toFile());
    JsonNode rec = summary.path("protocols").path(0).path("reconciliation");
    JsonNode readBack = rec.path("readBack");
    assertTrue(readBack.path("complete").asBoolean(), rec.toString());
    assertEquals(
        inTopic,
        readBack.path("distinct").asLong(),
        "the read-back finds every record of the run: " + rec);
    long survivorsDelivered = rec.path("topics").path(0).path("delivered").asLong();
    long deadFound = readBack.path("foundByInjector").path("1").asLong();
    assertTrue(deadFound > 0, "the dead injector's records in the topic are counted: " + readBack);
    assertEquals(
        inTopic - survivorsDelivered - readBack.path("koInTopic").asLong(),
        deadFound,
        "found for the dead injector = records of the run in the topic - the survivors' delivered: "
            + rec);
    assertEquals(List.of(1), JSON.convertValue(readBack.path("unreportedInjectors"), List.class));
    long survivorsAcked = 0;
    for (int i : new int[] {0, 2}) {
      JsonNode own =
          JSON.readTree(injectorLog(root, i).resolveSibling("kafka-summary.json").toFile());
      survivorsAcked += own.path("protocols").path(0).path("throughput").path("ackedOk").asLong();
    }
    assertEquals(
        survivorsAcked, rec.path("ackedOk").asLong(), "only the survivors' acks are acked: " + rec);
    assertEquals(
        survivorsAcked, survivorsDelivered, "nothing the survivors acked is missing: " + rec);
    assertEquals(
        survivorsDelivered + readBack.path("koInTopic").asLong(),
        readBack.path("foundByInjector").path("0").asLong()
            + readBack.path("foundByInjector").path("2").asLong());
    assertEquals(
        0,
        rec.path("lost").asLong(),
        "the dead injector's records do not hide lost ones, nor make any");
    // Shown: in the dead injector's row (summary and console), in the reconciliation's table, in
    // the verdict.
    assertEquals(
        deadFound,
        summary.path("injectors").path(1).path("recordsInTopic").asLong(),
        summary.toString());
    assertTrue(
        run.output().contains("the read-back found " + deadFound + " of its records in the topic"),
        run.output());
    assertTrue(run.output().contains("1: " + deadFound + " (DIED: reported nothing"), run.output());
    assertTrue(
        run.output()
            .contains("did not finish; " + deadFound + " of their records are in the topic"),
        run.output());
  }

  /** Distinct records of run {@code runId} in the whole topic, by their kafkaload.seq header. */
  static long runRecordsInTopic(String bootstrap, String topic, String runId) throws Exception {
    byte[] run = new RunIdentity(runId).runIdBytes();
    Set<String> seen = new HashSet<>();
    long end;
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      end =
          OffsetQueries.endOffsets(admin, topic, 30_000).values().stream()
              .mapToLong(Long::longValue)
              .sum();
    }
    try (KafkaConsumer<byte[], byte[]> c =
        new org.apache.kafka.clients.consumer.KafkaConsumer<>(
            Map.of("bootstrap.servers", bootstrap, "enable.auto.commit", "false"),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> all = new ArrayList<>();
      c.partitionsFor(topic).forEach(pi -> all.add(new TopicPartition(topic, pi.partition())));
      c.assign(all);
      c.seekToBeginning(all);
      long read = 0;
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (read < end && System.nanoTime() < until) {
        for (var r : c.poll(Duration.ofMillis(200))) {
          read++;
          var h = r.headers().lastHeader(RunIdentity.RUN_HEADER);
          var seq = r.headers().lastHeader(RunIdentity.SEQ_HEADER);
          if (h != null && Arrays.equals(h.value(), run) && seq != null) {
            seen.add(new String(seq.value(), StandardCharsets.US_ASCII).replaceFirst("^\\d+-", ""));
          }
        }
      }
      assertEquals(end, read, "the whole topic read");
    }
    return seen.size();
  }

  @Test
  void twoInjectorsRunTransactionsWithIdsOfTheirOwnAndOneVerdict() throws Exception {
    Path root = BASE.resolve("txn-" + UUID.randomUUID().toString().substring(0, 8));
    Run run =
        distributed(
            "local",
            Map.ofEntries(
                Map.entry("gatling.simulationClass", "simulations.TransactionsSimulation"),
                Map.entry("injector.count", "2"),
                Map.entry("txn.users", "2"),
                Map.entry("txn.records", "5"),
                Map.entry("txn.abortEvery", "3"),
                Map.entry("duration", "3"),
                Map.entry("topic", KafkaTestSupport.uniqueTopic("disttxn")),
                Map.entry("gate.p99Ms", "600000"),
                Map.entry("gate.commitP99Ms", "600000"),
                Map.entry("gate.minRps", "0"),
                Map.entry("local.results", root.toString()),
                Map.entry("local.startDelaySeconds", "15"),
                Map.entry("local.injectorHeap", "384m")),
            300);
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("merge verdict: PASSED"), run.output());
    List<String> prefixes = new ArrayList<>();
    long committed = 0;
    long aborted = 0;
    for (int i = 0; i < 2; i++) {
      JsonNode p =
          JSON.readTree(injectorLog(root, i).resolveSibling("kafka-summary.json").toFile())
              .path("protocols")
              .path(0);
      JsonNode tx = p.path("distributed").path("transactions");
      committed += tx.path("committed").asLong();
      aborted += tx.path("aborted").asLong();
      String prefix =
          p.path("transactions").path("order txn").path("transactionalIdPrefix").asText();
      assertTrue(prefix.endsWith("-i" + i), "injector " + i + "'s own ids: " + prefix);
      prefixes.add(prefix);
    }
    assertNotEquals(prefixes.get(0), prefixes.get(1));
    assertTrue(committed > 0 && aborted > 0, "both kinds from the injectors: " + run.output());
    JsonNode merged =
        JSON.readTree(mergedDir(root).resolve("kafka-summary.json").toFile())
            .path("protocols")
            .path(0)
            .path("reconciliation");
    assertEquals(
        committed, merged.path("transactions").path("committed").asLong(), merged.toString());
    assertEquals(aborted, merged.path("transactions").path("aborted").asLong(), merged.toString());
    assertEquals(0, merged.path("lost").asLong(), "aborted records are not lost: " + merged);
    assertEquals(0, merged.path("transactions").path("abortedVisible").asLong(), merged.toString());
    assertEquals(committed, merged.path("readBack").path("distinct").asLong(), merged.toString());
  }
}
