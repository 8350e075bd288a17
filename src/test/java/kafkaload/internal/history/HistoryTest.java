package kafkaload.internal.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import kafkaload.internal.results.RunResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history folder, comparability, change points and the Markdown summary. */
class HistoryTest {
  @TempDir Path dir;

  @Test
  void aMissingBaselineIsNamed() {
    Path missing = dir.resolve("nope.json");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RunHistory.baseline(missing, 10));
    assertTrue(
        e.getMessage().contains(missing.toString()) && e.getMessage().contains("does not exist"),
        e.getMessage());
  }

  @Test
  void aMalformedBaselineIsNamed() throws Exception {
    Path bad =
        Files.writeString(
            dir.resolve("kafka-summary.json"), "{\"schemaVersion\": 1, \"protocols\": [");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RunHistory.baseline(dir, 10));
    assertTrue(
        e.getMessage().contains(bad.toString())
            && e.getMessage().contains("not a readable kafka-summary.json"),
        e.getMessage());
    Files.writeString(bad, "{\"schemaVersion\": 7}");
    e = assertThrows(IllegalArgumentException.class, () -> RunHistory.baseline(bad, 10));
    assertTrue(e.getMessage().contains("schemaVersion 7"), e.getMessage());
  }

  @Test
  void anEmptyFolderIsNoBaseline() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RunHistory.baseline(dir, 10));
    assertTrue(e.getMessage().contains("holds no run"), e.getMessage());
  }

  @Test
  void runsAreAddedInOrderWithTheirLabelsAndTheLatestAreTheBaseline() throws Exception {
    RunResults r = Fixtures.run();
    for (int i = 0; i < 4; i++) {
      RunHistory.add(dir, Fixtures.withStartedAt(r, "2026-12-01T07:1" + i + ":00Z"), "commit/" + i);
    }
    List<RunHistory.Entry> all = RunHistory.entries(dir);
    assertEquals(4, all.size());
    assertEquals("commit_0", all.get(0).label());
    assertEquals("2026-12-01T07:13:00Z", all.get(3).results().period().startedAt());
    List<RunHistory.Entry> last2 = RunHistory.baseline(dir, 2);
    assertEquals(
        List.of("commit_2", "commit_3"), last2.stream().map(RunHistory.Entry::label).toList());
    assertEquals(1, RunHistory.baseline(Fixtures.FILE, 2).size());
  }

  @Test
  void anotherSimulationRecordSizeAcksBrokerOrInjectorCountIsRefused() {
    RunResults r = Fixtures.run();
    for (Map.Entry<String, String> change :
        Map.of(
                "simulation",
                "simulations.Other",
                "recordSize",
                "100",
                "acks",
                "all",
                "kafka.embedded.brokers",
                "3",
                "injector.count",
                "2")
            .entrySet()) {
      Comparability.Differences d =
          Comparability.of(
              Fixtures.withParameter(r, change.getKey(), change.getValue()), r, "the baseline");
      assertEquals(1, d.refusing().size(), change + ": " + d);
      assertTrue(
          d.refusing().get(0).startsWith(change.getKey() + ": ")
              && d.refusing().get(0).endsWith(change.getValue() + " now"),
          d.toString());
    }
    Comparability.Differences same =
        Comparability.of(Fixtures.withParameter(r, "topic", "another"), r, "b");
    assertTrue(same.refusing().isEmpty() && same.flags().isEmpty(), same.toString());
  }

  @Test
  void beforeTheLoadOnlyWhatIsKnownIsCompared() {
    Map<String, String> baseline = Fixtures.run().parameters();
    assertTrue(
        Comparability.refusedBeforeLoad(Map.of("recordSize", "1024", "acks", "1"), baseline, "b")
            .isEmpty());
    List<String> r =
        Comparability.refusedBeforeLoad(Map.of("recordSize", "100", "acks", "1"), baseline, "b");
    assertEquals(List.of("recordSize: 1024 in b, 100 now"), r);
    assertEquals(
        1,
        Comparability.refusedBeforeLoad(Map.of("kafka.embedded.brokers", "3"), baseline, "b")
            .size());
  }

  @Test
  void aShiftInTheSeriesIsTheChangePoint() {
    Random rnd = new Random(7);
    double[] series = new double[16];
    for (int i = 0; i < series.length; i++) {
      series[i] = (i < 9 ? 10 : 14) + rnd.nextDouble();
    }
    ChangePoint.Change c = ChangePoint.find(series);
    assertEquals(9, c.index());
    assertTrue(c.after() > c.before());
    double[] flat = new double[16];
    int found = 0;
    for (int seed = 0; seed < 50; seed++) {
      Random n = new Random(seed);
      for (int i = 0; i < flat.length; i++) {
        flat[i] = 10 + n.nextGaussian();
      }
      found += ChangePoint.find(flat) == null ? 0 : 1;
    }
    assertTrue(found <= 15, "change points in pure noise: " + found + " of 50");
    assertNull(
        ChangePoint.find(new double[] {1, 2, 3, 4, 5, 6, 7}), "too short for two segments of 4");
  }

  @Test
  void theMarkdownSummaryHasTheGatesFiguresAndDeltas() {
    RunResults r = Fixtures.run();
    RunResults slow = Fixtures.scaled(r, 3, 1, 0, 1);
    RunResults judged =
        slow.withBaseline(
            BaselineGate.compare(
                slow, List.of(r), BaselineGate.Thresholds.defaults(), "base/kafka-summary.json"));
    String md = MarkdownSummary.of(judged, "abc123");
    assertTrue(md.startsWith("## Kafka load test: FAILED"), md);
    assertTrue(
        md.contains("`abc123`")
            && md.contains("### Gates")
            && md.contains("### Against the baseline"),
        md);
    assertTrue(md.contains("| p99 ack latency (ms) |") && md.contains("**REGRESSION**"), md);
    assertTrue(md.contains(r.verdicts().gates().get(0).description()), md);
    String same =
        MarkdownSummary.of(
            r.withBaseline(
                BaselineGate.compare(r, List.of(r), BaselineGate.Thresholds.defaults(), "b")),
            "");
    assertTrue(same.startsWith("## Kafka load test: passed") && !same.contains("REGRESSION"), same);
  }

  @Test
  void theMarkdownSummaryGivesTheCpuPerMessageDuringTheLoad() {
    RunResults r = Fixtures.run();
    assertFalse(MarkdownSummary.of(r, "").contains("during the load"), "no split, no rows");
    kafkaload.internal.results.LoadCpu cpu =
        kafkaload.internal.results.LoadCpu.between(
                new kafkaload.internal.results.LoadCpu.Reading(2, 6, 1000),
                new kafkaload.internal.results.LoadCpu.Reading(22, 16, 401_000),
                kafkaload.internal.results.LoadCpu.FIRST_MEASURED_REQUEST,
                true)
            .withCpuAtReport(19.5);
    String md = MarkdownSummary.of(r.withInjector(r.injector().withLoadCpu(cpu)), "");
    assertTrue(
        md.contains(
            "| CPU per message during the load (µs of CPU time, the in-JVM broker included) | 25.00 |"),
        md);
    assertTrue(md.contains("| injector CPU-s before the load (start-up, warm-up) | 6.00 |"), md);
    assertTrue(md.contains("| injector CPU-s during the load | 10.00 |"), md);
    assertTrue(
        md.contains("after the load (reconciliation, Gatling's parse, report) | 3.50 |"), md);
  }
}
