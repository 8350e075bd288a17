package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import kafkaload.internal.broker.EmbeddedKafka;
import kafkaload.internal.report.KafkaPage;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.report.TimelineTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * One run with secrets in its client properties: the Kafka page and its JSON are written beside
 * Gatling's report, the secrets appear in no output, and the page renders its charts in headless
 * Chromium without script errors.
 */
class KafkaPageIT {
  private static final String SECRET = "S3cr3t-hunter2-" + System.nanoTime();

  @Test
  void summaryAndPageAreWrittenWithoutSecretsAndRenderInChromium() throws Exception {
    Path props = Files.createTempFile("client", ".properties");
    // PLAINTEXT ignores these, but they pass through every place configuration is printed or
    // written.
    Files.writeString(
        props,
        "ssl.truststore.password="
            + SECRET
            + "\n"
            + "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\""
            + SECRET
            + "\";\n");
    String topic = uniqueTopic("page");
    GatlingRun run =
        runGatling(
            "simulations.BaselineSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "warmup",
                "1",
                "duration",
                "4",
                // A throughput gate no machine fails (gate.minRps=0 is none): the page shows it.
                "gate.minRps",
                "1",
                "kafka.client.config",
                props.toString()),
            120);
    assertEquals(0, run.exitCode(), run.tail());

    Path dir = reportDir(run);
    Path page = dir.resolve("kafka.html");
    // The page's figures, read from its DOM, against the summary and each other.
    KafkaPageCheck.assertConsistent(dir);
    assertTrue(
        run.output().indexOf("Kafka page:") > run.output().indexOf("Reports generated"),
        "next to Gatling's link");

    JsonNode json = new ObjectMapper().readTree(dir.resolve("kafka-summary.json").toFile());
    JsonNode p = json.get("protocols").get(0);
    long acked = p.get("throughput").get("ackedOk").asLong();
    assertEquals(endOffsetSum(topic), acked);
    assertEquals(acked, p.get("reconciliation").get("ackedOk").asLong());
    assertEquals(0, p.get("reconciliation").get("lost").asLong());
    assertTrue(p.get("ackLatencyMs").get("send").get("p99").asDouble() > 0);
    // Partitions that got records (a slow 4 s run may leave one of the 16 without a batch): their
    // records add up to the acked ones.
    long perPartition = 0;
    for (JsonNode share : p.get("partitions")) {
      assertTrue(share.get("partition").asInt() >= 0 && share.get("partition").asInt() < 16);
      perPartition += share.get("records").asLong();
    }
    assertTrue(p.get("partitions").size() > 1, p.get("partitions").toString());
    assertEquals(acked, perPartition, p.get("partitions").toString());
    assertTrue(p.get("producerMetrics").has("record-send-rate"));
    assertEquals(
        "******",
        p.get("config").get("producerProperties").get("ssl.truststore.password").asText());
    assertTrue(json.get("timeline").size() >= 3);
    // The run's -D knobs as used: given ones, and defaults of those left unset.
    assertEquals(
        "4", json.get("parameters").get("duration").asText(), json.get("parameters").toString());
    assertEquals(
        "lz4",
        json.get("parameters").get("compression.type").asText(),
        json.get("parameters").toString());
    assertTrue(json.get("injector").has("saturated"));
    assertTrue(
        json.get("injector").get("eventLoopDelayMs").get("probes").asLong() > 0,
        json.get("injector").toString());
    assertTrue(json.get("gates").size() >= 5);
    // Gatling's own printed verdicts, without a second parse of simulation.log.
    assertEquals("gatling-console", json.get("gatesFrom").asText());
    json.get("gates").forEach(g -> assertTrue(g.get("passed").asBoolean(), g.toString()));

    // No output of the run holds the secret: console, JSON, page, Gatling's report, the JUnit file.
    assertNoSecrets(run, dir, SECRET);

