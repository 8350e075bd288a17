package kafkaload.internal.semantic.traffic;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Record sizes in bytes, drawn by inverting a piecewise-linear distribution function: {@code
 * fixed:1024}, {@code uniform:100-2000} (both bounds included) or {@code
 * percentiles:p50=512,p90=4096,p99=65536} (sizes interpolated between the points; below the first
 * one from {@code p0}, 1 byte unless given, and above the last one up to {@code p100}, the last
 * size unless given) or {@code histogram:path} ({@link SizeHistogram}). Thread-safe: each draw uses
 * the calling thread's {@link ThreadLocalRandom}.
 *
 * @param spec the text it was read from
 * @param cumulative the points' shares of the records, from 0 to 1, increasing
 * @param sizes the size at each point, not decreasing
 */
public record SizeDistribution(String spec, double[] cumulative, int[] sizes) {
  /** The largest record size accepted (Kafka's message.max.bytes tops out well below). */
  static final int MAX_SIZE = 64 << 20;

  /** Every record {@code size} bytes. */
  public static SizeDistribution fixed(int size) {
    checkSize("fixed:" + size, size);
    return new SizeDistribution("fixed:" + size, new double[] {0, 1}, new int[] {size, size});
  }

  /** Sizes from {@code min} to {@code max} bytes, each as likely. */
  public static SizeDistribution uniform(int min, int max) {
    String spec = "uniform:" + min + "-" + max;
    checkSize(spec, min);
    checkSize(spec, max);
    refuseIf(min > max, spec + ": the smaller size comes first");
    return new SizeDistribution(spec, new double[] {0, 1}, new int[] {min, max});
  }

  /** Reads {@code fixed:N}, {@code uniform:MIN-MAX} or {@code percentiles:pP=N,...}. */
  public static SizeDistribution parse(String spec) {
    String s = spec.trim();
    int colon = s.indexOf(':');
    String kind = colon < 0 ? s : s.substring(0, colon).trim().toLowerCase(Locale.ROOT);
    String args = colon < 0 ? "" : s.substring(colon + 1).trim();
    try {
      String[] bounds = args.split("-");
      SizeDistribution d =
          switch (kind) {
            case "fixed" -> fixed(Integer.parseInt(args));
            case "uniform" ->
                bounds.length != 2
                    ? null
                    : uniform(
                        Integer.parseInt(bounds[0].trim()), Integer.parseInt(bounds[1].trim()));
            case "percentiles" -> percentiles(s, args);
            case "histogram" -> args.isEmpty() ? null : SizeHistogram.read(s, args);
            default -> null;
          };
      if (d != null) {
        return d;
      }
    } catch (NumberFormatException e) {
      // the message below names the forms
    }
    throw new KafkaLoadConfigException(
        "Record sizes '"
            + spec
            + "': expected fixed:1024, uniform:100-2000, percentiles:p50=512,p90=4096,p99=65536"
            + " or histogram:path/to/sizes.csv");
  }

  private static SizeDistribution percentiles(String spec, String args) {
    List<double[]> points = new ArrayList<>();
    for (String part : args.split(",")) {
      String[] kv = part.trim().split("=");
      if (kv.length != 2 || !kv[0].trim().toLowerCase(Locale.ROOT).startsWith("p")) {
        throw new NumberFormatException(part);
      }
      double pct = Double.parseDouble(kv[0].trim().substring(1));
      int size = Integer.parseInt(kv[1].trim());
      checkSize(spec, size);
      refuseIf(!(pct >= 0 && pct <= 100), spec + ": a percentile is 0 to 100, got " + kv[0]);
      double[] last = points.isEmpty() ? null : points.get(points.size() - 1);
      refuseIf(
          last != null && (pct <= last[0] || size < last[1]),
          spec + ": percentiles go up, and sizes do not go down, from one point to the next");
      points.add(new double[] {pct, size});
    }
    if (points.get(0)[0] > 0) {
      points.add(0, new double[] {0, Math.min(1, points.get(0)[1])});
    }
    if (points.get(points.size() - 1)[0] < 100) {
      points.add(new double[] {100, points.get(points.size() - 1)[1]});
    }
    return new SizeDistribution(
        spec,
        points.stream().mapToDouble(p -> p[0] / 100).toArray(),
        points.stream().mapToInt(p -> (int) p[1]).toArray());
  }

  private static void checkSize(String spec, int size) {
    refuseIf(
        size < 0 || size > MAX_SIZE,
        spec + ": a record size is 0 to " + MAX_SIZE + " bytes, got " + size);
  }

  /** One record's size. */
  public int next() {
    return at(ThreadLocalRandom.current().nextDouble());
  }

  /** The size at share {@code u} (0 ≤ u < 1) of the records: the inverse distribution function. */
  int at(double u) {
    // The first point above u (a histogram file may have many): binary search over 1..n-1.
    int i = 1;
    int hi = cumulative.length - 1;
    while (i < hi) {
      int mid = (i + hi) >>> 1;
      if (u >= cumulative[mid]) {
        i = mid + 1;
      } else {
        hi = mid;
      }
    }
    double lo = cumulative[i - 1];
    double width = cumulative[i] - lo;
    double f = width <= 0 ? 0 : Math.min(1, Math.max(0, (u - lo) / width));
    int a = sizes[i - 1];
    int b = sizes[i];
    return Math.min(b, a + (int) ((b - a + 1L) * f));
  }

  /** The largest size it draws. */
  public int max() {
    return sizes[sizes.length - 1];
  }

  /** A fixed size: one size every time. */
  public boolean isFixed() {
    return sizes[0] == sizes[sizes.length - 1];
  }
}
