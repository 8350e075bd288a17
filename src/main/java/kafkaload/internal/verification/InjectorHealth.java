package kafkaload.internal.verification;

import com.sun.management.OperatingSystemMXBean;
import io.netty.util.concurrent.EventExecutor;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.LoadCpu;
import kafkaload.internal.run.CpuWindow;
import kafkaload.internal.run.RunLedger;
import org.HdrHistogram.Histogram;

/**
 * Samples the injector once a second: machine and process CPU, GC pauses, heap (used, and after the
 * last GC), the producers' own metrics, the time sends spent inside producer.send, the ack
 * throughput, and how late Gatling's event loops ran (see {@link EventLoopLag}). A run whose
 * injector was saturated during the load is marked: its latency and throughput figures measure the
 * load tool as much as Kafka. Only the samples of the measured load count, the window the results
 * cover: from the first request outside the warm-up (else the first user's start) to the first
 * verification step (or the end of the run). Preflight, the warm-up (there for the JVM's, whose
 * compiling can delay the event loops) and the read-back after the load are not judged.
 *
 * <p>The parts: {@link GcWatch} (collections), {@link ProducerMetrics}, {@link Saturation} (the
 * verdict).
 */
public final class InjectorHealth implements AutoCloseable {
  public record Verdict(boolean saturated, List<String> reasons) {}

  private final ScheduledExecutorService timer = Daemons.timer("kafkaload-injector-health");
  private final List<InjectorSample> samples = Collections.synchronizedList(new ArrayList<>());
  private final GcWatch gc = new GcWatch();
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final long startNanos = System.nanoTime();
  private final InjectorResults.Bounds bounds;
  private final EventLoopLag eventLoops = new EventLoopLag();

  /** The event-loop delays of the load's samples, µs. */
  private final Histogram loadDelayMicros = new Histogram(2);

  private volatile double loadStart = Double.NaN;
  private volatile double loadEnd = Double.NaN;
  private final Supplier<List<RunLedger>> ledgers;
  private final CpuWindow cpu = new CpuWindow();

  /** Set once the measured load's start is read: the one check each later request makes. */
  private volatile boolean measuredStartKnown;

  /** The running totals at a sample, which the next one counts its second's figures from. */
  private record Totals(
      long nanos, long acked, long bytes, double blockedNanos, double gcPauseMs) {}

  private Totals last = new Totals(startNanos, 0, 0, 0, 0);

  private InjectorHealth(InjectorResults.Bounds bounds, Supplier<List<RunLedger>> ledgers) {
    this.bounds = bounds;
    this.ledgers = ledgers;
  }

  /** Starts sampling the given stats and producers every second. */
  public static InjectorHealth start(
      InjectorResults.Bounds bounds,
      Supplier<List<RunLedger>> stats,
      Supplier<List<ProducerHandle>> producers) {
    InjectorHealth h = new InjectorHealth(bounds, stats);
    h.gc.listen();
    h.timer.scheduleAtFixedRate(
        () -> h.sample(stats.get(), producers.get()), 1, 1, TimeUnit.SECONDS);
    return h;
  }

  /** When sampling began (System.nanoTime): second 0 of the samples and windows. */
  public long startNanos() {
    return startNanos;
  }

  public InjectorResults.Bounds bounds() {
    return bounds;
  }

