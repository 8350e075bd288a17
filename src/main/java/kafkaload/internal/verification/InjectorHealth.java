package kafkaload.internal.verification;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import io.netty.util.concurrent.EventExecutor;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.config.InjectorBounds;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.LoadCpu;
import kafkaload.internal.run.CpuWindow;
import kafkaload.internal.run.RunLedger;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Samples the injector once a second: machine and process CPU, GC pauses, heap (used, and after the
 * last GC), the producers' own metrics, the time sends spent inside producer.send, the ack
 * throughput, and how late Gatling's event loops ran (see {@link EventLoopLag}). A run whose
 * injector was saturated during the load is marked: its latency and throughput figures measure the
 * load tool as much as Kafka. Only the samples of the load count, from the first user's start to
 * the first verification step (or the end of the run): preflight, JVM warm-up before the load and
 * the read-back after it are not the load.
 */
public final class InjectorHealth implements AutoCloseable {
  static final List<String> PRODUCER_METRICS =
      List.of(
          "bufferpool-wait-ratio",
          "bufferpool-wait-time-ns-total",
          "record-queue-time-avg",
          "record-queue-time-max",
          "request-latency-avg",
          "request-latency-max",
          "batch-size-avg",
          "records-per-request-avg",
          "compression-rate-avg",
          "record-send-rate",
          "record-error-rate",
          "record-retry-rate");

