package kafkaload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * bench/injector-cost.sh's table: per arm, medians over the rounds of msg/s, p99, whole-process,
 * marginal and during-load CPU per message and peak RSS, and the ratios to the first arm. Input:
 * one line per run, {@code arm seconds wall user sys peakRssKB kafka-summary.json}.
 */
public final class InjectorCostReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private InjectorCostReport() {}

  /** One run: its length, messages acked, whole-process CPU, and its own figures. */
  record Run(
      int seconds,
      double acked,
      double cpu,
      double rssMb,
      double msgPerSec,
      double p99,
      double duringPerM) {}

  /** An arm's medians. */
  record Figures(
      double msgPerSec,
      double p99,
      double wholePerM,
      double marginalPerM,
      double duringPerM,
      double rssMb) {}

  public static void main(String[] args) throws Exception {
    List<String> lines = Files.readAllLines(Path.of(args[0]));
    int shortSecs = Integer.parseInt(args[1]);
    int longSecs = Integer.parseInt(args[2]);
    List<String> arms = Arrays.asList(args).subList(3, args.length);
    Map<String, List<Run>> byArm = new LinkedHashMap<>();
    arms.forEach(a -> byArm.put(a, new ArrayList<>()));
    for (String line : lines) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 7) {
        continue;
      }
      byArm.computeIfAbsent(f[0], k -> new ArrayList<>()).add(read(f));
    }
    System.out.printf(
        Locale.ROOT,
        "%n| arm (median) | msg/s (%d s run) | p99 ms | CPU-s per M msgs, whole (%d s run) | marginal"
            + " (%d s minus %d s) | during the load | peak RSS MB | msg/s vs %s | whole CPU vs %s |"
            + " marginal CPU vs %s |%n|---|---|---|---|---|---|---|---|---|---|%n",
        longSecs,
        longSecs,
        longSecs,
        shortSecs,
        arms.get(0),
        arms.get(0),
        arms.get(0));
    Figures base = null;
    for (String arm : arms) {
      Figures m = medians(byArm.get(arm), shortSecs, longSecs);
      if (base == null) {
        base = m;
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %,.0f | %.1f | %.1f | %s | %s | %.0f | %s | %s | %s |%n",
          arm,
          m.msgPerSec(),
          m.p99(),
          m.wholePerM(),
          OpenModelReport.cpu(m.marginalPerM()),
          OpenModelReport.cpu(m.duringPerM()),
          m.rssMb(),
          ratio(m.msgPerSec(), base.msgPerSec()),
          ratio(m.wholePerM(), base.wholePerM()),
          ratio(m.marginalPerM(), base.marginalPerM()));
    }
    System.out.println(
        "\nCPU per message: CPU-seconds per million messages (= µs per message); whole: JVM start to"
            + " exit over every message acked; marginal: the long run's CPU minus the short run's of"
            + " the same round, over the extra messages; during the load: the injector's own reading"
            + " (kafka-summary.json, injector.loadCpu). msg/s, p99, during and RSS: the long runs.");
  }

  private static String ratio(double v, double base) {
    double r = v / base;
    return Double.isNaN(r) || Double.isInfinite(r) ? "n/a" : String.format(Locale.ROOT, "%.2fx", r);
  }

  private static Run read(String[] f) throws Exception {
    JsonNode summary = JSON.readTree(Path.of(f[6]).toFile());
    JsonNode p = summary.path("protocols").path(0);
    JsonNode send = p.path("ackLatencyMs").path("send");
    int seconds = Integer.parseInt(f[1]);
    return new Run(
        seconds,
        p.path("throughput").path("ackedOk").asDouble(),
        Double.parseDouble(f[3]) + Double.parseDouble(f[4]),
        Double.parseDouble(f[5]) / 1024,
        send.path("count").asDouble() / seconds,
        send.path("p99").asDouble(),
        BenchReport.duringLoadCpuPerMillion(summary));
  }

  /** Runs pair up by order: the i-th short run with the i-th long run (the same round). */
  static Figures medians(List<Run> runs, int shortSecs, int longSecs) {
    List<Run> shorts = runs.stream().filter(r -> r.seconds() == shortSecs).toList();
    List<Run> longs = runs.stream().filter(r -> r.seconds() == longSecs).toList();
    List<Double> marginal = new ArrayList<>();
    for (int i = 0; i < Math.min(shorts.size(), longs.size()); i++) {
      double extra = longs.get(i).acked() - shorts.get(i).acked();
      if (extra > 0) {
        marginal.add((longs.get(i).cpu() - shorts.get(i).cpu()) * 1e6 / extra);
      }
    }
    return new Figures(
        BenchReport.median(longs, Run::msgPerSec),
        BenchReport.median(longs, Run::p99),
        BenchReport.median(longs, r -> r.cpu() * 1e6 / Math.max(1, r.acked())),
        BenchReport.median(marginal, Double::doubleValue),
        BenchReport.median(longs, Run::duringPerM),
        BenchReport.median(longs, Run::rssMb));
  }
}
