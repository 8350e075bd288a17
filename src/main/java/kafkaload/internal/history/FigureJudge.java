package kafkaload.internal.history;

import static kafkaload.internal.history.BaselineGate.ERRORS;
import static kafkaload.internal.history.BaselineGate.MIN_SAMPLES;
import static kafkaload.internal.history.Stats.nullIfNaN;
import static kafkaload.internal.history.VerdictText.fmt;
import static kafkaload.internal.history.VerdictText.text;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import kafkaload.internal.history.BaselineGate.Thresholds;
import kafkaload.internal.results.BaselineComparison.Figure;
import org.HdrHistogram.Histogram;

/** One baseline figure judged by the test that fits its data. */
final class FigureJudge {
  private FigureJudge() {}

  /** Per-second samples: Mann-Whitney and the Hodges-Lehmann shift; NaN shown: the median. */
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
    // Double.valueOf: a bare double in the other branch would unbox a null median (NPE)
    Double b = Double.isNaN(shownBefore) ? nullIfNaN(medBefore) : Double.valueOf(shownBefore);
    Double c = Double.isNaN(shownNow) ? nullIfNaN(Stats.medianOf(now)) : Double.valueOf(shownNow);
    if (now.length < MIN_SAMPLES || before.length < MIN_SAMPLES) {
      String why =
          String.format(
              Locale.ROOT,
              "not judged: %d per-second samples now, %d in the baseline (at least %d each)",
              now.length,
              before.length,
              MIN_SAMPLES);
      // shown by their medians, the verdict without the figure's name
      return skipped(name, unit, worse, thresholdPct, why)
          .withValues(new Figure.Values(b, c, null))
          .withVerdict(why);
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
    String test = "Mann-Whitney U, per-second samples, n=" + s.n() + " vs " + s.m();
    return judged(
        new Figure(
            name,
            unit,
            worse,
            new Figure.Values(b, c, Double.isFinite(changePct) ? changePct : null),
            new Figure.Estimate(shift, low, high, s.confidence(), test),
            thresholdPct,
            regression,
            null));
  }

  /** A tail percentile from histograms, with order-statistic errors, and a z test on the shift. */
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
    // No error: a shift is certain, its z infinite (normalCdf gives 1 or 0); none is z 0.
    double confidence = Stats.normalCdf(se == 0 && shift == 0 ? 0 : shift / se);
    double half = Stats.normalQuantile((1 + t.confidence()) / 2) * se;
    double changePct = b[0] == 0 ? 0 : 100 * shift / b[0];
    boolean regression = changePct > thresholdPct && confidence >= t.confidence();
    String test =
        "percentile z test on histograms, n="
            + now.getTotalCount()
            + " vs "
            + before.getTotalCount();
    return judged(
        new Figure(
            name,
            "ms",
            "higher",
            new Figure.Values(b[0], a[0], changePct),
            new Figure.Estimate(shift, shift - half, shift + half, confidence, test),
            thresholdPct,
            regression,
            null));
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
    double confidence = Stats.normalCdf(se == 0 ? 0 : (pn - pb) / se);
    double points = 100 * (pn - pb);
    double seDiff = Math.sqrt(pb * (1 - pb) / bAll + pn * (1 - pn) / nAll) * 100;
    double half = Stats.normalQuantile((1 + t.confidence()) / 2) * seDiff;
    boolean regression = points > t.errorPoints() && confidence >= t.confidence();
    String test = String.format(Locale.ROOT, "two-proportion z test, %d vs %d records", nAll, bAll);
    return new Figure(
        ERRORS,
        "%",
        "higher",
        new Figure.Values(100 * pb, 100 * pn, points),
        new Figure.Estimate(points, points - half, points + half, confidence, test),
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

  /** A figure with nothing to test, and why. */
  private static Figure skipped(
      String name, String unit, String worse, double thresholdPct, String why) {
    return new Figure(
        name,
        unit,
        worse,
        new Figure.Values(null, null, null),
        new Figure.Estimate(null, null, null, 0, "none"),
        thresholdPct,
        false,
        name + ": " + why);
  }

  /** The figure with its verdict in words. */
  private static Figure judged(Figure f) {
    return f.withVerdict(text(f));
  }

  private static double[] neg(double[] v) {
    return Arrays.stream(v).map(x -> -x).toArray();
  }

  private static long count(Histogram h) {
    return h == null ? 0 : h.getTotalCount();
  }
}
