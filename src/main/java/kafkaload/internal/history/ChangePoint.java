package kafkaload.internal.history;

import java.util.Arrays;

/**
 * The most likely change in a series of runs (oldest first): the split maximising the Mann-Whitney
 * |z|, each side at least {@link #MIN_SEGMENT} runs, kept when |z| reaches {@link #MIN_Z}, above
 * 1.96 since searching every split inflates it: a hint, not a gate.
 */
public final class ChangePoint {
  public static final int MIN_SEGMENT = 4;
  public static final double MIN_Z = 2.1;

  private ChangePoint() {}

  /** A change: the index of the first run after it, the medians before and after, and its |z|. */
  public record Change(int index, double before, double after, double z) {}

  /** The change in {@code values} (the caller drops NaN values), or null. */
  public static Change find(double[] values) {
    int n = values.length;
    Change best = null;
    for (int k = MIN_SEGMENT; k <= n - MIN_SEGMENT; k++) {
      double[] left = Arrays.copyOfRange(values, 0, k);
      double[] right = Arrays.copyOfRange(values, k, n);
      double z = Math.abs(Stats.mannWhitney(right, left, 0.95).z());
      if (z >= MIN_Z && (best == null || z > best.z())) {
        best = new Change(k, Stats.medianOf(left), Stats.medianOf(right), z);
      }
    }
    return best;
  }
}
