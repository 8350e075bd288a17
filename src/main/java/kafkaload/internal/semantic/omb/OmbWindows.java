package kafkaload.internal.semantic.omb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import kafkaload.internal.run.RecordTap;
import kafkaload.internal.semantic.omb.OmbTestResult.Stats;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.Recorder;

/**
 * The run as OMB's result file sees it, a tap of the ledger: each record's publish delay and ack
 * latency, each failure, each read of a subscription, in 10-second windows from the end of the
 * warm-up (OMB resets its stats there), and over all of them. Written to on the sending, I/O and
 * consumer threads (wait-free recorders and adders); a window is closed by the first record after
 * its end, or when the results are made.
 */
final class OmbWindows implements RecordTap {
  static final long WINDOW_MS = 10_000;

  private final OmbResultSpec spec;
  private final long startMillis;

  /** The windows' end (the test's end): records after it are not in them. */
  private final long endMillis;

  private final Recorder publish = new Recorder(3);
  private final Recorder delay = new Recorder(3);
  private final Recorder e2e = new Recorder(3);
  private final LongAdder sent = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final LongAdder received = new LongAdder();
  private final LongAdder totalSent = new LongAdder();
  private final LongAdder totalReceived = new LongAdder();
  private final Histogram allPublish = new Histogram(3);
  private final Histogram allDelay = new Histogram(3);
  private final Histogram allE2e = new Histogram(3);
  private final List<Window> windows = new ArrayList<>();
  private volatile long windowEnd;
  private long windowStart;

  /** One window: its length, counts, and histograms (µs). */
  record Window(
      double seconds,
      long sent,
      long errors,
      long received,
      long backlog,
      Histogram publish,
      Histogram delay,
      Histogram e2e) {}

  OmbWindows(OmbResultSpec spec, long startMillis) {
    this.spec = spec;
    this.startMillis = startMillis;
    this.endMillis =
        spec.measuredFor().isZero() ? Long.MAX_VALUE : startMillis + spec.measuredFor().toMillis();
    this.windowStart = startMillis;
    this.windowEnd = startMillis + WINDOW_MS;
  }

  @Override
  public void sent(byte[] key, byte[] value) {}

  @Override
  public void publishDelayed(long delayMicros) {
    if (measuring(System.currentTimeMillis())) {
      delay.recordValue(Math.max(0, delayMicros));
    }
  }

  @Override
  public void ackedAfter(long latencyMicros) {
    totalSent.increment();
    if (measuring(System.currentTimeMillis())) {
      sent.increment();
      publish.recordValue(Math.max(0, latencyMicros));
    }
  }

  @Override
  public void answered(
      String topic, int partition, long sentMillis, long atMillis, Exception error) {
    if (error != null && measuring(atMillis)) {
      errors.increment();
    }
  }

  @Override
  public void consumed(long e2eMicros) {
    totalReceived.increment();
    if (measuring(System.currentTimeMillis())) {
      received.increment();
      if (e2eMicros >= 0) {
        e2e.recordValue(e2eMicros);
      }
    }
  }

  /** After the warm-up, before the test's end; closes the window that ended first. */
  private boolean measuring(long now) {
    if (now >= endMillis) {
      return false;
    }
    if (now >= windowEnd) {
      roll(now, false);
    }
    return now >= startMillis;
  }

  /** Closes each window ended by {@code now}; {@code last}: the partial one too (at the end). */
  private synchronized void roll(long now, boolean last) {
    while (now >= windowEnd || (last && now - windowStart >= 1000 && now > windowStart)) {
      long end = Math.min(now, windowEnd);
      Histogram p = publish.getIntervalHistogram();
      Histogram d = delay.getIntervalHistogram();
      Histogram e = e2e.getIntervalHistogram();
      allPublish.add(p);
      allDelay.add(d);
      allE2e.add(e);
      long backlog =
          Math.max(0, spec.subscriptionsPerTopic() * totalSent.sum() - totalReceived.sum());
      windows.add(
          new Window(
              (end - windowStart) / 1000.0,
              sent.sumThenReset(),
              errors.sumThenReset(),
              received.sumThenReset(),
              backlog,
              p,
              d,
              e));
      windowStart = end;
      windowEnd = end + WINDOW_MS;
      if (end == now) {
        return;
      }
    }
  }

