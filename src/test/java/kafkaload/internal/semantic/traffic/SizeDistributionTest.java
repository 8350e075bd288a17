package kafkaload.internal.semantic.traffic;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Sizes drawn against what was asked: fixed, uniform bounds, the percentiles given. */
class SizeDistributionTest {
  private static int[] draw(SizeDistribution d, int n) {
    int[] s = new int[n];
    for (int i = 0; i < n; i++) {
      s[i] = d.next();
    }
    Arrays.sort(s);
    return s;
  }

  private static double atOrBelow(int[] sorted, int size) {
    return (double) Arrays.stream(sorted).filter(x -> x <= size).count() / sorted.length;
  }

  private static int percentile(int[] sorted, double pct) {
    return sorted[(int) Math.ceil(pct / 100 * sorted.length) - 1];
  }

  @Test
  void percentilesOfTheMixAreTheOnesAsked() {
    SizeDistribution d = SizeDistribution.parse("percentiles:p50=512,p90=4096,p99=65536");
    int[] s = draw(d, 400_000);
    // "p90=4096": 90 % of the records are 4096 bytes or less (the distribution function at the
    // points; above p90 sizes spread thin, so the drawn 90th percentile itself varies by hundreds
    // of bytes from draw to draw, while the share at or below 4096 varies by 0.05 %)
    assertEquals(0.50, atOrBelow(s, 512), 0.003);
    assertEquals(0.90, atOrBelow(s, 4096), 0.003);
    assertEquals(0.99, atOrBelow(s, 65535), 0.003);
    // The drawn median is where the drawn distribution function crosses 0.5, so it strays as far
    // as that function's 0.003 above, converted at the density on each side of 512: 50 % over
    // 1..512 below it, 40 % over 513..4096 above (seven times thinner). A symmetric 3 % of 512
    // (15 bytes) was 2.5 standard deviations above: about one run in a hundred failed.
    int median = percentile(s, 50);
    assertTrue(
        median >= 512 - Math.ceil(0.003 * 511 / 0.50)
            && median <= 512 + Math.ceil(0.003 * (4096 - 512) / 0.40),
        "median " + median);
    assertEquals(1, s[0], 5);
    assertEquals(65536, s[s.length - 1]);
    // between points the sizes are spread, not stuck at the points
    assertEquals(0.5 * (512 + 4096), percentile(s, 70), 0.05 * 4096);
  }

  @Test
  void histogramFileBucketsHoldTheirShares() {
    // payloads/sizes-histogram.csv: 20 % up to 128 bytes, 50 % in 129..512, 25 % in 513..4096,
    // 5 % in 4097..65536
    SizeDistribution d = SizeDistribution.parse("histogram:payloads/sizes-histogram.csv");
    int[] s = draw(d, 400_000);
    assertEquals(0.20, atOrBelow(s, 128), 0.003);
    assertEquals(0.70, atOrBelow(s, 512), 0.003);
    assertEquals(0.95, atOrBelow(s, 4096), 0.003);
    assertEquals(1, s[0]);
    // 20,000 draws over 4097..65536: the largest near the top, never above it
    assertTrue(s[s.length - 1] <= 65536 && s[s.length - 1] > 65000, "largest " + s[s.length - 1]);
    // evenly within a bucket: the middle of 129..512 at the middle of its share
    assertEquals(320, percentile(s, 45), 0.03 * 512);
  }

  @Test
  void histogramFileErrorsNameTheLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path f = dir.resolve("sizes.csv");
    java.nio.file.Files.writeString(f, "size,count\n512,10\n256,3\n");
    assertTrue(
        error(() -> SizeDistribution.parse("histogram:" + f)).contains("line 3: sizes go up"),
        "out of order");
    java.nio.file.Files.writeString(f, "512,10\nlots,3\n");
    assertTrue(
        error(() -> SizeDistribution.parse("histogram:" + f)).contains("line 2 'lots,3'"),
        "not numbers after the first line");
    java.nio.file.Files.writeString(f, "512,0\n");
    assertTrue(
        error(() -> SizeDistribution.parse("histogram:" + f)).contains("no bucket counts"),
        "empty");
    assertTrue(
        error(() -> SizeDistribution.parse("histogram:nope/sizes.csv")).contains("not found"),
        "missing file");
  }

  @Test
  void percentilesWithTailsGiven() {
    SizeDistribution d = SizeDistribution.parse("percentiles:p0=100,p50=200,p100=300");
    int[] s = draw(d, 100_000);
    assertEquals(100, s[0]);
    assertEquals(300, s[s.length - 1]);
    assertEquals(200, percentile(s, 50), 3);
    assertEquals(150, percentile(s, 25), 3);
  }

  @Test
  void uniformIncludesBothBounds() {
    int[] s = draw(SizeDistribution.parse("uniform:100-2000"), 200_000);
    assertEquals(100, s[0]);
    assertEquals(2000, s[s.length - 1]);
    assertEquals(1050, percentile(s, 50), 20);
    assertEquals(1525, percentile(s, 75), 20);
    int[] two = draw(SizeDistribution.uniform(7, 8), 10_000);
    long sevens = Arrays.stream(two).filter(x -> x == 7).count();
    assertEquals(5000, sevens, 300);
  }

  @Test
  void fixedIsOneSize() {
    SizeDistribution d = SizeDistribution.parse("fixed:1024");
    assertTrue(d.isFixed());
    int[] s = draw(d, 1000);
    assertEquals(1024, s[0]);
    assertEquals(1024, s[s.length - 1]);
    assertEquals(0, SizeDistribution.fixed(0).next());
  }

  @Test
  void badSpecsAreConfigErrors() {
    assertTrue(error(() -> SizeDistribution.parse("lognormal:3")).contains("expected fixed:1024"));
    assertTrue(error(() -> SizeDistribution.parse("uniform:100")).contains("expected"));
    assertTrue(error(() -> SizeDistribution.parse("uniform:200-100")).contains("smaller size"));
    assertTrue(error(() -> SizeDistribution.parse("percentiles:p90=10,p50=20")).contains("go up"));
    assertTrue(error(() -> SizeDistribution.parse("percentiles:p50=20,p90=10")).contains("go up"));
    assertTrue(error(() -> SizeDistribution.parse("percentiles:q50=20")).contains("expected"));
    assertTrue(error(() -> SizeDistribution.parse("fixed:-1")).contains("0 to"));
  }
}
