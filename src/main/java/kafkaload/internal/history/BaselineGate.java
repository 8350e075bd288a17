package kafkaload.internal.history;

import static java.lang.Double.NaN;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.BaselineComparison.Figure;
import kafkaload.internal.results.RunResults;
import org.HdrHistogram.Histogram;

/**
 * The baseline gate: this run against earlier runs, figure by figure. A figure regresses when worse
 * by more than its threshold AND a test says so with the required confidence; either alone does not
 * fail a build. Per-second samples go through a one-sided Mann-Whitney U test, tail percentiles
 * through order-statistic intervals on histograms, the error rate through a two-proportion z test;
 * docs/ci-gate.md says why.
 *
 * <p>{@link FigureJudge} tests each figure, {@link BaselineSpread} spares a run its history's own
 * spread.
 */
public final class BaselineGate {
  /** Each figure's Gatling request: "kafka baseline: p99 ack latency" and so on. */
  public static final String REQUEST_PREFIX = "kafka baseline: ";

  public static final String P99 = "p99 ack latency";
  public static final String P999 = "p99.9 ack latency";
  public static final String RATE = "msg/s";
  public static final String ERRORS = "error %";
  public static final String CPU = "CPU per message";
  public static final String E2E = "p99 end-to-end latency";
  public static final String LAG = "consumer lag";

  /** Every figure, in the order they are shown and logged. */
  public static final List<String> FIGURES = List.of(P99, P999, RATE, ERRORS, CPU, E2E, LAG);

  /** Fewer per-second samples than this on either side: the figure is not judged. */
  public static final int MIN_SAMPLES = 3;

  /**
   * The gate's bounds.
   *
   * @param confidence the confidence a regression needs (0.95: a one-sided p below 0.05)
   * @param p99Pct the p99 ack latency may rise by this % of the baseline
   * @param p999Pct the p99.9 ack latency may rise by this %
   * @param ratePct msg/s may fall by this %
   * @param errorPoints the error rate may rise by this many percentage points
   * @param cpuPct CPU per message may rise by this %
   * @param e2ePct the p99 end-to-end latency may rise by this %
   * @param lagPct the consumer lag may rise by this %
   */
  public record Thresholds(
      double confidence,
      double p99Pct,
      double p999Pct,
      double ratePct,
      double errorPoints,
      double cpuPct,
      double e2ePct,
      double lagPct) {
    public static Thresholds defaults() {
      return new Thresholds(0.95, 25, 50, 15, 0.1, 25, 25, 50);
    }

    public Thresholds {
      if (!(confidence > 0.5 && confidence < 1)) {
        throw new IllegalArgumentException(
            "the baseline gate's confidence must be above 0.5 and below 1, not " + confidence);
      }
    }
  }

  private BaselineGate() {}

  /**
   * Compares {@code current} with the baseline runs (oldest first), named {@code name};
   * incomparable runs are refused earlier ({@link Comparability}), the rest flagged here.
   */
  public static BaselineComparison compare(
      RunResults current, List<RunResults> baseline, Thresholds t, String name) {
    if (baseline.isEmpty()) {
      throw new IllegalArgumentException(name + " holds no run to compare with");
    }
    RunFigures now = RunFigures.of(current);
    List<RunFigures> before = baseline.stream().map(RunFigures::of).toList();
    List<Figure> figures = new ArrayList<>();
    figures.add(
        FigureJudge.samples(
            P99,
            "ms",
            true,
            now.ackP99Ms(),
            pool(before, RunFigures::ackP99Ms),
            t.p99Pct(),
            t,
            now.ackMs(99),
            median(before, f -> f.ackMs(99))));
    figures.add(
        FigureJudge.quantile(
            P999, 99.9, now.ack(), merged(before, RunFigures::ack), t.p999Pct(), t));
    figures.add(samples(RATE, "msg/s", false, now, before, RunFigures::msgsPerSec, t.ratePct(), t));
    figures.add(FigureJudge.errors(now, before, t));
    figures.add(samples(CPU, "µs/msg", true, now, before, RunFigures::cpuUsPerMsg, t.cpuPct(), t));
    figures.add(
        FigureJudge.quantile(E2E, 99, now.e2e(), merged(before, RunFigures::e2e), t.e2ePct(), t));
    figures.add(samples(LAG, "records", true, now, before, RunFigures::lag, t.lagPct(), t));
    if (before.size() >= 2) {
      BaselineSpread.apply(figures, now, before);
    }
    return new BaselineComparison(name, baseline.size(), flags(current, baseline), figures);
  }

  /** Each baseline run's differences from this one: refusals and flags, each flag named once. */
  private static List<String> flags(RunResults current, List<RunResults> baseline) {
    List<String> flags = new ArrayList<>();
    for (int i = 0; i < baseline.size(); i++) {
      String which = baseline.size() == 1 ? "the baseline" : "baseline run " + (i + 1);
      Comparability.Differences d = Comparability.of(current, baseline.get(i), which);
      d.refusing().forEach(f -> flags.add("not comparable: " + f));
      d.flags().stream().filter(f -> !flags.contains(f)).forEach(flags::add);
    }
    return flags;
  }

  /** A figure of per-second samples, shown by their medians. */
  private static Figure samples(
      String name,
      String unit,
      boolean higherIsWorse,
      RunFigures now,
      List<RunFigures> before,
      Function<RunFigures, double[]> f,
      double thresholdPct,
      Thresholds t) {
    return FigureJudge.samples(
        name, unit, higherIsWorse, f.apply(now), pool(before, f), thresholdPct, t, NaN, NaN);
  }

  /** The baseline runs' per-second samples as one sample. */
  private static double[] pool(List<RunFigures> runs, Function<RunFigures, double[]> f) {
    return runs.stream().flatMapToDouble(r -> Arrays.stream(f.apply(r))).toArray();
  }

  /** The baseline runs' histograms added up; null when none has one. */
  private static Histogram merged(List<RunFigures> runs, Function<RunFigures, Histogram> f) {
    Histogram out = null;
    for (RunFigures r : runs) {
      Histogram h = f.apply(r);
      out = h == null ? out : RunFigures.plus(out, h);
    }
    return out;
  }

  private static double median(List<RunFigures> runs, ToDoubleFunction<RunFigures> f) {
    return Stats.medianOf(runs.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).toArray());
  }
}