  /** OMB's result of the windows closed by {@code nowMillis}, the partial last one included. */
  synchronized OmbTestResult result(long nowMillis) {
    roll(Math.min(nowMillis, endMillis), true);
    List<Window> w = List.copyOf(windows);
    return new OmbTestResult(
        spec.shape(),
        new OmbTestResult.Rates(
            each(w, x -> x.sent() / x.seconds()),
            each(w, x -> x.errors() / x.seconds()),
            each(w, x -> x.received() / x.seconds()),
            w.stream().map(Window::backlog).toList()),
        series(w, x -> millis(x.publish())),
        series(w, x -> micros(x.delay())),
        series(w, x -> millis(x.e2e())),
        millis(allPublish),
        micros(allDelay),
        millis(allE2e),
        new OmbTestResult.Quantiles(
            quantiles(allPublish, v -> ms(v.getValueIteratedTo())),
            quantiles(allDelay, HistogramIterationValue::getValueIteratedTo),
            quantiles(allE2e, v -> ms(v.getValueIteratedTo()))));
  }

  /** A histogram of microseconds in OMB's milliseconds. */
  private static Stats<Double, Double> millis(Histogram h) {
    return stats(h, v -> ms(v), v -> ms(v));
  }

  /** A histogram of microseconds as OMB keeps publish delays: whole microseconds, mean apart. */
  private static Stats<Double, Long> micros(Histogram h) {
    return stats(h, v -> Double.isNaN(v) ? 0 : v, v -> (long) v);
  }

  private static <V> Stats<Double, V> stats(
      Histogram h, DoubleUnaryOperator mean, DoubleFunction<V> value) {
    return new Stats<>(
        mean.applyAsDouble(h.getMean()),
        value.apply(h.getValueAtPercentile(50)),
        value.apply(h.getValueAtPercentile(75)),
        value.apply(h.getValueAtPercentile(95)),
        value.apply(h.getValueAtPercentile(99)),
        value.apply(h.getValueAtPercentile(99.9)),
        value.apply(h.getValueAtPercentile(99.99)),
        value.apply(h.getMaxValue()));
  }

  /** Each window's stats, as OMB lists them: one list per figure. */
  private static <A, V> Stats<List<A>, List<V>> series(
      List<Window> w, Function<Window, Stats<A, V>> f) {
    List<Stats<A, V>> s = w.stream().map(f).toList();
    return new Stats<>(
        s.stream().map(Stats::avg).toList(),
        s.stream().map(Stats::p50).toList(),
        s.stream().map(Stats::p75).toList(),
        s.stream().map(Stats::p95).toList(),
        s.stream().map(Stats::p99).toList(),
        s.stream().map(Stats::p999).toList(),
        s.stream().map(Stats::p9999).toList(),
        s.stream().map(Stats::max).toList());
  }

  /** Microseconds as OMB's milliseconds; an empty histogram's NaN mean as 0. */
  private static double ms(double micros) {
    return Double.isNaN(micros) ? 0 : micros / 1000.0;
  }

  private static List<Double> each(List<Window> w, ToDoubleFunction<Window> f) {
    return w.stream().map(x -> f.applyAsDouble(x)).map(v -> Double.isNaN(v) ? 0.0 : v).toList();
  }

  /** The histogram's percentiles as OMB lists them (HdrHistogram's, 100 ticks per half). */
  private static <V> Map<Double, V> quantiles(
      Histogram h, Function<HistogramIterationValue, V> value) {
    Map<Double, V> out = new TreeMap<>();
    if (h.getTotalCount() > 0) {
      for (HistogramIterationValue v : h.percentiles(100)) {
        out.put(v.getPercentile(), value.apply(v));
      }
    }
    return out;
  }
}
