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
import java.util.regex.Matcher;

/**
 * Reads the logs of bench/capacity.sh ({@code run-<arm>-<round>.log}, arms perf, loose and tight)
 * and prints a markdown table of medians over the rounds: ProducerPerformance's unthrottled msg/s
 * and p99; for each capacity search its sustained rate, the ratio to ProducerPerformance's msg/s of
 * the same round, the p99 it held, the rate that failed above it and that plateau's p99, the
 * highest rate any plateau achieved, and what ended the search. Then every round's figures and each
 * search's curve (target, achieved, p99 per plateau): the machine is noisy.
 */
public final class CapacityReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One search: sustained msg/s (NaN: none held), its p99, the lowest failed rate above it and its
   * p99 (NaN: none failed), the highest achieved msg/s of any judged plateau, the limit, the
   * injector CPU % at the failed plateau (NaN: not sampled), and its plateaus.
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

  /** One round: ProducerPerformance's msg/s and p99, and the two searches. */
  record Round(double perf, double perfP99, Search loose, Search tight) {
    double ratio(Search s) {
      return s.sustained() / perf;
    }
  }

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    Map<String, String> env = System.getenv();
    int rounds = Integer.parseInt(env.get("ROUNDS"));
    String loose = env.getOrDefault("LOOSE_P99", "?");
    String tight = env.getOrDefault("TIGHT_P99", "?");
    List<Round> all = new ArrayList<>();
    System.out.printf("%nPer round:%n");
    for (int r = 1; r <= rounds; r++) {
      Matcher m =
          BenchReport.last(
              BenchReport.PERF, Files.readString(dir.resolve("run-perf-" + r + ".log")), "perf");
      Round round =
          new Round(
              Double.parseDouble(m.group(2)),
              Double.parseDouble(m.group(6)),
              search(dir, "loose-" + r),
              search(dir, "tight-" + r));
      all.add(round);
      System.out.printf(
          "  round %d: ProducerPerformance %,.0f msg/s (p99 %s ms)%n",
          r, round.perf(), round.perfP99());
      print("p99 <= " + loose + " ms", round.loose(), round.ratio(round.loose()));
      print("p99 <= " + tight + " ms", round.tight(), round.ratio(round.tight()));
    }
    System.out.printf(
        "%n| run (median of %d rounds) | msg/s found | found / ProducerPerformance | p99 ms at it |"
            + " rate failed above it | p99 ms there | highest achieved msg/s | limit |%n"
            + "|---|---|---|---|---|---|---|---|%n",
        rounds);
    System.out.printf(
        "| Kafka ProducerPerformance, unthrottled | %s | 1.00 | %s | - | - | %s | - |%n",
        rate(BenchReport.median(all, Round::perf)),
        ms(BenchReport.median(all, Round::perfP99)),
        rate(BenchReport.median(all, Round::perf)));
    row("capacity search, p99 <= " + loose + " ms", all, Round::loose);
    row("capacity search, p99 <= " + tight + " ms", all, Round::tight);
    System.out.printf(
        "(found / ProducerPerformance: the median of the per-round ratios; limit: each round's)%n");
  }

  private static void row(
      String label, List<Round> all, java.util.function.Function<Round, Search> which) {
    List<Search> s = all.stream().map(which).toList();
    System.out.printf(
        "| %s | %s | %.2f | %s | %s | %s | %s | %s |%n",
        label,
        rate(BenchReport.median(s, Search::sustained)),
        BenchReport.median(all, r -> r.ratio(which.apply(r))),
        ms(BenchReport.median(s, Search::sustainedP99)),
        rate(BenchReport.median(s, Search::failed)),
        ms(BenchReport.median(s, Search::failedP99)),
        rate(BenchReport.median(s, Search::maxAchieved)),
        String.join(", ", s.stream().map(Search::limit).toList()));
  }

  private static void print(String gate, Search s, double ratio) {
    System.out.printf(
        Locale.ROOT,
        "    search %s: found %s msg/s (%.2fx ProducerPerformance) at p99 %s ms; failed %s msg/s"
            + " at p99 %s ms (%s); injector CPU there %s %%; highest achieved %s msg/s; limit %s%n",
        gate,
        rate(s.sustained()),
        ratio,
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

  private static String rate(double v) {
    return Double.isNaN(v) ? "-" : String.format("%,.0f", v);
  }

  private static String ms(double v) {
    return Double.isNaN(v) ? "-" : v < 10 ? String.format("%.2f", v) : String.format("%,.0f", v);
  }
}
