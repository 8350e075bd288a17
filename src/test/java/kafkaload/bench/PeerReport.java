package kafkaload.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the logs of bench/peer-galaxio.sh ({@code run-<arm>-<seconds>-<round>.log/.time}, and for
 * the galaxio arms the {@code .report.log} of Gatling's report of the run) and prints, per arm, the
 * medians over the rounds of: msg/s and ack latency of the long run, whole-process CPU per million
 * messages (long run, JVM start to exit), marginal CPU per million (long minus short run, over the
 * extra messages) and peak RSS; then the ratios of this protocol's arms to the galaxio arm of the
 * same model, and the median of the ratios within each round (paired). Every round's figures are
 * printed too: the machine is noisy.
 */
public final class PeerReport {
  /** One arm in one round. */
  record Figures(
      double msgPerSec,
      double p50,
      double p99,
      double wholeCpuPerM,
      double marginalCpuPerM,
      double rssMb,
      double failed,
      double brokerCpuPerM) {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    Map<String, String> env = System.getenv();
    int rounds = Integer.parseInt(env.get("ROUNDS"));
    int shortS = Integer.parseInt(env.get("SHORT"));
    int longS = Integer.parseInt(env.get("LONG"));
    List<String> arms = List.of(env.get("ARMS").trim().split("\\s+"));
    Map<String, Figures> med = new LinkedHashMap<>();
    Map<String, List<Figures>> perRound = new LinkedHashMap<>();
    System.out.printf(
        "%nPer round (arm: msg/s, p99 ms of the %d s run, whole CPU-s per M msgs, marginal CPU-s per M,"
            + " the broker's CPU-s per M msgs over the run):%n",
        longS);
    for (String arm : arms) {
      List<Figures> rows = new ArrayList<>();
      for (int r = 1; r <= rounds; r++) {
        Figures f = figures(dir, arm, r, shortS, longS);
        rows.add(f);
        System.out.printf(
            "  round %d %s: %,.0f msg/s, p99 %.1f, whole %.1f, marginal %.1f, broker %.1f%n",
            r,
            arm,
            f.msgPerSec(),
            f.p99(),
            f.wholeCpuPerM(),
            f.marginalCpuPerM(),
            f.brokerCpuPerM());
      }
      med.put(arm, median(rows));
      perRound.put(arm, rows);
    }

    System.out.printf(
        "%n| arm (median of %d rounds) | msg/s | p50 ms | p99 ms | CPU-s per M msgs, whole | "
            + "CPU-s per M msgs, marginal | peak RSS MB | broker CPU-s per M msgs |"
            + "%n|---|---|---|---|---|---|---|---|%n",
        rounds);
    med.forEach(
        (arm, f) ->
            System.out.printf(
                "| %s | %,.0f | %.1f | %.1f | %.1f | %.1f | %.0f | %.1f |%n",
                label(arm, env),
                f.msgPerSec(),
                f.p50(),
                f.p99(),
                f.wholeCpuPerM(),
                f.marginalCpuPerM(),
                f.rssMb(),
                f.brokerCpuPerM()));

    System.out.printf(
        "%n| ours / galaxio | msg/s | p50 | p99 | whole CPU per msg | marginal CPU per msg | peak RSS "
            + "| broker CPU per msg |%n|---|---|---|---|---|---|---|---|%n");
    med.forEach(
        (arm, f) -> {
          Figures peer = arm.startsWith("ours-") ? med.get(peerOf(arm)) : null;
          if (peer != null) {
            System.out.printf(
                "| %s | %s | %s | %s | %s | %s | %s | %s |%n",
                label(arm, env),
                ratio(f, peer, Figures::msgPerSec),
                ratio(f, peer, Figures::p50),
                ratio(f, peer, Figures::p99),
                ratio(f, peer, Figures::wholeCpuPerM),
                ratio(f, peer, Figures::marginalCpuPerM),
                ratio(f, peer, Figures::rssMb),
                ratio(f, peer, Figures::brokerCpuPerM));
          }
        });
    // Rounds run minutes apart on a shared machine: the ratio within each round cancels what moves
    // both tools alike between rounds, which the ratio of the medians above does not.
    perRound.forEach(
        (arm, rows) -> {
          List<Figures> peer = arm.startsWith("ours-") ? perRound.get(peerOf(arm)) : null;
          if (peer != null) {
            System.out.println(paired(label(arm, env), rows, peer));
          }
        });
    System.out.printf(
        "(msg/s and latency of the %d s runs; whole = JVM start to exit of the %d s run; marginal = the "
            + "%d s run minus the %d s run, over the extra messages. Latency: ours, the ack latency of its "
            + "kafka-summary.json (microseconds); galaxio, Gatling's response time, send() to the producer "
            + "callback, in whole milliseconds. Broker: the CPU of the broker the script started, over the "
            + "%d s run, per message; nan with BOOTSTRAP.)%n"
            + "peer built from galax-io/gatling-kafka-plugin at %s%n",
        longS, longS, longS, shortS, longS, env.getOrDefault("PEER_COMMIT", "?"));
    med.forEach(
        (arm, f) -> {
          if (f.failed() > 0) {
            System.out.printf("WARNING: %s had %.0f failed sends (median)%n", arm, f.failed());
          }
        });
  }

  static String peerOf(String arm) {
    return arm.startsWith("ours-closed") ? "galaxio-closed" : "galaxio-open";
  }

  private static String label(String arm, Map<String, String> env) {
    String users = String.format("%,d users", Integer.parseInt(env.get("USERS")));
    String rate = String.format("%,d/s", Integer.parseInt(env.get("RATE")));
    return switch (arm) {
      case "galaxio-closed" -> "galaxio, closed model, " + users;
      case "ours-closed" -> "this protocol (BaselineSimulation), closed model, " + users;
      case "galaxio-open" -> "galaxio, open model, " + rate + ", a user per record";
      case "ours-open" -> "this protocol (ConstantRateSimulation), open model, " + rate;
      case "ours-open-burst1" ->
          "this protocol (ConstantRateSimulation -Dburst=1), open model, "
              + rate
              + ", a user per record";
      default -> arm;
    };
  }

  static Figures figures(Path dir, String arm, int round, int shortS, int longS) throws Exception {
    Run s = read(dir, arm + "-" + shortS + "-" + round, shortS);
    Run l = read(dir, arm + "-" + longS + "-" + round, longS);
    return new Figures(
        l.msgPerSec(),
        l.p50(),
        l.p99(),
        l.cpu() / l.msgs() * 1e6,
        (l.cpu() - s.cpu()) / (l.msgs() - s.msgs()) * 1e6,
        l.rssMb(),
        l.failed(),
        l.brokerCpu() / l.msgs() * 1e6);
  }

  /** One run: messages sent, whole-process CPU seconds and peak RSS, rate and latency (ms). */
  record Run(
      double msgs,
      double cpu,
      double rssMb,
      double msgPerSec,
      double p50,
      double p99,
      double failed,
      double brokerCpu) {}

  static Run read(Path dir, String run, int seconds) throws Exception {
    double[] t = BenchReport.time(dir.resolve("run-" + run + ".time"));
    double rssMb = t[3] / 1024;
    double broker = brokerCpu(dir.resolve("run-" + run + ".broker"));
    if (run.startsWith("ours-")) {
      OpenModelReport.Run o = OpenModelReport.read(dir, run, seconds);
      return new Run(o.msgs(), o.cpu(), rssMb, o.msgPerSec(), o.p50(), o.p99(), 0, broker);
    }
    // The "Global Information" of Gatling's report of the peer's run: counts, and the 50th and 99th
    // percentiles of the response time (gatling.charting.indicators defaults), total / OK / KO.
    String report = Files.readString(dir.resolve("run-" + run + ".report.log"));
    double[] count = global(report, "request count", run);
    return new Run(
        count[0],
        t[1] + t[2],
        rssMb,
        count[1] / seconds,
        global(report, "response time 50th percentile (ms)", run)[1],
        global(report, "response time 99th percentile (ms)", run)[1],
        count[2],
        broker);
  }

  /** The broker's CPU seconds over a run ("BROKER_CPU s"), NaN when the script did not start it. */
  static double brokerCpu(Path file) throws Exception {
    if (!Files.exists(file)) {
      return Double.NaN;
    }
    return Double.parseDouble(Files.readString(file).trim().replace("BROKER_CPU ", ""));
  }

  /** A row of Gatling's console "Global Information": its Total, OK and KO columns ("-" is 0). */
  static double[] global(String report, String row, String run) {
    Matcher m =
        BenchReport.last(
            Pattern.compile(
                "> "
                    + Pattern.quote(row)
                    + "\\s*\\|\\s*([\\d,.-]+)\\s*\\|\\s*([\\d,.-]+)\\s*\\|\\s*([\\d,.-]+)"),
            report,
            run);
    double[] v = new double[3];
    for (int i = 0; i < 3; i++) {
      String cell = m.group(i + 1).replace(",", "");
      v[i] = cell.equals("-") ? 0 : Double.parseDouble(cell);
    }
    return v;
  }

  /**
   * Ours over the peer within each round, then the median of those ratios: msg/s, whole CPU per
   * message, p99, and in how many rounds ours sent at least the peer's msg/s.
   */
  static String paired(String label, List<Figures> ours, List<Figures> peer) {
    List<Double> msg = new ArrayList<>();
    List<Double> whole = new ArrayList<>();
    List<Double> p99 = new ArrayList<>();
    int atLeast = 0;
    for (int r = 0; r < ours.size(); r++) {
      Figures o = ours.get(r);
      Figures g = peer.get(r);
      msg.add(o.msgPerSec() / g.msgPerSec());
      whole.add(o.wholeCpuPerM() / g.wholeCpuPerM());
      p99.add(o.p99() / g.p99());
      atLeast += o.msgPerSec() >= g.msgPerSec() ? 1 : 0;
    }
    return String.format(
        "paired, %s: median of the per-round ratios: msg/s %.2fx, whole CPU per msg %.2fx, p99 %.2fx;"
            + " msg/s at least the peer's in %d of %d rounds",
        label,
        BenchReport.median(msg, Double::doubleValue),
        BenchReport.median(whole, Double::doubleValue),
        BenchReport.median(p99, Double::doubleValue),
        atLeast,
        ours.size());
  }

  private static String ratio(Figures ours, Figures peer, ToDoubleFunction<Figures> f) {
    return ratio(f.applyAsDouble(ours), f.applyAsDouble(peer));
  }

  /**
   * "n/a" where the peer's figure is 0 or missing: its latencies are whole milliseconds, so a p50
   * under 0.5 ms reads 0.
   */
  static String ratio(double ours, double peer) {
    return peer > 0 ? String.format("%.2fx", ours / peer) : "n/a";
  }

  private static Figures median(List<Figures> rows) {
    return new Figures(
        BenchReport.median(rows, Figures::msgPerSec),
        BenchReport.median(rows, Figures::p50),
        BenchReport.median(rows, Figures::p99),
        BenchReport.median(rows, Figures::wholeCpuPerM),
        BenchReport.median(rows, Figures::marginalCpuPerM),
        BenchReport.median(rows, Figures::rssMb),
        BenchReport.median(rows, Figures::failed),
        BenchReport.median(rows, Figures::brokerCpuPerM));
  }
}
