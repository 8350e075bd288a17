package kafkaload.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import kafkaload.internal.history.BaselineGate;
import kafkaload.internal.history.RunFigures;
import kafkaload.internal.history.RunHistory;
import kafkaload.internal.history.Stats;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.RunResults;

/**
 * The baseline gate measured on real runs (bench/gate.sh), with the gate's own code at its
 * defaults: the same comparison the in-run step makes, on the runs' kafka-summary.json.
 *
 * <ul>
 *   <li>{@code same <history> <k>}: false alarms: each same-settings run against up to k of the
 *       others (the latest before it, then after it).
 *   <li>{@code detect <history> <k> <regressed>}: detection: each run of the regressed folder
 *       against the latest k same-settings runs; prints the detected count and the median change.
 *   <li>{@code rate <history>}: the median msg/s and wire bytes per record of the runs (to size a
 *       quota).
 * </ul>
 */
public final class GateBench {
  private GateBench() {}

  public static void main(String[] args) {
    List<RunHistory.Entry> same = RunHistory.entries(Path.of(args[1]));
    BaselineGate.Thresholds t = BaselineGate.Thresholds.defaults();
    switch (args[0]) {
      case "rate" -> {
        double rate =
            Stats.medianOf(
                same.stream()
                    .mapToDouble(e -> or0(RunFigures.of(e.results()).msgsPerSecTotal()))
                    .toArray());
        System.out.printf(Locale.ROOT, "msgsPerSec=%.1f%n", rate);
      }
      case "same" -> {
        int k = Integer.parseInt(args[2]);
        int alarms = 0;
        for (int i = 0; i < same.size(); i++) {
          List<RunResults> others = new ArrayList<>();
          for (int j = i - 1; j >= 0 && others.size() < k; j--) {
            others.add(0, same.get(j).results());
          }
          for (int j = i + 1; j < same.size() && others.size() < k; j++) {
            others.add(same.get(j).results());
          }
          BaselineComparison c = BaselineGate.compare(same.get(i).results(), others, t, "others");
          alarms += c.regressed() ? 1 : 0;
          System.out.println(
              "run " + (i + 1) + ": " + (c.regressed() ? "FALSE ALARM " + regressed(c) : "pass"));
        }
        System.out.printf(
            Locale.ROOT,
            "false alarms: %d of %d runs (each against %d others)%n",
            alarms,
            same.size(),
            Math.min(k, same.size() - 1));
      }
      case "detect" -> {
        int k = Integer.parseInt(args[2]);
        List<RunResults> baseline =
            same.subList(Math.max(0, same.size() - k), same.size()).stream()
                .map(RunHistory.Entry::results)
                .toList();
        List<RunHistory.Entry> regressed = RunHistory.entries(Path.of(args[3]));
        int detected = 0;
        List<Double> rateChange = new ArrayList<>();
        List<Double> p99Change = new ArrayList<>();
        for (RunHistory.Entry e : regressed) {
          BaselineComparison c = BaselineGate.compare(e.results(), baseline, t, "same");
          detected += c.regressed() ? 1 : 0;
          c.figures().stream()
              .filter(f -> f.name().equals(BaselineGate.RATE) && f.values().changePct() != null)
              .forEach(f -> rateChange.add(f.values().changePct()));
          c.figures().stream()
              .filter(f -> f.name().equals(BaselineGate.P99) && f.values().changePct() != null)
              .forEach(f -> p99Change.add(f.values().changePct()));
          System.out.println(
              e.file().getFileName()
                  + ": "
                  + (c.regressed() ? "detected " + regressed(c) : "missed"));
        }
        System.out.printf(
            Locale.ROOT,
            "detected: %d of %d; median change msg/s %+.1f%%, p99 %+.1f%%%n",
            detected,
            regressed.size(),
            Stats.medianOf(rateChange.stream().mapToDouble(Double::doubleValue).toArray()),
            Stats.medianOf(p99Change.stream().mapToDouble(Double::doubleValue).toArray()));
      }
      default -> throw new IllegalArgumentException("same, detect or rate, not " + args[0]);
    }
  }

  /** The regressed figures' names, then each one's verdict line (values, change, confidence). */
  private static String regressed(BaselineComparison c) {
    List<BaselineComparison.Figure> worse =
        c.figures().stream().filter(BaselineComparison.Figure::regression).toList();
    StringBuilder s =
        new StringBuilder(worse.stream().map(BaselineComparison.Figure::name).toList().toString());
    worse.forEach(f -> s.append(System.lineSeparator()).append("    ").append(f.verdict()));
    return s.toString();
  }

  private static double or0(Double d) {
    return d == null ? 0 : d;
  }
}
