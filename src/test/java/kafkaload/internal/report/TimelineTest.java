package kafkaload.internal.report;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.verification.InjectorHealth;
import kafkaload.internal.verification.LagMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Downsampling a long run's series: at most 600 points, means where a mean reads right, peaks kept.
 * The synthetic hour is public for the page's check (KafkaPageIT).
 */
public class TimelineTest {
  static final Map<String, Double> PRODUCER =
      Map.of("bufferpool-wait-ratio", 0.0001, "record-send-rate", 2000.0);

  /**
   * An hour of samples at 2,000 msg/s with one bad second at 1,234 s: a GC pause, a late event
   * loop, a stall.
   */
  public static List<InjectorSample> hour() {
    List<InjectorSample> s = new ArrayList<>();
    for (int i = 1; i <= 3600; i++) {
      boolean bad = i == 1234;
      s.add(
          new InjectorSample(
              i,
              new InjectorSample.Load(bad ? 0 : 2000, bad ? 0 : 1.95, 1.5, 3),
              new InjectorSample.Resources(
                  40,
                  30,
                  bad ? 900 : 200 + i % 7,
                  i < 5 ? Double.NaN : bad ? 640 : 30 + i / 360.0,
                  bad ? 870 : 2,
                  bad ? 870 : 2),
              new InjectorSample.EventLoop(
                  bad ? 300 : 0.5, 10, bad ? 850 : 1, bad ? 880 : 2, bad ? 9 : 0),
              PRODUCER));
    }
    return s;
  }

  @Test
  void samplesPerPointKeepsEverySeriesWithinTheBound() {
    assertEquals(1, Timeline.samplesPerPoint(0, 600));
    assertEquals(1, Timeline.samplesPerPoint(600, 600));
    assertEquals(2, Timeline.samplesPerPoint(601, 600));
    assertEquals(6, Timeline.samplesPerPoint(3600, 600));
    assertEquals(7, Timeline.samplesPerPoint(3601, 600));
    assertEquals(144, Timeline.samplesPerPoint(86_400, 600));
  }

  @Test
  void anHourOfInjectorSamplesBecomes600PointsWithItsPeaks() {
    List<InjectorSample> points = Timeline.injector(hour(), Timeline.samplesPerPoint(3600, 600));
    assertEquals(600, points.size());
    // The bad second is in the point of seconds 1,231-1,236, which carries the second of its last
    // sample.
    InjectorSample bad = points.get(205);
    assertEquals(1236, bad.second());
    assertEquals(870, bad.resources().gcPauseMs());
    assertEquals(870, bad.resources().gcMaxPauseMs());
    assertEquals(900, bad.resources().heapUsedMb());
    assertEquals(640, bad.resources().heapAfterGcMb());
    assertEquals(300, bad.eventLoop().sendBlockedMs());
    assertEquals(850, bad.eventLoop().eventLoopDelayP99Ms());
    assertEquals(880, bad.eventLoop().eventLoopDelayMaxMs());
    assertEquals(9, bad.eventLoop().eventLoopProbesOverBound());
    assertEquals(60, bad.eventLoop().eventLoopProbes(), "probe counts add up");
    assertEquals(5 * 2000 / 6.0, bad.load().msgsPerSec(), 1e-9, "a rate is the point's mean");
    assertEquals(40, bad.resources().systemCpuPct(), 1e-9);
    assertEquals(0.0001, bad.producer().get("bufferpool-wait-ratio"), 1e-12);
    // Before the first GC there is no heap after GC: the first point has it from its fifth and
    // sixth samples.
    assertEquals(30 + 6 / 360.0, points.get(0).resources().heapAfterGcMb(), 1e-9);
    assertEquals(3600, points.get(599).second());
    assertEquals(
        hour().stream().mapToLong(p -> p.eventLoop().eventLoopProbes()).sum(),
        points.stream().mapToLong(p -> p.eventLoop().eventLoopProbes()).sum());
  }

  @Test
  void aNaNOnlyPointStaysNaN() {
    List<InjectorSample> s = hour().subList(0, 4);
    InjectorSample p = Timeline.injector(s, 4).get(0);
    assertTrue(Double.isNaN(p.resources().heapAfterGcMb()), "no collection yet: no value, not 0");
  }

  @Test
  void aShortSeriesIsKeptAsItIs() {
    List<InjectorSample> s = hour().subList(0, 600);
    assertSame(s, Timeline.injector(s, Timeline.samplesPerPoint(s.size(), 600)));
  }

