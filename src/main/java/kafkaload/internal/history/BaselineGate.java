package kafkaload.internal.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.BaselineComparison.Figure;
import kafkaload.internal.results.RunResults;
import org.HdrHistogram.Histogram;

/**
 * The baseline gate: this run against one or more earlier runs, figure by figure. A figure
 * regresses when it is worse by more than its threshold AND a test says so with the required
 * confidence; either alone does not fail a build (a large change in noisy samples, or a tiny but
 * certain one). Per-second samples (msg/s, p99 ack latency, CPU per message, lag) go through a
 * one-sided Mann-Whitney U test with the Hodges-Lehmann shift; tail percentiles that have no
 * per-second series (p99.9 ack, p99 end-to-end) are compared from the histograms with the
 * order-statistic confidence interval of each percentile; the error rate with a two-proportion z
 * test. docs/ci-gate.md says why.
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
   * Compares {@code current} with the baseline runs (oldest first); {@code name} names the baseline
   * in texts. The caller has refused incomparable runs already ({@link Comparability}); their
   * remaining differences are flagged here.
   */
  public static BaselineComparison compare(
      RunResults current, List<RunResults> baseline, Thresholds t, String name) {
    if (baseline.isEmpty()) {
      throw new IllegalArgumentException(name + " holds no run to compare with");
    }
    List<String> flags = new ArrayList<>();
    for (int i = 0; i < baseline.size(); i++) {
      String which = baseline.size() == 1 ? "the baseline" : "baseline run " + (i + 1);
      Comparability.Differences d = Comparability.of(current, baseline.get(i), which);
      for (String f : d.refusing()) {
        flags.add("not comparable: " + f);
      }
      for (String f : d.flags()) {
        if (!flags.contains(f)) {
          flags.add(f);
        }
      }
    }
    RunFigures now = RunFigures.of(current);
    List<RunFigures> before = baseline.stream().map(RunFigures::of).toList();
    List<Figure> figures = new ArrayList<>();
    figures.add(
        samples(
            P99,
            "ms",
            true,
            now.ackP99Ms(),
            pool(before, RunFigures::ackP99Ms),
            t.p99Pct(),
            t,
            now.ackMs(99),
            median(before, f -> f.ackMs(99))));
    figures.add(quantile(P999, 99.9, now.ack(), merged(before, RunFigures::ack), t.p999Pct(), t));
    figures.add(
        samples(
            RATE,
            "msg/s",
            false,
            now.msgsPerSec(),
            pool(before, RunFigures::msgsPerSec),
            t.ratePct(),
            t,
            Double.NaN,
            Double.NaN));
    figures.add(errors(now, before, t));
    figures.add(
        samples(
            CPU,
            "µs/msg",
            true,
            now.cpuUsPerMsg(),
            pool(before, RunFigures::cpuUsPerMsg),
            t.cpuPct(),
            t,
            Double.NaN,
            Double.NaN));
    figures.add(quantile(E2E, 99, now.e2e(), merged(before, RunFigures::e2e), t.e2ePct(), t));
    figures.add(
        samples(
            LAG,
            "records",
            true,
            now.lag(),
            pool(before, RunFigures::lag),
            t.lagPct(),
            t,
            Double.NaN,
            Double.NaN));
    if (before.size() >= 2) {
      // A history: a run is not failed for a difference its own runs show among themselves.
      List<java.util.function.ToDoubleFunction<RunFigures>> levels =
          java.util.Arrays.asList(
              f -> f.ackMs(99),
              f -> f.ackMs(99.9),
              f -> Stats.medianOf(f.msgsPerSec()),
              null,
              f -> Stats.medianOf(f.cpuUsPerMsg()),
              f ->
                  f.e2e() == null || f.e2e().getTotalCount() == 0
                      ? Double.NaN
                      : f.e2e().getValueAtPercentile(99) / 1000.0,
              f -> Stats.medianOf(f.lag()));
      for (int i = 0; i < figures.size(); i++) {
        if (levels.get(i) != null) {
          double[] runs = before.stream().mapToDouble(levels.get(i)).toArray();
          figures.set(i, beyondEveryRun(figures.get(i), levels.get(i).applyAsDouble(now), runs));
        }
      }
    }
    return new BaselineComparison(name, baseline.size(), flags, figures);
  }

  /**
   * A regression stands only when this run's level is worse than that of every baseline run;
   * otherwise it is kept as a pass, saying so.
   */
  static Figure beyondEveryRun(Figure f, double now, double[] runs) {
    if (!f.regression() || Double.isNaN(now)) {
      return f;
    }
    boolean higher = f.worseWhen().equals("higher");
    double worst = higher ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    for (double r : runs) {
      if (!Double.isNaN(r)) {
        worst = higher ? Math.max(worst, r) : Math.min(worst, r);
      }
    }
    boolean beyond = higher ? now > worst : now < worst;
    if (beyond) {
      return f;
    }
    String verdict =
        f.verdict().replace(": REGRESSION", "")
            + String.format(
                Locale.ROOT,
                "; not failed: %s is within the range of the %d baseline runs (the %s is %s)",
                fmt(now),
                runs.length,
                higher ? "highest" : "lowest",
                fmt(worst));
    return new Figure(
        f.name(),
        f.unit(),
        f.worseWhen(),
        f.baseline(),
        f.current(),
        f.changePct(),
        f.shift(),
        f.shiftLow(),
        f.shiftHigh(),
        f.confidence(),
        f.test(),
        f.thresholdPct(),
        false,
        verdict);
  }

  /**
   * Per-second samples: Mann-Whitney on the samples, the change as the Hodges-Lehmann shift over
   * the baseline's median sample. {@code shownNow}/{@code shownBefore}: the values shown (the run's
   * own percentile, where the samples are per-second ones), NaN for the samples' median.
   */
  static Figure samples(
      String name,
      String unit,
      boolean higherIsWorse,
      double[] now,
      double[] before,
      double thresholdPct,
      Thresholds t,
      double shownNow,
      double shownBefore) {
    String worse = higherIsWorse ? "higher" : "lower";
    if (now.length == 0 && before.length == 0) {
      return skipped(name, unit, worse, thresholdPct, "not measured in either run");
    }
    double medBefore = Stats.medianOf(before);
    double medNow = Stats.medianOf(now);
    Double b = Double.isNaN(shownBefore) ? nullIfNaN(medBefore) : shownBefore;
    Double c = Double.isNaN(shownNow) ? nullIfNaN(medNow) : shownNow;
    if (now.length < MIN_SAMPLES || before.length < MIN_SAMPLES) {
      return new Figure(
          name,
          unit,
          worse,
          b,
          c,
          null,
          null,
          null,
          null,
          0,
          "none",
          thresholdPct,
          false,
          String.format(
              Locale.ROOT,
              "not judged: %d per-second samples now, %d in the baseline (at least %d each)",
              now.length,
              before.length,
              MIN_SAMPLES));
    }
    // The test asks "is this run worse?": for a figure where lower is worse, compare the negatives.
    Stats.Shift s =
        higherIsWorse
            ? Stats.mannWhitney(now, before, t.confidence())
            : Stats.mannWhitney(neg(now), neg(before), t.confidence());
    double shift = higherIsWorse ? s.shift() : -s.shift();
    double low = higherIsWorse ? s.low() : -s.high();
    double high = higherIsWorse ? s.high() : -s.low();
    double changePct =
        medBefore == 0 ? (shift == 0 ? 0 : Double.POSITIVE_INFINITY) : 100 * shift / medBefore;
    double worsePct = higherIsWorse ? changePct : -changePct;
    boolean regression = worsePct > thresholdPct && s.confidence() >= t.confidence();
    String test =
        String.format(Locale.ROOT, "Mann-Whitney U, per-second samples, n=%d vs %d", s.n(), s.m());
    return new Figure(
        name,
        unit,
        worse,
        b,
        c,
        finite(changePct),
        shift,
        low,
        high,
        s.confidence(),
        test,
        thresholdPct,
        regression,
        text(
            name,
            unit,
            b,
            c,
            changePct,
            shift,
            low,
            high,
            s.confidence(),
            test,
            thresholdPct,
            regression,
            worse));
  }

  /**
   * A tail percentile from histograms: each side's percentile with its order-statistic standard
   * error (the ranks n q ± z sqrt(n q (1 - q)) mapped back to values), and a z test on their
   * difference.
   */
  static Figure quantile(
      String name, double p, Histogram now, Histogram before, double thresholdPct, Thresholds t) {
    if (now == null && before == null || count(now) == 0 && count(before) == 0) {
      return skipped(name, "ms", "higher", thresholdPct, "not measured in either run");
    }
    if (count(now) == 0 || count(before) == 0) {
      return skipped(name, "ms", "higher", thresholdPct, "measured in one run only");
    }
    double[] a = percentileWithError(now, p);
    double[] b = percentileWithError(before, p);
    double shift = a[0] - b[0];
    double se = Math.sqrt(a[1] * a[1] + b[1] * b[1]);
    double z =
        se == 0
            ? (shift > 0 ? Double.POSITIVE_INFINITY : shift < 0 ? Double.NEGATIVE_INFINITY : 0)
            : shift / se;
    double confidence = Double.isInfinite(z) ? (z > 0 ? 1 : 0) : Stats.normalCdf(z);
    double half = Stats.normalQuantile((1 + t.confidence()) / 2) * se;
    double changePct = b[0] == 0 ? 0 : 100 * shift / b[0];
    boolean regression = changePct > thresholdPct && confidence >= t.confidence();
    String test =
        String.format(
            Locale.ROOT,
            "percentile z test on histograms, n=%d vs %d",
            now.getTotalCount(),
            before.getTotalCount());
    return new Figure(
        name,
        "ms",
        "higher",
        b[0],
        a[0],
        changePct,
        shift,
        shift - half,
        shift + half,
        confidence,
        test,
        thresholdPct,
        regression,
        text(
            name,
            "ms",
            b[0],
            a[0],
            changePct,
            shift,
            shift - half,
            shift + half,
            confidence,
            test,
            thresholdPct,
            regression,
            "higher"));
  }

  /** The percentile p (0..100) of a histogram in ms, and its standard error in ms. */
  static double[] percentileWithError(Histogram h, double p) {
    long n = h.getTotalCount();
    double q = p / 100;
    double value = h.getValueAtPercentile(p) / 1000.0;
    double rankSd = Math.sqrt(n * q * (1 - q));
    double lowP = Math.max(0, 100 * (n * q - rankSd) / n);
    double highP = Math.min(100, 100 * (n * q + rankSd) / n);
    double lo = h.getValueAtPercentile(lowP) / 1000.0;
    double hi = h.getValueAtPercentile(highP) / 1000.0;
    return new double[] {value, Math.max(0, (hi - lo) / 2)};
  }

  /** Error % with a one-sided two-proportion z test; the threshold is in percentage points. */
  static Figure errors(RunFigures now, List<RunFigures> before, Thresholds t) {
    long bFailed = before.stream().mapToLong(RunFigures::failed).sum();
    long bAll = before.stream().mapToLong(f -> f.acked() + f.failed()).sum();
    long nAll = now.acked() + now.failed();
    if (nAll == 0 || bAll == 0) {
      return skipped(ERRORS, "%", "higher", t.errorPoints(), "no records sent in one of the runs");
    }
    double pb = (double) bFailed / bAll;
    double pn = (double) now.failed() / nAll;
    double pooled = (double) (bFailed + now.failed()) / (bAll + nAll);
    double se = Math.sqrt(pooled * (1 - pooled) * (1.0 / bAll + 1.0 / nAll));
    double z = se == 0 ? 0 : (pn - pb) / se;
    double confidence = Stats.normalCdf(z);
    double points = 100 * (pn - pb);
    double seDiff = Math.sqrt(pb * (1 - pb) / bAll + pn * (1 - pn) / nAll) * 100;
    double half = Stats.normalQuantile((1 + t.confidence()) / 2) * seDiff;
    boolean regression = points > t.errorPoints() && confidence >= t.confidence();
    String test = String.format(Locale.ROOT, "two-proportion z test, %d vs %d records", nAll, bAll);
    return new Figure(
        ERRORS,
        "%",
        "higher",
        100 * pb,
        100 * pn,
        points,
        points,
        points - half,
        points + half,
        confidence,
        test,
        t.errorPoints(),
        regression,
        String.format(
            Locale.ROOT,
            "%s: %s %% -> %s %% (%+.3f points, limit +%s points), confidence %.1f%% (%s)%s",
            ERRORS,
            fmt(100 * pb),
            fmt(100 * pn),
            points,
            fmt(t.errorPoints()),
            100 * confidence,
            test,
            regression ? ": REGRESSION" : ""));
  }

  private static Figure skipped(
      String name, String unit, String worse, double thresholdPct, String why) {
    return new Figure(
        name,
        unit,
        worse,
        null,
        null,
        null,
        null,
        null,
        null,
        0,
        "none",
        thresholdPct,
        false,
        name + ": " + why);
  }

  static String text(
      String name,
      String unit,
      Double b,
      Double c,
      double changePct,
      double shift,
      double low,
      double high,
      double confidence,
      String test,
      double thresholdPct,
      boolean regression,
      String worse) {
    return String.format(
        Locale.ROOT,
        "%s: %s %s -> %s %s (%s, shift %s [%s, %s] %s; limit %s%s%%), confidence %.1f%% (%s)%s",
        name,
        fmt(b),
        unit,
        fmt(c),
        unit,
        Double.isFinite(changePct) ? String.format(Locale.ROOT, "%+.1f%%", changePct) : "new",
        signed(shift),
        signed(low),
        signed(high),
        unit,
        worse.equals("higher") ? "+" : "-",
        fmt(thresholdPct),
        100 * confidence,
        test,
        regression ? ": REGRESSION" : "");
  }

  static String fmt(Double v) {
    if (v == null || v.isNaN()) {
      return "-";
    }
    double a = Math.abs(v);
    return a >= 100
        ? String.format(Locale.ROOT, "%.0f", v)
        : a >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
  }

  private static String signed(double v) {
    return (v >= 0 ? "+" : "") + fmt(v);
  }

  private static Double nullIfNaN(double v) {
    return Double.isNaN(v) ? null : v;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private static double[] neg(double[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = -v[i];
    }
    return out;
  }

  private static long count(Histogram h) {
    return h == null ? 0 : h.getTotalCount();
  }

  private static double[] pool(
      List<RunFigures> runs, java.util.function.Function<RunFigures, double[]> f) {
    return runs.stream().flatMapToDouble(r -> java.util.Arrays.stream(f.apply(r))).toArray();
  }

  private static Histogram merged(
      List<RunFigures> runs, java.util.function.Function<RunFigures, Histogram> f) {
    Histogram out = null;
    for (RunFigures r : runs) {
      Histogram h = f.apply(r);
      if (h == null) {
        continue;
      }
      if (out == null) {
        out = new Histogram(h.getNumberOfSignificantValueDigits());
        out.setAutoResize(true);
      }
      out.add(h);
    }
    return out;
  }

  private static double median(
      List<RunFigures> runs, java.util.function.ToDoubleFunction<RunFigures> f) {
    return Stats.medianOf(runs.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).toArray());
  }
}
