package kafkaload.internal.semantic.traffic;

import static kafkaload.internal.config.PropertyTests.error;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/** Key draws against their laws: Zipf's shares, the hot set's share, uniform's spread. */
class KeyDistributionTest {
  private static final int DRAWS = 400_000;

  private static long[] counts(IntSupplier index, int n, int draws) {
    long[] c = new long[n];
    for (int i = 0; i < draws; i++) {
      c[index.getAsInt()]++;
    }
    return c;
  }

  /** Zipf's law: key k's share is (1/(k+1)^s) / H(n, s). */
  static double zipfShare(int k, int n, double s) {
    double h = 0;
    for (int i = 1; i <= n; i++) {
      h += 1 / Math.pow(i, s);
    }
    return 1 / Math.pow(k + 1, s) / h;
  }

  @Test
  void zipfSharesFollowTheLaw() {
    for (double s : new double[] {0.8, 1.0, 1.2}) {
      int n = 1000;
      // 2 million draws: 5 % of the 10th key's share is more than 7 standard errors
      int draws = 2_000_000;
      long[] c = counts(KeyDistribution.zipfIndex(n, s), n, draws);
      for (int k = 0; k < 10; k++) {
        double law = zipfShare(k, n, s);
        double seen = (double) c[k] / draws;
        assertEquals(law, seen, 0.05 * law, "s=" + s + " key " + k);
      }
      // the tail together too: keys 100 and above
      double lawTail = 0;
      long seenTail = 0;
      for (int k = 100; k < n; k++) {
        lawTail += zipfShare(k, n, s);
        seenTail += c[k];
      }
      assertEquals(lawTail, (double) seenTail / draws, 0.05 * lawTail, "s=" + s + " tail");
    }
  }

  @Test
  void zipfIsThreadSafeAndStaysInRange() throws Exception {
    int n = 50;
    IntSupplier index = KeyDistribution.zipfIndex(n, 1.0);
    AtomicLongArray c = new AtomicLongArray(n);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      Future<?>[] f = new Future<?>[4];
      for (int t = 0; t < 4; t++) {
        f[t] =
            pool.submit(
                () -> {
                  for (int i = 0; i < 100_000; i++) {
                    c.incrementAndGet(index.getAsInt());
                  }
                });
      }
      for (Future<?> x : f) {
        x.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(zipfShare(0, n, 1.0), c.get(0) / 400_000.0, 0.05 * zipfShare(0, n, 1.0));
  }

  @Test
  void hotSetGetsItsShare() {
    int n = 1000;
    long[] c = counts(KeyDistribution.hotIndex(80, 10, n), n, DRAWS);
    long hot = 0;
    for (int k = 0; k < 10; k++) {
      hot += c[k];
      // each hot key about 8 %
      assertEquals(0.08, (double) c[k] / DRAWS, 0.004, "hot key " + k);
    }
    assertEquals(0.80, (double) hot / DRAWS, 0.005);
    // the cold keys share the other 20 % evenly, each about 0.02 %
    long coldMax = 0;
    for (int k = 10; k < n; k++) {
      coldMax = Math.max(coldMax, c[k]);
    }
    assertTrue(coldMax < 0.001 * DRAWS, "a cold key got " + coldMax);
    // 100 % on all keys is uniform
    long[] all = counts(KeyDistribution.hotIndex(100, 5, 5), 5, 50_000);
    for (long x : all) {
      assertEquals(10_000, x, 500);
    }
  }

  @Test
  void uniformSpreadsEvenly() {
    int n = 100;
    long[] c = counts(KeyDistribution.uniformIndex(n), n, DRAWS);
    for (int k = 0; k < n; k++) {
      assertEquals(0.01, (double) c[k] / DRAWS, 0.001, "key " + k);
    }
  }

  @Test
  void keysAreNamedLikeRoundRobinsAndMadeOnTheFlyBeyondTheTable() {
    var small = KeyDistribution.keys(() -> 7, 10);
    assertArrayEquals("key-7".getBytes(StandardCharsets.UTF_8), (byte[]) small.apply(null));
    int big = KeyDistribution.TABLE_MAX + 10;
    var large = KeyDistribution.keys(() -> big - 1, big);
    assertArrayEquals(
        ("key-" + (big - 1)).getBytes(StandardCharsets.UTF_8), (byte[]) large.apply(null));
    Set<String> seen = new HashSet<>();
    var zipf = KeyDistribution.zipf(3, 1.0);
    for (int i = 0; i < 1000; i++) {
      seen.add(new String((byte[]) zipf.apply(null), StandardCharsets.UTF_8));
    }
    assertEquals(Set.of("key-0", "key-1", "key-2"), seen);
  }

  @Test
  void badArgumentsAreConfigErrors() {
    assertTrue(error(() -> KeyDistribution.zipf(0, 1.0)).contains("n must be >= 1"));
    assertTrue(error(() -> KeyDistribution.zipf(10, 0)).contains("exponent s must be > 0"));
    assertTrue(error(() -> KeyDistribution.uniform(-1)).contains("n must be >= 1"));
    assertTrue(error(() -> KeyDistribution.hot(0, 1, 10)).contains("hot share"));
    assertTrue(error(() -> KeyDistribution.hot(120, 1, 10)).contains("hot share"));
    assertTrue(error(() -> KeyDistribution.hot(80, 11, 10)).contains("hot keys must be 1 to n"));
    assertTrue(error(() -> KeyDistribution.hot(80, 10, 10)).contains("fewer than n"));
  }
}
