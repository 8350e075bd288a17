package kafkaload.bench.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatling.charts.stats.GeneralStats;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.commons.stats.Status;
import io.gatling.core.config.GatlingConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import kafkaload.KafkaSendActionBuilder;
import kafkaload.bench.matrix.MatrixGrid.Cell;
import kafkaload.bench.matrix.MatrixGrid.Dimension;

/**
 * One cell's outcome: its figures, read from the cell's Gatling run (simulation.log, with Gatling's
 * own reader, so they are the numbers of its HTML report) and from kafka-summary.json beside it.
 * Skipped and failed cells carry their reason instead.
 */
public record CellResult(
    Cell cell,
    String status,
    String reason,
    long sentOk,
    long sentKo,
    double msgPerSec,
    double mbPerSec,
    double p50Ms,
    double p99Ms,
    double errorPct,
    double cpuMicrosPerMsg,
    long lost,
    long duplicates,
    boolean saturated,
    Path reportDir,
    int exitCode) {

  public static final String OK = "ok";
  public static final String SKIPPED = "skipped";
  public static final String FAILED = "failed";

  // Loading Gatling's configuration takes seconds on a busy machine: once per sweep, started while
  // the broker starts.
  private static final CompletableFuture<GatlingConfiguration> GATLING_CONFIG =
      new CompletableFuture<>();

  static void preloadGatlingConfiguration() {
    Thread t =
        new Thread(
            () -> {
              try {
                GATLING_CONFIG.complete(GatlingConfiguration.load());
              } catch (RuntimeException | LinkageError e) {
                GATLING_CONFIG.completeExceptionally(e);
              }
            },
            "matrix-gatling-config");
    t.setDaemon(true);
    t.start();
  }

  static CellResult notRun(Cell cell, String status, String reason) {
    return new CellResult(
        cell,
        status,
        reason,
        0,
        0,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        -1,
        -1,
        false,
        null,
        -1);
  }

  public boolean ran() {
    return reportDir != null;
  }

  /** The measured request of BaselineSimulation for this cell's mode. */
  static String measuredRequest(Cell cell) {
    return cell.get(Dimension.MODE).equals("async")
        ? "send" + KafkaSendActionBuilder.FIRE_AND_FORGET_SUFFIX
        : "send";
  }

  /**
   * Reads the run in {@code resultsDir} (Gatling's -rf folder of this cell). msg/s is the measured
   * request's OK count over the measured seconds; MB/s counts record values (recordSize bytes
   * each), as kafka-producer-perf-test does; CPU per message is the injector's own reading over its
   * measured load (kafka-summary.json's injector.loadCpu: CPU time during the load over the records
   * acked in it).
   */
  static CellResult read(Cell cell, Path resultsDir, int durationSeconds, int exitCode)
      throws IOException {
    Path report;
    try (Stream<Path> dirs = Files.list(resultsDir)) {
      report =
          dirs.filter(d -> Files.isRegularFile(d.resolve("simulation.log")))
              .findFirst()
              .orElse(null);
    }
    if (report == null || !Files.isRegularFile(report.resolve("index.html"))) {
      return notRun(
          cell,
          FAILED,
          "no Gatling report (exit code "
              + exitCode
              + "); see "
              + resultsDir.resolve("gatling.log"));
    }
    String measured = measuredRequest(cell);
    LogFileData data =
        new LogFileReader(report.resolve("simulation.log").toFile(), GATLING_CONFIG.join()).read();
    GeneralStats all = stats(data, measured, scala.Option.empty());
    if (all == null) {
      return notRun(
          cell, FAILED, "no '" + measured + "' request in the run (exit code " + exitCode + ")");
    }
    GeneralStats ok =
        stats(data, measured, scala.Option.apply(io.gatling.commons.stats.OK$.MODULE$));
    long okCount = ok == null ? 0 : ok.count();
    long koCount = all.count() - okCount;
    // Fire-and-forget records whose ack later failed are KOs of a request of their own.
    GeneralStats ackFailures = stats(data, measured + " ack failure", scala.Option.empty());
    long failed = koCount + (ackFailures == null ? 0 : ackFailures.count());
    double msgPerSec = okCount / (double) durationSeconds;
    double mbPerSec = msgPerSec * Integer.parseInt(cell.get(Dimension.RECORD_SIZE)) / 1_048_576.0;

    JsonNode summary = new ObjectMapper().readTree(report.resolve("kafka-summary.json").toFile());
    JsonNode protocol = summary.path("protocols").path(0);
    JsonNode rec = protocol.path("reconciliation");
    String status = exitCode == 0 ? OK : FAILED;
    String reason = exitCode == 0 ? "" : "exit code " + exitCode + ": " + failedGates(summary);
    return new CellResult(
        cell,
        status,
        reason,
        okCount,
        failed,
        msgPerSec,
        mbPerSec,
        percentile(all, 50),
        percentile(all, 99),
        all.count() == 0 ? 0 : 100.0 * failed / all.count(),
        cpuMicrosPerMessage(summary),
        rec.isObject() ? rec.path("lost").asLong() : -1,
        rec.isObject() ? rec.path("duplicates").asLong() : -1,
        summary.path("injector").path("saturated").asBoolean(),
        report,
        exitCode);
  }

  private static double cpuMicrosPerMessage(JsonNode summary) {
    JsonNode v = summary.path("injector").path("loadCpu").path("microsPerMessage");
    return v.isNumber() ? v.asDouble() : Double.NaN;
  }

  private static GeneralStats stats(LogFileData data, String request, scala.Option<Status> status) {
    scala.Option<GeneralStats> s =
        data.requestGeneralStats(scala.Option.apply(request), scala.Option.empty(), status);
    return s.isDefined() && s.get().count() > 0 ? s.get() : null;
  }

  private static double percentile(GeneralStats s, double q) {
    return ((Number) s.percentile().apply(q)).doubleValue();
  }

  private static String failedGates(JsonNode summary) {
    StringBuilder sb = new StringBuilder();
    for (JsonNode g : summary.path("gates")) {
      if (!g.path("passed").asBoolean(true)) {
        sb.append(sb.length() == 0 ? "" : "; ")
            .append(g.path("description").asText())
            .append(" (actual ")
            .append(g.path("actual").asText())
            .append(')');
      }
    }
    return sb.length() == 0 ? "no gate failed; see the cell's gatling.log" : "failed gates: " + sb;
  }
}
