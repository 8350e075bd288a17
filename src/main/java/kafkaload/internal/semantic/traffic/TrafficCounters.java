package kafkaload.internal.semantic.traffic;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.run.RecordTap;
import org.HdrHistogram.AtomicHistogram;

/**
 * Every record sent, counted by key and by value size, in the run's ledger. Cheap on the sending
 * threads: a key is counted exactly from its first record, up to {@link #MAX_KEYS} distinct keys
 * (so a hot key, which comes early, is counted whole; later new keys are counted together); sizes
 * go to a lock-free histogram.
 */
final class TrafficCounters implements RecordTap {
  /** Distinct keys counted one by one; a bound on memory whatever the key space. */
  static final int MAX_KEYS = 10_000;

  /** Keys listed in the results. */
  static final int TOP = 10;

  /** Keys by content: a ByteBuffer compares its bytes. */
  private final Map<ByteBuffer, LongAdder> keys = new ConcurrentHashMap<>();

  private final AtomicInteger distinct = new AtomicInteger();
  private final LongAdder records = new LongAdder();
  private final LongAdder keyless = new LongAdder();
  private final LongAdder untracked = new LongAdder();

  /** Three digits: sizes under 2,048 bytes exact, larger ones within 0.1 %. */
  private final AtomicHistogram sizes = new AtomicHistogram(Integer.MAX_VALUE, 3);

  private final LongAccumulator minSize = new LongAccumulator(Math::min, Long.MAX_VALUE);
  private final LongAccumulator maxSize = new LongAccumulator(Math::max, 0);
  private volatile TrafficFigures.Batching batching;

  @Override
  public void sent(byte[] key, byte[] value) {
    records.increment();
    int size = value == null ? 0 : value.length;
    sizes.recordValue(size);
    minSize.accumulate(size);
    maxSize.accumulate(size);
    if (key == null) {
      keyless.increment();
      return;
    }
    ByteBuffer k = ByteBuffer.wrap(key);
    LongAdder count = keys.get(k);
    if (count == null) {
      if (distinct.get() >= MAX_KEYS) {
        untracked.increment();
        return;
      }
      count =
          keys.computeIfAbsent(
              k,
              x -> {
                distinct.incrementAndGet();
                return new LongAdder();
              });
    }
    count.increment();
  }

  @Override
  public void producerMetrics(Map<String, Double> metrics) {
    batching =
        new TrafficFigures.Batching(
            metrics.get("batch-size-avg"),
            metrics.get("records-per-request-avg"),
            metrics.get("compression-rate-avg"));
  }

  /** What was counted; null when nothing was sent. */
  TrafficFigures figures() {
    long total = records.sum();
    if (total == 0) {
      return null;
    }
    List<TrafficFigures.KeyShare> top =
        TrafficMerge.topKeys(
            keys.entrySet().stream()
                .map(e -> Map.entry(text(e.getKey().array()), e.getValue().sum())),
            total);
    long lateKeys = untracked.sum();
    return new TrafficFigures(
        total,
        keyless.sum(),
        lateKeys > 0 ? null : distinct.get(),
        lateKeys,
        top,
        sizes(),
        batching);
  }

  private TrafficFigures.Sizes sizes() {
    AtomicHistogram h = sizes.copy();
    return new TrafficFigures.Sizes(
        h.getTotalCount(),
        h.getMean(),
        minSize.get(),
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(90),
        h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9),
        maxSize.get());
  }

  /** A key as text when it is printable ASCII, else its first 32 bytes in hex. */
  static String text(byte[] key) {
    for (byte b : key) {
      if (b < 0x20 || b > 0x7e) {
        String hex = HexFormat.of().formatHex(key, 0, Math.min(32, key.length));
        return "0x" + hex + (key.length > 32 ? "…" : "");
      }
    }
    return new String(key, StandardCharsets.US_ASCII);
  }
}
