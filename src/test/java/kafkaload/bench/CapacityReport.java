package kafkaload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the logs of bench/capacity.sh ({@code run-<arm>-<round>.log}, arms perf, loose and tight)
 * and prints a markdown table of medians over the rounds: ProducerPerformance's unthrottled msg/s
 * and p99 over its whole run, and its best 5 s interval (warm, as the search's plateaus are); for
 * each capacity search its sustained rate, its ratio to both figures of the same round, the p99 it
 * held, the rate that failed above it and that plateau's p99, the highest rate any plateau
 * achieved, and what ended the search. Then every round's figures and each search's curve (target,
 * achieved, p99 per plateau): the machine is noisy.
 */
public final class CapacityReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** ProducerPerformance's line every 5 s (its final summary goes on "max latency, ..."). */
  private static final Pattern PERF_INTERVAL =
      Pattern.compile(
          "(?m)^\\d+ records sent, ([\\d.]+) records/sec \\([\\d.]+ MB/sec\\),"
              + " [\\d.]+ ms avg latency, [\\d.]+ ms max latency\\.$");

  /**
   * One search: sustained msg/s (NaN: none held), its p99, the lowest failed rate above it and its
   * p99 (NaN: none failed), the highest achieved msg/s of any judged plateau, the limit, the
   * injector CPU % at the failed plateau (NaN: not sampled), why it failed, and its plateaus.
   */
  record Search(
      double sustained,
      double sustainedP99,
      double failed,
      double failedP99,
      double maxAchieved,
      String limit,
      double failedCpuPct,
      String failedBecause,
      JsonNode plateaus) {}

  /**
   * One round: ProducerPerformance's msg/s and p99 over its whole run, its best 5 s interval's
   * msg/s (NaN: it ran under 5 s), and the two searches.
   */
  record Round(double perf, double perfP99, double perfBest, Search loose, Search tight) {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    Map<String, String> env = System.getenv();
    int rounds = Integer.parseInt(env.get("ROUNDS"));
    String loose = "capacity search, p99 <= " + env.getOrDefault("LOOSE_P99", "?") + " ms";
    String tight = "capacity search, p99 <= " + env.getOrDefault("TIGHT_P99", "?") + " ms";
    List<Round> all = new ArrayList<>();
    System.out.printf("%nPer round:%n");
    for (int r = 1; r <= rounds; r++) {
      String perfLog = Files.readString(dir.resolve("run-perf-" + r + ".log"));
      Matcher m = BenchReport.last(BenchReport.PERF, perfLog, "perf");
      Round round =
          new Round(
              Double.parseDouble(m.group(2)),
              Double.parseDouble(m.group(6)),
              PERF_INTERVAL
                  .matcher(perfLog)
                  .results()
                  .mapToDouble(i -> Double.parseDouble(i.group(1)))
                  .max()
                  .orElse(Double.NaN),
              search(dir, "loose-" + r),
              search(dir, "tight-" + r));
      all.add(round);
      System.out.printf(
          "  round %d: ProducerPerformance %s msg/s (p99 %s ms), best 5 s interval %s msg/s%n",
          r, rate(round.perf()), ms(round.perfP99()), rate(round.perfBest()));
      print(loose, round.loose(), round);
      print(tight, round.tight(), round);
    }
    System.out.printf(
        "%n| run (median of %d rounds) | msg/s found | / ProducerPerformance, whole run |"
            + " / its best 5 s | p99 ms at it | rate failed above it | p99 ms there |"
            + " highest achieved msg/s | limit |%n"
            + "|---|---|---|---|---|---|---|---|---|%n",
        rounds);
    System.out.printf(
        "| Kafka ProducerPerformance, unthrottled, whole run | %s | 1.00 | %s | %s | - | - | %s | - |%n",
        rate(BenchReport.median(all, Round::perf)),
        ratio(BenchReport.median(all, r -> r.perf() / r.perfBest())),
        ms(BenchReport.median(all, Round::perfP99)),
        rate(BenchReport.median(all, Round::perf)));
    System.out.printf(
        "| Kafka ProducerPerformance, its best 5 s interval | %s | %s | 1.00 | - | - | - | %s | - |%n",
        rate(BenchReport.median(all, Round::perfBest)),
        ratio(BenchReport.median(all, r -> r.perfBest() / r.perf())),
        rate(BenchReport.median(all, Round::perfBest)));
    row(loose, all, Round::loose);
    row(tight, all, Round::tight);
    System.out.printf(
        "(ratios: medians of the per-round ratios; ProducerPerformance's whole run includes its"
            + " JVM's start and JIT, its best 5 s interval is warm, as the search's plateaus of %s s"
            + " are; limit: each round's)%n",
        env.getOrDefault("PLATEAU", "?"));
  }

  private static void row(String label, List<Round> all, Function<Round, Search> which) {
    List<Search> s = all.stream().map(which).toList();
    System.out.printf(
        "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
        label,
        rate(BenchReport.median(s, Search::sustained)),
        ratio(BenchReport.median(all, r -> which.apply(r).sustained() / r.perf())),
        ratio(BenchReport.median(all, r -> which.apply(r).sustained() / r.perfBest())),
        ms(BenchReport.median(s, Search::sustainedP99)),
        rate(BenchReport.median(s, Search::failed)),
        ms(BenchReport.median(s, Search::failedP99)),
        rate(BenchReport.median(s, Search::maxAchieved)),
        String.join(", ", s.stream().map(Search::limit).toList()));
  }

  private static void print(String label, Search s, Round round) {
    System.out.printf(
        Locale.ROOT,
        "    %s: found %s msg/s (%sx ProducerPerformance's whole run, %sx its best 5 s) at p99 %s"
            + " ms; failed %s msg/s at p99 %s ms (%s); injector CPU there %s %%; highest achieved"
            + " %s msg/s; limit %s%n",
        label,
        rate(s.sustained()),
        ratio(s.sustained() / round.perf()),
        ratio(s.sustained() / round.perfBest()),
        ms(s.sustainedP99()),
        rate(s.failed()),
        ms(s.failedP99()),
        s.failedBecause(),
        Double.isNaN(s.failedCpuPct()) ? "n/a" : String.format("%.0f", s.failedCpuPct()),
        rate(s.maxAchieved()),
        s.limit());
    StringBuilder curve = new StringBuilder("      curve (target: achieved, p99 ms):");
    for (JsonNode p : s.plateaus()) {
      curve.append(
          String.format(
              Locale.ROOT,
              " %s %s: %s, %s%s;",
              p.path("kind").asText().toLowerCase(Locale.ROOT),
              rate(p.path("targetMsgsPerSec").asDouble()),
              rate(p.path("achievedMsgsPerSec").asDouble()),
              ms(num(p.path("ackLatency").path("p99"))),
              p.path("verdict").path("passed").asBoolean() ? "" : " KO"));
    }
    System.out.println(curve);
  }

  static Search search(Path dir, String run) throws Exception {
    String log = Files.readString(dir.resolve("run-" + run + ".log"));
    JsonNode c =
        JSON.readTree(
                Paths.get(
                        BenchReport.last(BenchReport.KAFKA_PAGE, log, run).group(1),
                        "kafka-summary.json")
                    .toFile())
            .path("protocols")
            .path(0)
            .path("capacity");
    JsonNode v = c.path("verdict");
    double failed = num(v.path("failedMsgsPerSec"));
    double failedP99 = Double.NaN, failedCpu = Double.NaN, maxAchieved = 0;
    for (JsonNode p : c.path("plateaus")) {
      if (!p.path("kind").asText().equals("WARM_UP")) {
        maxAchieved = Math.max(maxAchieved, p.path("achievedMsgsPerSec").asDouble());
      }
      if (!p.path("verdict").path("passed").asBoolean()
          && p.path("targetMsgsPerSec").asDouble() == failed) {
        failedP99 = num(p.path("ackLatency").path("p99"));
        failedCpu = num(p.path("injectorCpuPct"));
      }
    }
    List<String> because = new ArrayList<>();
    v.path("failedBecause").forEach(b -> because.add(b.asText()));
    return new Search(
        num(v.path("sustainedMsgsPerSec")),
        num(v.path("sustainedP99Ms")),
        failed,
        failedP99,
        maxAchieved,
        v.path("limit").asText("?"),
        failedCpu,
        because.isEmpty() ? "-" : String.join(", ", because),
        c.path("plateaus"));
  }

  /** A JSON number, or NaN when absent or null. */
  private static double num(JsonNode n) {
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }

  private static String ratio(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static String rate(double v) {
    return Double.isNaN(v) ? "-" : String.format("%,.0f", v);
  }

  private static String ms(double v) {
    return Double.isNaN(v) ? "-" : v < 10 ? String.format("%.2f", v) : String.format("%,.0f", v);
  }
}