  /** A user started: the first one starts the load. Also probes its event loop, once per loop. */
  public void userStarted(EventExecutor eventLoop) {
    if (Double.isNaN(loadStart)) {
      synchronized (this) {
        if (Double.isNaN(loadStart)) {
          // One reading for both: the load window and the CPU window share their seconds.
          LoadCpu.Reading r = reading();
          loadStart = r.second();
          cpu.firstUserStarted(r);
        }
      }
    }
    eventLoops.watch(eventLoop);
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

  /** A warm-up request is about to run (each action once). */
  public void warmUpRequest() {
    if (!measuredStartKnown) {
      cpu.warmUpRequest();
    }
  }

  /** The warm-up's window before the measured load, or null when none ran: see CpuWindow. */
  public double[] warmUpWindow() {
    return cpu.warmUpWindow();
  }

  /** warm-up until the first measured request, measured until the load ended, then ended. */
  public String phase() {
    return !Double.isNaN(loadEnd) ? "ended" : measuredStartKnown ? "measured" : "warm-up";
  }

  /** The latest sample; null before the first. */
  public InjectorSample lastSample() {
    synchronized (samples) {
      return samples.isEmpty() ? null : samples.get(samples.size() - 1);
    }
  }

  /** The verification begins: the load is over (only the first call counts). */
  public synchronized void loadEnded() {
    if (Double.isNaN(loadEnd)) {
      LoadCpu.Reading r = reading();
      loadEnd = r.second();
      cpu.loadEnded(r);
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
    long acked = ledgers.get().stream().mapToLong(l -> l.delivery().ackedCount()).sum();
    return new LoadCpu.Reading(
        (System.nanoTime() - startNanos) / 1e9, RunLedger.processCpuSeconds(), acked);
  }

  /**
   * Whether the second covered by a sample taken at this time lies (mostly) in [start, end]; end
   * NaN while the window lasts.
   */
  private static boolean within(double sampleSecond, double start, double end) {
    double mid = sampleSecond - 0.5;
    return !Double.isNaN(start) && mid >= start && (Double.isNaN(end) || mid <= end);
  }

  /**
   * The load's window in seconds since sampling began: [start, end], end NaN while it lasts; NaN
   * before.
   */
  public double[] loadWindow() {
    return new double[] {loadStart, loadEnd};
  }

  /**
   * The measured load's window in seconds since sampling began, the one the summary, the page and
   * the CPU split use: [first request outside the warm-up (else the first user), load end]; NaN
   * where not known.
   */
  public double[] measuredWindow() {
    return cpu.measuredWindow();
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

  private synchronized void sample(List<RunLedger> stats, List<ProducerHandle> producers) {
    long now = System.nanoTime();
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
    Totals total = new Totals(now, acked, bytes, blocked, gc.pauseMsTotal());
    double dt = (now - last.nanos()) / 1e9;
    double second = Math.round((now - startNanos) / 1e8) / 10.0;
    Histogram delay = eventLoops.interval();
    if (within(second, loadStart, loadEnd)) {
      loadDelayMicros.add(delay);
    }
    // 0 without probes: an empty histogram counts none between any values.
    long overBound =
        delay.getCountBetweenValues((long) (bounds.eventLoopDelayMs() * 1000), delay.getMaxValue());
    samples.add(
        new InjectorSample(
            second,
            new InjectorSample.Load(
                (acked - last.acked()) / dt,
                (bytes - last.bytes()) / dt / 1_048_576.0,
                ack.getTotalCount() == 0 ? Double.NaN : ack.getValueAtPercentile(99) / 1000.0,
                ack.getTotalCount() == 0 ? Double.NaN : ack.getMaxValue() / 1000.0),
            new InjectorSample.Resources(
                pct(os.getCpuLoad()),
                pct(os.getProcessCpuLoad()),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1_048_576.0,
                gc.heapAfterGcMb(),
                total.gcPauseMs() - last.gcPauseMs(),
                gc.maxPauseMsThenReset()),
            new InjectorSample.EventLoop(
                (blocked - last.blockedNanos()) / 1e6,
                delay.getTotalCount(),
                delay.getValueAtPercentile(99) / 1000.0,
                delay.getMaxValue() / 1000.0,
                overBound),
            ProducerMetrics.of(producers)));
    last = total;
  }

  private static double pct(double load) {
    return load < 0 ? Double.NaN : Math.round(load * 1000) / 10.0;
  }

  public List<InjectorSample> samples() {
    synchronized (samples) {
      return new ArrayList<>(samples);
    }
  }

  /** The samples of the load, warm-up included. */
  public List<InjectorSample> loadSamples() {
    return samplesWithin(loadWindow());
  }

  private List<InjectorSample> samplesWithin(double[] window) {
    return samples().stream().filter(x -> within(x.second(), window[0], window[1])).toList();
  }

  /** Judges the measured load's samples against the bounds; every reason is one readable line. */
  public Verdict verdict() {
    return Saturation.judge(samplesWithin(measuredWindow()), bounds);
  }

  @Override
  public void close() {
    timer.shutdownNow();
    eventLoops.close();
    gc.close();
  }
}