    Path chromium = chromium();
    Path shot = dir.resolve("kafka-page.png");
    Chrome screenshot =
        chrome(
            chromium, "--screenshot=" + shot, "--window-size=1280,2400", page.toUri().toString());
    assertTrue(
        Files.size(shot) > 50_000, "a screenshot with content: " + Files.size(shot) + " bytes");
    assertNoConsoleErrors(screenshot);
    Chrome dom = chrome(chromium, "--dump-dom", page.toUri().toString());
    assertNoConsoleErrors(dom);
    assertNoScriptErrors(dom);
    assertTrue(dom.stdout.contains("data-rendered=\"true\""), "the page script ran to its end");
    // Where the latency comes from: the ack latency beside the broker's round trip and the
    // injector's share.
    assertTrue(
        Pattern.compile(
                "<h3 id=\"latencySources\">Where the latency comes from.*?<td[^>]*>broker round trip</td>",
                Pattern.DOTALL)
            .matcher(dom.stdout)
            .find(),
        "the latency sources table rendered");
    JsonNode sources = json.get("latencySources");
    assertTrue(sources.get("broker").get("requestLatencyMaxMs").asDouble() > 0, sources.toString());
    assertTrue(sources.get("injector").has("eventLoopDelayP99Ms"), sources.toString());
    long canvases = Pattern.compile("<canvas").matcher(dom.stdout).results().count();
    assertEquals(4, canvases, "throughput, injector, heap and partition charts rendered");
    for (String chart : List.of("throughput", "injector", "heap", "partitions")) {
      assertTrue(points(dom, chart) > 0, chart + " chart drew data points");
    }
    assertEquals(16, points(dom, "partitions"), "one bar per partition");
    assertTrue(
        dom.stdout.contains("<p class=\"note\" id=\"throughputNote\"></p>"),
        "a short run is drawn at full resolution");
    assertTrue(
        json.get("injector").get("heapAfterGcMb").has("max"), json.get("injector").toString());
  }

  /**
   * An hour of made-up samples: each chart draws at most 600 points a series, its peaks, and says
   * it was cut.
   */
  @Test
  void anHoursTimelineIsDownsampledOnThePageWithItsPeaks() throws Exception {
    Path chromium = chromium();
    Path dir = Files.createTempDirectory("long-page");
    RunSummary hour = TimelineTest.hourSummary();
    hour.write(dir);
    Path page = KafkaPage.write(dir, hour.results());
    Chrome dom = chrome(chromium, "--dump-dom", page.toUri().toString());
    assertNoScriptErrors(dom);
    assertTrue(dom.stdout.contains("data-rendered=\"true\""), "the page script ran to its end");
    // Five series of 600 points (CPU twice, GC pause, event-loop delay, ack latency p99); two on
    // the heap chart.
    assertEquals(5 * 600, points(dom, "injector"));
    assertEquals(2 * 600, points(dom, "heap"));
    assertEquals(880, max(dom, "injector"), "the one late second's event-loop delay is drawn");
    assertEquals(900, max(dom, "heap"), "the one second's heap peak is drawn");
    assertTrue(
        dom.stdout.contains("3,600 per-second samples shown as 600 points of 6 s each"),
        "the caption says by how much");
    // Ten minutes of warm-up, then the measured load to the end: shaded on the downsampled charts
    // as on the others, and named alike wherever the page names them.
    KafkaPageCheck.assertConsistent(dir);
    assertTrue(
        dom.stdout.contains("<span class=\"measuredStart\">600</span>"), "the measured start");
  }

  /**
   * The highest value a chart drew, from the data-max attribute KafkaPage.CHART_JS sets on its
   * element.
   */
  static double max(Chrome dom, String chartId) {
    Matcher m =
        Pattern.compile("<div[^>]*?\\sid=\"" + chartId + "\"[^>]*?\\sdata-max=\"([^\"]*)\"")
            .matcher(dom.stdout);
    assertTrue(m.find(), "chart " + chartId + " has no data-max attribute");
    return Double.parseDouble(m.group(1));
  }

  /**
   * Chromium logs console messages as "INFO:CONSOLE:4] "text", source: ..." (older: "CONSOLE(4)]"),
   * any level.
   */
  private static final Pattern CONSOLE =
      Pattern.compile("CONSOLE(?::\\d+|\\(\\d+\\))\\] \"(.*)\", source:");

  static void assertNoConsoleErrors(Chrome run) {
    List<String> errors =
        CONSOLE
            .matcher(run.stderr)
            .results()
            .map(m -> m.group(1))
            .filter(m -> m.contains("Uncaught") || m.toLowerCase().contains("error"))
            .toList();
    assertEquals(List.of(), errors, run.stderr);
  }

  /**
   * The page's own record of script errors and console.error calls (KafkaPage.ERROR_TRAP): present
   * and empty.
   */
  static void assertNoScriptErrors(Chrome dom) {
    Matcher m = Pattern.compile("<html[^>]*\\sdata-errors=\"([^\"]*)\"").matcher(dom.stdout);
    assertTrue(
        m.find(),
        "the page's error trap ran: "
            + dom.stdout.substring(0, Math.min(300, dom.stdout.length())));
    assertEquals("", m.group(1), "script errors on the page");
  }

  /**
   * The data points a chart drew, from the data-points attribute KafkaPage.CHART_JS sets on its
   * element.
   */
  static int points(Chrome dom, String chartId) {
    Matcher m =
        Pattern.compile("<div[^>]*?\\sid=\"" + chartId + "\"[^>]*?\\sdata-points=\"(\\d+)\"")
            .matcher(dom.stdout);
    assertTrue(m.find(), "chart " + chartId + " has no data-points attribute");
    return Integer.parseInt(m.group(1));
  }

  /**
   * The headless browser that checks a page renders; aborts the test where it is missing, except in
   * CI.
   */
  static Path chromium() {
    Path chromium =
        Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser")
            .map(Paths::get)
            .filter(Files::isExecutable)
            .findFirst()
            .orElse(null);
    if (chromium == null) {
      // CI installs Chromium (.ci/run), so there a missing browser fails; elsewhere the rendering
      // check is skipped.
      assertNotEquals("true", System.getenv("CI"), "Chromium is required in CI");
      Assumptions.abort("Chromium is not installed: apt-get install chromium");
    }
    return chromium;
  }

  record Chrome(String stdout, String stderr) {}

  static Chrome chrome(Path chromium, String... args) throws Exception {
    Path profile = Files.createTempDirectory("chromium");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=5000"));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile("chrome", ".out");
    Path err = Files.createTempFile("chrome", ".err");
    try {
      Process p =
          new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!p.waitFor(90, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        fail("chromium did not finish");
      }
      return new Chrome(Files.readString(out), Files.readString(err));
    } finally {
      // Each render left 2.4 MB of profile and two files in /tmp (815 MB after a few CI runs).
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      EmbeddedKafka.deleteRecursively(profile);
    }
  }
}
