package kafkaload.internal.semantic.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Injectors' traffic sections as one: counts summed, keys re-ranked, sizes and batching weighted.
 */
class TrafficMergeTest {
  private static TrafficFigures figures(
      long records, long k0, long k1, long p50, long max, Double compression) {
    return new TrafficFigures(
        records,
        1,
        2,
        0,
        List.of(
            new TrafficFigures.KeyShare("key-0", k0, 100.0 * k0 / records),
            new TrafficFigures.KeyShare("key-1", k1, 100.0 * k1 / records)),
        new TrafficFigures.Sizes(records, p50, 1, p50, p50 * 2, p50 * 3, p50 * 3, max),
        new TrafficFigures.Batching(1000.0, 10.0, compression));
  }

  @Test
  void injectorsAddUp() {
    TrafficFigures m =
        TrafficMerge.of(
            Arrays.asList(
                figures(100, 60, 30, 100, 500, 0.5), null, figures(300, 100, 150, 200, 900, null)));
    assertEquals(400, m.records());
    assertEquals(2, m.keyless());
    assertNull(m.distinctKeys());
    assertEquals("key-1", m.topKeys().get(0).key());
    assertEquals(180, m.topKeys().get(0).records());
    assertEquals(45.0, m.topKeys().get(0).sharePct(), 1e-9);
    assertEquals(160, m.topKeys().get(1).records());
    assertEquals(400, m.sizes().count());
    assertEquals(175, m.sizes().p50());
    assertEquals(1, m.sizes().min());
    assertEquals(900, m.sizes().max());
    assertEquals(1000.0, m.batching().batchSizeAvg(), 1e-9);
    // only the first injector measured compression: its figure alone
    assertEquals(0.5, m.batching().compressionRateAvg(), 1e-9);
  }

  @Test
  void noneOrOne() {
    assertNull(TrafficMerge.of(Arrays.asList(null, null)));
    TrafficFigures one = figures(10, 5, 5, 10, 10, null);
    assertSame(one, TrafficMerge.of(Arrays.asList(null, one)));
  }
}