  public record Verdict(boolean saturated, List<String> reasons) {}

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "kafkaload-injector-health");
            t.setDaemon(true);
            return t;
          });
  private final List<InjectorSample> samples = Collections.synchronizedList(new ArrayList<>());
  private final DoubleAdder gcPauseMs = new DoubleAdder();
  private final LongAccumulator gcMaxPauseMs = new LongAccumulator(Math::max, 0);
  private final List<Runnable> unregister = new ArrayList<>();
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final Set<String> heapPools = heapPoolNames();

  /**
   * The heap after the latest collection, MB (NaN before the first): the figure -Xlog:gc prints
   * after "->". Its floor over a long run is the live set, so it shows growth that heapUsedMb's
   * sawtooth hides.
   */
  private volatile double heapAfterGcMb = Double.NaN;

  private final long startNanos = System.nanoTime();
  private final InjectorBounds bounds;
  private final EventLoopLag eventLoops = new EventLoopLag();

  /** The event-loop delays of the load's samples, µs. */
  private final Histogram loadDelayMicros = new Histogram(2);

  private volatile double loadStart = Double.NaN;
  private volatile double loadEnd = Double.NaN;
  private final Supplier<List<RunLedger>> ledgers;
  private final CpuWindow cpu = new CpuWindow();

  /** Set once the measured load's start is read: the one check each later request makes. */
  private volatile boolean measuredStartKnown;

  private long lastAcked;
  private long lastBytes;
  private double lastBlockedNanos;
  private double lastGcPause;
  private long lastNanos = startNanos;

  private InjectorHealth(InjectorBounds bounds, Supplier<List<RunLedger>> ledgers) {
    this.bounds = bounds;
    this.ledgers = ledgers;
  }

  /** Starts sampling the given stats and producers every second. */
  public static InjectorHealth start(
      InjectorBounds bounds,
      Supplier<List<RunLedger>> stats,
      Supplier<List<ProducerHandle>> producers) {
    InjectorHealth h = new InjectorHealth(bounds, stats);
    h.listenToGc();
    h.timer.scheduleAtFixedRate(
        () -> h.sample(stats.get(), producers.get()), 1, 1, TimeUnit.SECONDS);
    return h;
  }

  public InjectorBounds bounds() {
    return bounds;
  }

  /** A user started: the first one starts the load. Also probes its event loop, once per loop. */
  public void userStarted(EventExecutor eventLoop) {
    if (Double.isNaN(loadStart)) {
      markStart();
    }
    eventLoops.watch(eventLoop);
  }

  private synchronized void markStart() {
    if (Double.isNaN(loadStart)) {
      loadStart = secondsSinceStart();
      cpu.firstUserStarted(reading());
    }
  }

  /**
   * A request outside the warm-up is about to run: the first one starts the measured load, where
   * the process CPU is read. Cheap after that: one volatile read.
   */
  public void measuredRequest() {
    if (!measuredStartKnown) {
      cpu.measuredLoadStarted(reading());
      measuredStartKnown = cpu.measuredStartKnown();
    }
  }

  /** The verification begins: the load is over (only the first call counts). */
  public synchronized void loadEnded() {
    if (Double.isNaN(loadEnd)) {
      loadEnd = secondsSinceStart();
      cpu.loadEnded(reading());
      measuredStartKnown = true;
    }
  }

  /**
   * The process CPU split at the measured load (see {@link LoadCpu}); null before the load ended.
   * {@code brokerInJvm}: an embedded broker runs in this JVM, so its CPU is in the figures.
   */
  public LoadCpu loadCpu(boolean brokerInJvm) {
    return cpu.figures(brokerInJvm);
  }

  /** Now: the second, the whole process's CPU seconds so far, the records acked so far. */
  private LoadCpu.Reading reading() {
    long acked = 0;
    for (RunLedger l : ledgers.get()) {
      acked += l.delivery().ackedCount();
    }
    return new LoadCpu.Reading(secondsSinceStart(), RunLedger.processCpuSeconds(), acked);
  }

  private double secondsSinceStart() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** Whether the second covered by a sample taken at this time lies (mostly) in the load. */
  private boolean inLoad(double sampleSecond) {
    double mid = sampleSecond - 0.5;
    return !Double.isNaN(loadStart)
        && mid >= loadStart
        && (Double.isNaN(loadEnd) || mid <= loadEnd);
  }

  /**
   * The load's window in seconds since sampling began: [start, end], end NaN while it lasts; NaN
   * before.
   */
  public double[] loadWindow() {
    return new double[] {loadStart, loadEnd};
  }

  /** Event-loop delay over the load's samples: probes, loops, p50, p99, max (ms). */
  public synchronized InjectorResults.EventLoopDelay eventLoopDelay() {
    return new InjectorResults.EventLoopDelay(
        eventLoops.loops(),
        loadDelayMicros.getTotalCount(),
        EventLoopLag.PERIOD_MS,
        loadDelayMicros.getValueAtPercentile(50) / 1000.0,
        loadDelayMicros.getValueAtPercentile(99) / 1000.0,
        loadDelayMicros.getMaxValue() / 1000.0);
  }

  private void listenToGc() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (!(gc instanceof NotificationEmitter)) {
        continue;
      }
      NotificationListener l =
          (n, handback) -> {
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                n.getType())) {
              return;
            }
            GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            heapAfterGcMb = heapMb(info.getGcInfo().getMemoryUsageAfterGc());
            // Concurrent cycles run beside the application; only stop-the-world collections pause
            // it.
            if (info.getGcName().contains("Concurrent")
                || info.getGcAction().contains("concurrent")) {
              return;
            }
            long ms = info.getGcInfo().getDuration();
            gcPauseMs.add(ms);
            gcMaxPauseMs.accumulate(ms);
          };
      ((NotificationEmitter) gc).addNotificationListener(l, null, null);
      unregister.add(
          () -> {
            try {
              ((NotificationEmitter) gc).removeNotificationListener(l);
            } catch (Exception ignored) {
              // already gone
            }
          });
    }
  }

  /**
   * The heap pools' total in a collection's after-GC usage (the notification also lists non-heap
   * pools). Taken from the notification, not from an old pool's
   * MemoryPoolMXBean.getCollectionUsage(): it needs no collector-specific pool name, counts
   * survivors too, and costs nothing between collections.
   */
  private double heapMb(Map<String, MemoryUsage> afterGc) {
    long used = 0;
    for (Map.Entry<String, MemoryUsage> e : afterGc.entrySet()) {
      if (heapPools.contains(e.getKey())) {
        used += e.getValue().getUsed();
      }
    }
    return used / 1_048_576.0;
  }

  private static Set<String> heapPoolNames() {
    Set<String> names = new HashSet<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        names.add(pool.getName());
      }
    }
    return names;
  }

  private synchronized void sample(List<RunLedger> stats, List<ProducerHandle> producers) {
    long now = System.nanoTime();
    double dt = (now - lastNanos) / 1e9;
    lastNanos = now;
    long acked = 0;
    long bytes = 0;
    double blocked = 0;
    Histogram ack = new Histogram(3);
    for (RunLedger s : stats) {
      ack.add(s.delivery().ackLatencySinceLast());
      acked += s.delivery().ackedCount();
      bytes += s.delivery().ackedBytes();
      blocked += s.sendPath().blockedNanos();
    }
    double gcTotal = gcPauseMs.sum();
    double second = Math.round((now - startNanos) / 1e8) / 10.0;
    Histogram delay = eventLoops.interval();
    if (inLoad(second)) {
      loadDelayMicros.add(delay);
    }
    long overBound =
        delay.getTotalCount() == 0
            ? 0
            : delay.getCountBetweenValues(
                (long) (bounds.eventLoopDelayMs() * 1000), delay.getMaxValue());
    samples.add(
        new InjectorSample(
            second,
            (acked - lastAcked) / dt,
            (bytes - lastBytes) / dt / 1_048_576.0,
            ack.getTotalCount() == 0 ? Double.NaN : ack.getValueAtPercentile(99) / 1000.0,
            ack.getTotalCount() == 0 ? Double.NaN : ack.getMaxValue() / 1000.0,
            pct(os.getCpuLoad()),
            pct(os.getProcessCpuLoad()),
            memory.getHeapMemoryUsage().getUsed() / 1_048_576.0,
            heapAfterGcMb,
            gcTotal - lastGcPause,
            gcMaxPauseMs.getThenReset(),
            (blocked - lastBlockedNanos) / 1e6,
            delay.getTotalCount(),
            delay.getValueAtPercentile(99) / 1000.0,
            delay.getMaxValue() / 1000.0,
            overBound,
            producerMetrics(producers)));
    lastAcked = acked;
    lastBytes = bytes;
    lastBlockedNanos = blocked;
    lastGcPause = gcTotal;
  }

  private static double pct(double load) {
    return load < 0 ? Double.NaN : Math.round(load * 1000) / 10.0;
  }

  /**
   * Each metric over the producers that report it: rates and totals summed (what they did
   * together), maxima the highest, averages and ratios averaged, so a pool or a producer per user
   * reads like one producer doing the same work.
   */
  public static Map<String, Double> producerMetrics(List<ProducerHandle> producers) {
    Map<String, Double> sum = new LinkedHashMap<>();
    Map<String, Integer> count = new LinkedHashMap<>();
    Map<String, Double> maxes = new LinkedHashMap<>();
    for (ProducerHandle h : producers) {
      Map<MetricName, ? extends Metric> metrics;
      try {
        metrics = h.producer().metrics();
      } catch (RuntimeException closed) {
        continue;
      }
      metrics.forEach(
          (name, metric) -> {
            if (name.group().equals("producer-metrics")
                && PRODUCER_METRICS.contains(name.name())
                && metric.metricValue() instanceof Number) {
              double v = ((Number) metric.metricValue()).doubleValue();
              if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                sum.merge(name.name(), v, Double::sum);
                maxes.merge(name.name(), v, Math::max);
                count.merge(name.name(), 1, Integer::sum);
              }
            }
          });
    }
    Map<String, Double> avg = new LinkedHashMap<>();
    for (String m : PRODUCER_METRICS) {
      if (sum.containsKey(m)) {
        avg.put(
            m,
            m.endsWith("-rate") || m.endsWith("-total")
                ? sum.get(m)
                : m.endsWith("-max") ? maxes.get(m) : sum.get(m) / count.get(m));
      }
    }
    return avg;
  }

  public List<InjectorSample> samples() {
    synchronized (samples) {
      return new ArrayList<>(samples);
    }
  }

  /** The samples of the load only (see the class comment). */
  public List<InjectorSample> loadSamples() {
    return samples().stream().filter(x -> inLoad(x.second())).toList();
  }

  /** Judges the load's samples against the bounds; every reason is one readable line. */
  public Verdict verdict() {
    return judge(loadSamples(), bounds);
  }

  static Verdict judge(List<InjectorSample> s, InjectorBounds b) {
    List<String> reasons = new ArrayList<>();
    int w = b.windowSeconds();
    sustained(s, w, x -> x.systemCpuPct() >= b.cpuPct())
        .ifPresent(
            x ->
                reasons.add(
                    String.format(
                        "machine CPU stayed >= %.0f%% for %d s (from %.0f s)",
                        b.cpuPct(), w, x.second() - w + 1)));
    window(
            s,
            w,
            win ->
                win.stream().mapToDouble(InjectorSample::gcPauseMs).sum()
                    >= b.gcPct() / 100 * w * 1000)
        .ifPresent(
            win ->
                reasons.add(
                    String.format(
                        "GC pauses took %.0f ms of the %d s from %.0f s",
                        win.stream().mapToDouble(InjectorSample::gcPauseMs).sum(),
                        w,
                        win.get(0).second())));
    s.stream()
        .filter(x -> x.gcMaxPauseMs() >= b.gcSinglePauseMs())
        .findFirst()
        .ifPresent(
            x ->
                reasons.add(
                    String.format(
                        "a GC pause of %.0f ms at %.0f s", x.gcMaxPauseMs(), x.second())));
    sustained(
            s,
            w,
            x -> x.producer().getOrDefault("bufferpool-wait-ratio", 0.0) >= b.bufferWaitRatio())
        .ifPresent(
            x ->
                reasons.add(
                    String.format(
                        "sends waited for producer buffer space (bufferpool-wait-ratio >= %.2f) for %d s",
                        b.bufferWaitRatio(), w)));
    // p99 of a window's probe delays is at or above the bound when more than 1% of its probes are.
    window(
            s,
            w,
            win -> {
              long probes = win.stream().mapToLong(InjectorSample::eventLoopProbes).sum();
              return probes > 0
                  && win.stream().mapToLong(InjectorSample::eventLoopProbesOverBound).sum() * 100
                      > probes;
            })
        .ifPresent(
            win ->
                reasons.add(
                    String.format(
                        "Gatling's event loops ran late: p99 of their delay >= %.0f ms over "
                            + "the %d s from %.0f s (%d of %d probes, max %.0f ms)",
                        b.eventLoopDelayMs(),
                        w,
                        win.get(0).second(),
                        win.stream().mapToLong(InjectorSample::eventLoopProbesOverBound).sum(),
                        win.stream().mapToLong(InjectorSample::eventLoopProbes).sum(),
                        win.stream()
                            .mapToDouble(InjectorSample::eventLoopDelayMaxMs)
                            .max()
                            .orElse(0))));
    return new Verdict(!reasons.isEmpty(), reasons);
  }

  /** The sample that ends the first run of {@code w} consecutive samples meeting the condition. */
  private static Optional<InjectorSample> sustained(
      List<InjectorSample> s, int w, Predicate<InjectorSample> met) {
    int run = 0;
    for (InjectorSample x : s) {
      run = met.test(x) ? run + 1 : 0;
      if (run == w) {
        return Optional.of(x);
      }
    }
    return Optional.empty();
  }

  /**
   * The first window of {@code w} consecutive samples that, taken together, meets the condition.
   */
  private static Optional<List<InjectorSample>> window(
      List<InjectorSample> s, int w, Predicate<List<InjectorSample>> met) {
    for (int i = 0; i + w <= s.size(); i++) {
      if (met.test(s.subList(i, i + w))) {
        return Optional.of(s.subList(i, i + w));
      }
    }
    return Optional.empty();
  }

  @Override
  public void close() {
    timer.shutdownNow();
    eventLoops.close();
    unregister.forEach(Runnable::run);
  }
}
