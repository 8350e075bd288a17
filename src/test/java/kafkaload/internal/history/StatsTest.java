package kafkaload.internal.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StatsTest {
  // R's wilcox.test example data; the p-values are scipy.stats.mannwhitneyu(x, y,
  // alternative='greater', method='asymptotic', use_continuity=True): W = 58, p = 0.0664597.
  private static final double[] X = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
  private static final double[] Y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};

  @Test
  void mannWhitneyMatchesAReferenceImplementation() {
    Stats.Shift s = Stats.mannWhitney(X, Y, 0.95);
    assertEquals(58, s.u(), 1e-9);
    assertEquals(1 - 0.06645972909265946, s.confidence(), 1e-5);
  }

  @Test
  void tiesAreCorrected() {
    // scipy, as above, on samples with ties across and within them: U = 6, p = 0.9613756.
    Stats.Shift s =
        Stats.mannWhitney(new double[] {1, 2, 2, 3, 4}, new double[] {2, 3, 3, 5, 6, 7}, 0.95);
    assertEquals(6, s.u(), 1e-9);
    assertEquals(1 - 0.9613756091726351, s.confidence(), 1e-5);
  }

  @Test
  void equalSamplesGiveNoEvidence() {
    Stats.Shift s = Stats.mannWhitney(new double[] {5, 5, 5}, new double[] {5, 5, 5}, 0.95);
    assertEquals(0.5, s.confidence(), 1e-9);
    assertEquals(0, s.shift(), 1e-9);
  }

  @Test
  void hodgesLehmannIsTheMedianOfPairwiseDifferencesInsideItsInterval() {
    double[] d = new double[X.length * Y.length];
    int k = 0;
    for (double x : X) {
      for (double y : Y) {
        d[k++] = x - y;
      }
    }
    Arrays.sort(d);
    Stats.Shift s = Stats.mannWhitney(X, Y, 0.95);
    assertEquals(Stats.median(d), s.shift(), 1e-12);
    assertTrue(s.low() <= s.shift() && s.shift() <= s.high(), s.toString());
    assertTrue(
        s.low() > d[0] && s.high() < d[d.length - 1], "the interval is narrower than the range");
  }

  @Test
  void normalDistribution() {
    assertEquals(0.975, Stats.normalCdf(1.959964), 1e-6);
    assertEquals(0.5, Stats.normalCdf(0), 1e-7);
    assertEquals(1.644854, Stats.normalQuantile(0.95), 1e-5);
    assertEquals(-2.326348, Stats.normalQuantile(0.01), 1e-5);
  }
}
