package kafkaload.internal.history;

import java.util.Arrays;
import java.util.stream.DoubleStream;

/**
 * The statistics of the baseline gate, small enough to write here rather than pull in a library:
 * the Mann-Whitney U test (normal approximation with tie and continuity correction), the
 * Hodges-Lehmann shift with its distribution-free confidence interval, and the normal distribution.
 */
public final class Stats {
  private Stats() {}

  /**
   * A one-sided Mann-Whitney test that {@code current} is stochastically greater than {@code
   * baseline}, with the Hodges-Lehmann estimate of the shift (median of all differences current -
   * baseline) and its two-sided confidence interval at {@code level}.
   *
   * @param u the U statistic of current (pairs where current is higher, ties counting one half)
   * @param z the standardised U (tie- and continuity-corrected)
   * @param confidence 1 - the one-sided p-value
   */
  public record Shift(
      int n, int m, double u, double z, double confidence, double shift, double low, double high) {}

  public static Shift mannWhitney(double[] current, double[] baseline, double level) {
    int n = current.length;
    int m = baseline.length;
    if (n == 0 || m == 0) {
      throw new IllegalArgumentException("Mann-Whitney needs samples on both sides");
    }
    double u = 0;
    double[] diffs = new double[n * m];
    int k = 0;
    for (double c : current) {
      for (double b : baseline) {
        u += c > b ? 1 : c == b ? 0.5 : 0;
        diffs[k++] = c - b;
      }
    }
    double mean = n * (double) m / 2;
    double sd = Math.sqrt(n * (double) m / 12 * ((n + m + 1) - tieTerm(current, baseline)));
    // One-sided (upper tail) continuity correction: P(U >= u) ~ 1 - Phi((u - 0.5 - mean) / sd).
    double z = sd == 0 ? 0 : (u - mean - 0.5) / sd;
    Arrays.sort(diffs);
    double hl = median(diffs);
    // Moses' interval: the C-th smallest and largest pairwise differences, C from the null
    // distribution of U (normal approximation, without ties).
    double sd0 = Math.sqrt(n * (double) m * (n + m + 1) / 12);
    int c = (int) Math.floor(mean - normalQuantile((1 + level) / 2) * sd0);
    c = Math.max(1, Math.min(c, diffs.length));
    return new Shift(n, m, u, z, normalCdf(z), hl, diffs[c - 1], diffs[diffs.length - c]);
  }

  /** sum(t^3 - t) / (N (N - 1)) over the groups of tied values of both samples together. */
  private static double tieTerm(double[] a, double[] b) {
    double[] all = DoubleStream.concat(Arrays.stream(a), Arrays.stream(b)).sorted().toArray();
    double sum = 0;
    int i = 0;
    while (i < all.length) {
      int j = i;
      while (j + 1 < all.length && all[j + 1] == all[i]) {
        j++;
      }
      double t = j - i + 1;
      sum += t * t * t - t;
      i = j + 1;
    }
    int total = all.length;
    return total < 2 ? 0 : sum / (total * (double) (total - 1));
  }

  public static double median(double[] sorted) {
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** {@code v}, or null for NaN (a figure not known). */
  public static Double nullIfNaN(double v) {
    return Double.isNaN(v) ? null : v;
  }

  public static double medianOf(double[] values) {
    return median(Arrays.stream(values).sorted().toArray());
  }

  /** The standard normal CDF (Abramowitz and Stegun 26.2.17, error below 1e-7). */
  public static double normalCdf(double z) {
    if (Double.isNaN(z)) {
      return Double.NaN;
    }
    double x = Math.abs(z);
    double t = 1 / (1 + 0.2316419 * x);
    double poly =
        t
            * (0.319381530
                + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
    double tail = Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI) * poly;
    return z >= 0 ? 1 - tail : tail;
  }

  /** The z with normalCdf(z) = p, by bisection (p in (0, 1)). */
  public static double normalQuantile(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("a probability strictly between 0 and 1, not " + p);
    }
    double lo = -10;
    double hi = 10;
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      if (normalCdf(mid) < p) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }
}
