package kafkaload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;

/**
 * Reads the logs of bench/open-model.sh ({@code run-<arm>-<seconds>-<round>.log/.time}) and prints,
 * per arm, the medians over the rounds of: msg/s, ack latency of the long run, whole-process CPU
 * per million messages (long run, JVM start to exit), the marginal CPU per million (long minus
 * short run, over the extra messages) and, for Gatling, the CPU per million during its measured
 * load (long run, from its kafka-summary.json: {@code injector.loadCpu}; ProducerPerformance has no
 * such figure: n/a), with the ratios against ProducerPerformance (arm "perf"). Every round's
 * figures are printed too: the machine is noisy.
 */
public final class OpenModelReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One run: messages sent (warm-up included), whole-process CPU seconds, the measured rate,
   * latency (ms), CPU-s per million messages during the measured load (NaN: not known).
   */
  record Run(
      double msgs,
      double cpu,
      double msgPerSec,
      double p50,
      double p99,
      double p999,
      double duringCpuPerM) {}

  /**
   * One arm in one round: its long run's latency and rate, whole and marginal CPU per million
   * messages.
   */
  record Figures(
      double msgPerSec,
      double p50,
      double p99,
      double p999,
      double wholeCpuPerM,
      double marginalCpuPerM,
      double duringCpuPerM) {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    Map<String, String> env = System.getenv();
    int rounds = Integer.parseInt(env.get("ROUNDS"));
    int shortS = Integer.parseInt(env.get("SHORT"));
    int longS = Integer.parseInt(env.get("LONG"));
    List<String> arms = List.of(env.get("ARMS").trim().split("\\s+"));
    Map<String, List<Figures>> byArm = new LinkedHashMap<>();
    System.out.printf(
        "%nPer round (arm: msg/s, p99 ms of the %d s run, whole CPU-s per M msgs, marginal CPU-s per M,"
            + " CPU-s per M during the measured load):%n",
        longS);
    for (String arm : arms) {
      List<Figures> rows = new ArrayList<>();
      for (int r = 1; r <= rounds; r++) {
        Run s = read(dir, arm + "-" + shortS + "-" + r, shortS);
        Run l = read(dir, arm + "-" + longS + "-" + r, longS);
        Figures f =
            new Figures(
                l.msgPerSec(),
                l.p50(),
                l.p99(),
                l.p999(),
                l.cpu() / l.msgs() * 1e6,
                (l.cpu() - s.cpu()) / (l.msgs() - s.msgs()) * 1e6,
                l.duringCpuPerM());
        rows.add(f);
        System.out.printf(
            "  round %d %s: %,.0f msg/s, p99 %.1f, whole %.1f, marginal %.1f, during the load %s%n",
            r,
            arm,
            f.msgPerSec(),
            f.p99(),
            f.wholeCpuPerM(),
            f.marginalCpuPerM(),
            cpu(f.duringCpuPerM()));
      }
      byArm.put(arm, rows);
    }
    Figures base =
        byArm.containsKey("perf")
            ? median(byArm.get("perf"))
            : byArm.containsKey("perf-warm") ? median(byArm.get("perf-warm")) : null;
    System.out.printf(
        "%n| arm (median of %d rounds) | msg/s | p50 ms | p99 ms | p99.9 ms | CPU-s per M msgs, whole | "
            + "CPU-s per M msgs, marginal | CPU-s per M msgs, during the load | p99 vs PP | "
            + "whole CPU vs PP | marginal CPU vs PP |%n"
            + "|---|---|---|---|---|---|---|---|---|---|---|%n",
        rounds);
    for (String arm : arms) {
      Figures f = median(byArm.get(arm));
      System.out.printf(
          "| %s | %,.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %s | %s | %s | %s |%n",
          label(arm),
          f.msgPerSec(),
          f.p50(),
          f.p99(),
          f.p999(),
          f.wholeCpuPerM(),
          f.marginalCpuPerM(),
          cpu(f.duringCpuPerM()),
          ratio(f.p99(), base, Figures::p99),
          ratio(f.wholeCpuPerM(), base, Figures::wholeCpuPerM),
          ratio(f.marginalCpuPerM(), base, Figures::marginalCpuPerM));
    }
    System.out.printf(
        "(latency and msg/s of the %d s runs; whole = JVM start to exit of the %d s run; marginal = the "
            + "%d s run minus the %d s run, over the extra messages; during the load = the process CPU "
            + "from the first request outside the warm-up to the load's end, over the records acked in "
            + "it, Gatling's own reading of the %d s run; ProducerPerformance has no such figure: n/a)%n",
        longS, longS, longS, shortS, longS);
  }

  private static String label(String arm) {
    return switch (arm) {
      case "perf" -> "Kafka ProducerPerformance, throttled";
      case "gatling" -> "ConstantRateSimulation, shipped defaults";
      case "gatling-burst1" -> "ConstantRateSimulation, -Dburst=1 (a virtual user per record)";
      case "perf-warm" -> "Kafka ProducerPerformance, throttled, after a warm-up in the same JVM";
      case "gatling-warm" -> "ConstantRateSimulation, shipped defaults, after its warm-up";
      default -> arm;
    };
  }

  /** A CPU figure, or n/a for a tool that does not measure it. */
  static String cpu(double v) {
    return Double.isNaN(v) ? "n/a" : String.format("%.1f", v);
  }

  private static String ratio(double v, Figures base, ToDoubleFunction<Figures> f) {
    return base == null ? "-" : String.format("%.2fx", v / f.applyAsDouble(base));
  }

  static Run read(Path dir, String run, int seconds) throws Exception {
    double[] t = BenchReport.time(dir.resolve("run-" + run + ".time"));
    double cpu = t[1] + t[2];
    String log = Files.readString(dir.resolve("run-" + run + ".log"));
    if (run.startsWith("perf")) {
      // The last summary line is the measured run's; a warm-up before it (perf-warm) counts in the
      // CPU's messages.
      Matcher m = BenchReport.last(BenchReport.PERF, log, run);
      double sent =
          BenchReport.PERF
              .matcher(log)
              .results()
              .mapToDouble(r -> Double.parseDouble(r.group(1)))
              .sum();
      return new Run(
          sent,
          cpu,
          Double.parseDouble(m.group(2)),
          Double.parseDouble(m.group(4)),
          Double.parseDouble(m.group(6)),
          Double.parseDouble(m.group(7)),
          Double.NaN);
    }
    JsonNode summary =
        JSON.readTree(
            Paths.get(
                    BenchReport.last(BenchReport.KAFKA_PAGE, log, run).group(1),
                    "kafka-summary.json")
                .toFile());
    JsonNode p = summary.path("protocols").path(0);
    JsonNode send = p.path("ackLatencyMs").path("send");
    JsonNode tp = p.path("throughput");
    return new Run(
        tp.path("ackedOk").asDouble() + tp.path("failed").asDouble(),
        cpu,
        send.path("count").asDouble() / seconds,
        send.path("p50").asDouble(),
        send.path("p99").asDouble(),
        send.path("p99.9").asDouble(),
        BenchReport.duringLoadCpuPerMillion(summary));
  }

  private static Figures median(List<Figures> rows) {
    return new Figures(
        BenchReport.median(rows, Figures::msgPerSec),
        BenchReport.median(rows, Figures::p50),
        BenchReport.median(rows, Figures::p99),
        BenchReport.median(rows, Figures::p999),
        BenchReport.median(rows, Figures::wholeCpuPerM),
        BenchReport.median(rows, Figures::marginalCpuPerM),
        BenchReport.median(rows, Figures::duringCpuPerM));
  }
}
