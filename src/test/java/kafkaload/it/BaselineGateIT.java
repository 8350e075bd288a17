package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.history.BaselineGate;
import kafkaload.internal.report.TrendPage;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline gate against the embedded broker: two runs seed a history, a run of the same
 * settings passes against it (within wide limits: the suite's machine is shared), a third with
 * linger.ms raised far fails naming the figures (console, JUnit XML, Kafka page, Markdown), a run
 * of another record size is refused before any load, and the history renders as a trend page of
 * three runs. Short loads (1 s warm-up, 4 s measured).
 */
class BaselineGateIT {
  private static final String SIMULATION = "simulations.BaselineSimulation";

  @TempDir Path tmp;

  private Map<String, String> props(Path history, String label, String... more) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("kafka.bootstrap.servers", bootstrap());
    p.put("topic", uniqueTopic("gate"));
    p.put("warmup", "1");
    p.put("duration", "4");
    p.put("users", "10");
    p.put("verify", "false");
    p.put("history.dir", history.toString());
    p.put("history.label", label);
    for (int i = 0; i < more.length; i += 2) {
      p.put(more[i], more[i + 1]);
    }
    return p;
  }

  /**
   * Alone after the other classes (the "quiet" execution in pom.xml): beside two other test classes
   * on two cores, one 120 ms broker round trip in the 4 s "same" run moved its p99.9 ack latency
   * +559 % against its history, past even the wide limits below (2026-12-05).
   */
  @Test
  @Tag("quiet")
  void sameSettingsPassARegressionFailsNamingTheFigureAndTheHistoryRenders() throws Exception {
    Path history = tmp.resolve("history");
    GatlingRun first = runGatling(SIMULATION, props(history, "first"), 120);
    assertEquals(0, first.exitCode(), first.tail());
    assertTrue(first.output().contains("[kafkaload] added to the history: "), first.tail());
    // A history of two runs, so "same" is judged as the gate judges in CI: against runs whose own
    // spread is known (one 4 s run against one other is at the mercy of a noisy second).
    GatlingRun second = runGatling(SIMULATION, props(history, "second"), 120);
    assertEquals(0, second.exitCode(), second.tail());
    Path firstReport = reportDir(first);
    assertTrue(
        Files.readString(firstReport.resolve("kafka-summary.md"))
            .startsWith("## Kafka load test: passed"));

    // The gate on identical samples, at its default limits: the second run's own figures (its
    // per-second samples and histograms as the history stores them) against a history of two
    // copies of itself. Every figure is judged, none moves, and no test is even half sure of a
    // regression: the gate's statistic, not the machine's noise, is what is checked here.
    RunResults secondRun = ResultsJson.read(reportDir(second).resolve("kafka-summary.json"));
    BaselineComparison itself =
        BaselineGate.compare(
            secondRun, List.of(secondRun, secondRun), BaselineGate.Thresholds.defaults(), "itself");
    assertEquals(List.of(), itself.flags(), itself.toString());
    assertFalse(itself.regressed(), itself.toString());
    List<String> judged = new ArrayList<>();
    for (BaselineComparison.Figure f : itself.figures()) {
      if (!f.estimate().test().equals("none")) {
        judged.add(f.name());
        assertEquals(0.0, f.values().changePct(), 1e-9, f.toString());
        assertEquals(0.0, f.estimate().shift(), 1e-9, f.toString());
        assertTrue(f.estimate().confidence() <= 0.5 + 1e-9, f.toString());
      }
    }
    assertTrue(
        judged.containsAll(
            List.of(
                BaselineGate.P99,
                BaselineGate.P999,
                BaselineGate.RATE,
                BaselineGate.ERRORS,
                BaselineGate.CPU)),
        "judged: " + judged + " in " + itself);

    // Same settings pass end to end, within limits wide enough for the suite's machine: two test
    // classes run side by side on two cores, and a run of the same settings was seen at -46 %
    // msg/s, +49 % CPU per message and +78 % p99 against its history (a clean-clone run,
    // 2026-12-01). What this run checks is the wiring (comparable, judged against both runs, every
    // figure, no flag); the statistic is checked above on identical samples, and the false-alarm
    // rate at the default limits is bench/gate.sh's, on a quiet machine (docs/ci-gate.md). The
    // regression below is judged at the default limits.
    GatlingRun same =
        runGatling(
            SIMULATION,
            props(
                history,
                "same",
                "gate.baseline",
                history.toString(),
                "gate.baseline.p99Pct",
                "500",
                "gate.baseline.p999Pct",
                "500",
                "gate.baseline.throughputPct",
                "80",
                "gate.baseline.cpuPct",
                "500",
                "gate.baseline.e2ePct",
                "500",
                "gate.baseline.lagPct",
                "500"),
            120);
    assertEquals(0, same.exitCode(), same.tail());
    assertTrue(same.output().contains("BASELINE VERDICT: PASS"), same.tail());
    JsonNode sameBaseline = summaryJson(same).get("baseline");
    assertEquals(2, sameBaseline.get("baselineRuns").asInt());
    assertEquals(7, sameBaseline.get("figures").size());
    for (JsonNode f : sameBaseline.get("figures")) {
      assertFalse(f.get("regression").asBoolean(), f.toString());
    }

    // linger.ms 300: with 10 users each waiting for its ack, a batch never fills, so every send
    // waits for the linger: the ack latency rises about a hundredfold and the rate falls with it.
    GatlingRun slow =
        runGatling(
            SIMULATION,
            props(history, "slow", "gate.baseline", history.toString(), "linger.ms", "300"),
            120);
    assertNotEquals(0, slow.exitCode(), slow.tail());
    String out = slow.output();
    assertTrue(out.contains("FLAG: linger.ms: 1 in baseline run 1, 300 now"), slow.tail());
    assertTrue(out.contains("REGRESSION msg/s: "), slow.tail());
    assertTrue(out.contains("BASELINE VERDICT: FAIL"), slow.tail());
    // Gatling's assertion output names the figure's request.
    assertTrue(
        out.contains("kafka baseline: msg/s: count of failed events is 0.0 : false"), slow.tail());
    Path report = reportDir(slow);
    String junit = Files.readString(report.resolve("js/assertions.xml"));
    assertTrue(
        junit.matches(
            "(?s).*kafka baseline: msg/s: count of failed events.*msg/s: [0-9.]+ msg/s -&gt; [0-9.]+ msg/s \\(-[0-9.]+%.*confidence [0-9.]+%.*REGRESSION.*"),
        junit);
    JsonNode baseline = summaryJson(slow).get("baseline");
    assertEquals(3, baseline.get("baselineRuns").asInt());
    // linger.ms 300 caps 10 users at about 33 sends a second: the rate is what surely falls, even
    // on a machine so busy that its baseline p99 is already hundreds of ms.
    JsonNode rate = baseline.get("figures").get(2);
    assertEquals("msg/s", rate.get("name").asText());
    assertTrue(
        rate.get("regression").asBoolean()
            && rate.get("current").asDouble() < rate.get("baseline").asDouble() / 1.15,
        rate.toString());
    assertTrue(Files.readString(report.resolve("kafka.html")).contains("\"regression\" : true"));
    String md = Files.readString(report.resolve("kafka-summary.md"));
    assertTrue(
        md.startsWith("## Kafka load test: FAILED")
            && md.contains("**REGRESSION**")
            && md.contains("`slow`"),
        md);

    // The history's four runs as a trend page.
    Path page = TrendPage.write(history, tmp.resolve("trends"));
    String html = Files.readString(page);
    assertTrue(
        html.contains("\"label\":\"first\"")
            && html.contains("\"label\":\"same\"")
            && html.contains("\"label\":\"slow\""),
        html);

    // The Kafka page of the slow run shows the regressions (where a browser is installed).
    String kafkaPage =
        KafkaPageIT.chrome(
                KafkaPageIT.chromium(),
                "--dump-dom",
                report.resolve("kafka.html").toUri().toString())
            .stdout();
    assertTrue(kafkaPage.contains("data-errors=\"\""), "no script error on the Kafka page");
    assertTrue(
        kafkaPage.matches("(?s).*id=\"baseline\"[^>]*data-regressions=\"[1-9]\".*"),
        "regressions shown");
    assertTrue(kafkaPage.contains("Against the baseline") && kafkaPage.contains("REGRESSION"));
  }

  /**
   * A history of four runs renders in a headless browser: four runs, every chart drawn, no script
   * error.
   */
  @Test
  void theTrendPageRendersInABrowser() throws Exception {
    Path chromium = KafkaPageIT.chromium();
    Path history = tmp.resolve("rendered");
    Files.createDirectories(history);
    String fixture =
        Files.readString(
            Path.of("src/test/resources/kafkaload/results/kafka-summary-baseline.json"));
    for (int i = 1; i <= 4; i++) {
      Files.writeString(
          history.resolve("2026-12-01T07-1" + i + "-00Z__run" + i + ".json"), fixture);
    }
    Path page = TrendPage.write(history, tmp.resolve("trends-rendered"));
    String dom = KafkaPageIT.chrome(chromium, "--dump-dom", page.toUri().toString()).stdout();
    String head = dom.substring(0, Math.min(800, dom.length()));
    assertTrue(dom.contains("data-errors=\"\""), "no script error: " + head);
    assertTrue(dom.contains("data-runs=\"4\""), head);
    assertTrue(
        dom.matches("(?s).*id=\"latency\"[^>]*data-points=\"12\".*"),
        "3 percentiles of 4 runs drawn: " + dom);
    assertTrue(
        dom.matches("(?s).*id=\"throughput\"[^>]*data-points=\"4\".*"), "msg/s of 4 runs drawn");
  }

  @Test
  void aBaselineOfAnotherRecordSizeIsRefusedBeforeAnyLoad() throws Exception {
    Path history = tmp.resolve("other");
    Files.createDirectories(history);
    Path baseline = history.resolve("kafka-summary.json");
    Files.copy(
        Path.of("src/test/resources/kafkaload/results/kafka-summary-baseline.json"), baseline);
    Map<String, String> p =
        props(history, "x", "gate.baseline", baseline.toString(), "recordSize", "100");
    GatlingRun run = runGatling(SIMULATION, p, 60);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output().contains("baseline gate: the baseline measured something else")
            && run.output().contains("recordSize: 1024 in " + baseline + ", 100 now"),
        run.tail());
    try (Admin admin = admin()) {
      assertFalse(
          admin.listTopics().names().get().contains(p.get("topic")), "no topic was created");
    }
  }
}
