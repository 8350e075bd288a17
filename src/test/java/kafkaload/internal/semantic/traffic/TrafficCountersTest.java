package kafkaload.internal.semantic.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tap's counts: keys by content, keyless records, the cap on distinct keys, the sizes. */
class TrafficCountersTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void nothingSentIsNoSection() {
    assertNull(new TrafficCounters().figures());
  }

  @Test
  void keysAreCountedByContentAndRankedWithTheirShares() {
    TrafficCounters c = new TrafficCounters();
    for (int i = 0; i < 60; i++) {
      c.sent(b("key-0"), new byte[100]);
    }
    for (int i = 0; i < 30; i++) {
      c.sent(b("key-1"), new byte[1000]);
    }
    for (int i = 0; i < 10; i++) {
      c.sent(null, null);
    }
    c.producerMetrics(Map.of("batch-size-avg", 16000.0, "compression-rate-avg", 0.4));
    TrafficFigures f = c.figures();
    assertEquals(100, f.records());
    assertEquals(10, f.keyless());
    assertEquals(2, f.distinctKeys());
    assertEquals(0, f.untrackedRecords());
    assertEquals("key-0", f.topKeys().get(0).key());
    assertEquals(60, f.topKeys().get(0).records());
    assertEquals(60.0, f.topKeys().get(0).sharePct(), 1e-9);
    assertEquals(30.0, f.topKeys().get(1).sharePct(), 1e-9);
    assertEquals(100, f.sizes().count());
    assertEquals(0, f.sizes().min());
    assertEquals(100, f.sizes().p50());
    assertEquals(1000, f.sizes().p90());
    assertEquals(1000, f.sizes().max());
    assertEquals(16000.0, f.batching().batchSizeAvg());
    assertNull(f.batching().recordsPerRequestAvg());
    assertEquals(0.4, f.batching().compressionRateAvg());
  }

  @Test
  void distinctKeysAreCappedAndTheRestCountedTogether() {
    TrafficCounters c = new TrafficCounters();
    int n = TrafficCounters.MAX_KEYS + 500;
    for (int i = 0; i < n; i++) {
      c.sent(b("k" + i), new byte[1]);
    }
    for (int i = 0; i < 5; i++) {
      c.sent(b("k0"), new byte[1]);
    }
    TrafficFigures f = c.figures();
    assertNull(f.distinctKeys());
    assertEquals(500, f.untrackedRecords());
    assertEquals("k0", f.topKeys().get(0).key());
    assertEquals(6, f.topKeys().get(0).records());
    assertEquals(TrafficCounters.TOP, f.topKeys().size());
  }

  @Test
  void binaryKeysAreShownInHex() {
    assertEquals("0x00ff", TrafficCounters.text(new byte[] {0, (byte) 0xff}));
    assertEquals("key-1", TrafficCounters.text(b("key-1")));
  }
}