  @Test
  void lagKeepsItsHighestSampleOfEachPoint() {
    List<LagMonitor.Sample> lag = new ArrayList<>();
    for (int i = 1; i <= 1800; i++) {
      lag.add(new LagMonitor.Sample(2.0 * i, i == 1001 ? 50_000 : 10));
    }
    List<ProtocolResults.LagPoint> points =
        Timeline.lag(lag, Timeline.samplesPerPoint(lag.size(), 600));
    assertEquals(600, points.size());
    assertEquals(
        50_000, points.stream().mapToLong(ProtocolResults.LagPoint::totalLag).max().getAsLong());
    assertEquals(1, points.stream().filter(p -> p.totalLag() == 50_000).count());
    assertEquals(3600, points.get(599).second());
  }

  @Test
  void csvHasEverySecondAndLeavesUnknownValuesEmpty() {
    String[] lines = Timeline.csv(hour()).split("\n");
    assertEquals(3601, lines.length);
    List<String> header = List.of(lines[0].split(","));
    assertEquals("second", header.get(0));
    assertTrue(
        header.contains("heapAfterGcMb") && header.contains("producer.bufferpool-wait-ratio"),
        lines[0]);
    String[] first = lines[1].split(",", -1);
    assertEquals("", first[header.indexOf("heapAfterGcMb")], "NaN is an empty cell");
    assertEquals("0.0001", first[header.indexOf("producer.bufferpool-wait-ratio")]);
    assertEquals("870", lines[1234].split(",", -1)[header.indexOf("gcPauseMs")]);
  }

  /**
   * An injector's kafka-timeline.csv reads back into its samples, at the file's six significant
   * digits.
   */
  @Test
  void csvReadsBackIntoSamples() {
    String csv = Timeline.csv(hour());
    List<InjectorSample> read = Timeline.readCsv(csv);
    assertEquals(3600, read.size());
    assertEquals(csv, Timeline.csv(read));
    assertTrue(Double.isNaN(read.get(0).resources().heapAfterGcMb()), "an empty cell is NaN");
    assertEquals(
        hour().get(1233),
        read.get(1233),
        "the bad second's values have six digits or fewer: exact");
  }

  /**
   * A merged run's file: every injector's rows, an injector column first, by injector then second.
   */
  @Test
  void aMergedRunsCsvHoldsEachInjectorsSeconds() {
    List<InjectorSample> a = hour().subList(0, 3);
    List<InjectorSample> b = hour().subList(1230, 1235);
    String[] lines = Timeline.csvByInjector(Map.of(2, b, 0, a)).split("\n");
    assertEquals(1 + 3 + 5, lines.length);
    assertTrue(lines[0].startsWith("injector,second,"), lines[0]);
    assertTrue(
        lines[1].startsWith("0,1,") && lines[3].startsWith("0,3,"), lines[1] + " / " + lines[3]);
    assertTrue(
        lines[4].startsWith("2,1231,") && lines[8].startsWith("2,1235,"),
        lines[4] + " / " + lines[8]);
    assertEquals(
        Timeline.readCsv(Timeline.csv(b)),
        Timeline.readCsv(lines[0] + "\n" + String.join("\n", List.of(lines).subList(4, 9))),
        "the injector column does not disturb the reading");
  }

  /**
   * An hour's summary: the JSON holds 600 points and says so; the CSV beside it holds the 3,600
   * seconds.
   */
  @Test
  void anHoursSummaryIsDownsampledAndSaysSo(@TempDir Path dir) throws Exception {
    RunSummary summary = hourSummary();
    summary.write(dir);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("kafka-summary.json").toFile());
    assertEquals(600, json.get("timeline").size());
    JsonNode res = json.get("timelineResolution");
    assertTrue(res.get("downsampled").asBoolean());
    assertEquals(3600, res.get("samples").asInt());
    assertEquals(6, res.get("samplesPerPoint").asInt());
    double maxPause = 0;
    for (JsonNode p : json.get("timeline")) {
      maxPause = Math.max(maxPause, p.get("gcPauseMs").asDouble());
    }
    assertEquals(870, maxPause);
    assertEquals(640, json.get("injector").get("heapAfterGcMb").get("max").asDouble());
    assertEquals(
        3601, Files.readAllLines(dir.resolve("kafka-timeline.csv"), StandardCharsets.UTF_8).size());
  }

  public static RunSummary hourSummary() {
    List<InjectorSample> hour = hour();
    return RunSummary.of(
        List.of(),
        Map.of("duration", "3600"),
        new RunSummary.Injector(
            hour,
            hour,
            new InjectorHealth.Verdict(false, List.of()),
            new double[] {0, 3600},
            new double[] {600, 3600},
            new double[] {0, 600},
            new InjectorResults.EventLoopDelay(4, 36_000, 100, 1, 2, 880),
            new InjectorResults.Bounds(90, 10, 10, 1000, 0.1, 100),
            null),
        0,
        3_600_000);
  }
}
