package kafkaload.verification;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.function.Supplier;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import kafkaload.protocol.ProducerHandle;
import kafkaload.protocol.SendStats;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Samples the injector once a second: machine and process CPU, GC pauses, heap, the producers' own metrics, the
 * time sends spent inside producer.send, and the ack throughput. A run whose injector was saturated is marked:
 * its latency and throughput figures measure the load tool as much as Kafka.
 */
public final class InjectorHealth implements AutoCloseable {
  /** Machine CPU at or above this, for {@link #WINDOW_SECONDS} seconds in a row, marks the run. */
  public static final double CPU_PCT = 90;
  public static final int WINDOW_SECONDS = 10;
  /** GC pauses taking this share of any window, or a single pause this long, mark the run. */
  public static final double GC_PCT = 10;
  public static final double GC_SINGLE_PAUSE_MS = 1000;
  /** The producers' bufferpool-wait-ratio at or above this for a window marks the run. */
  public static final double BUFFER_WAIT_RATIO = 0.1;

  static final List<String> PRODUCER_METRICS = List.of("bufferpool-wait-ratio", "bufferpool-wait-time-ns-total",
      "record-queue-time-avg", "request-latency-avg", "batch-size-avg", "records-per-request-avg",
      "compression-rate-avg", "record-send-rate", "record-error-rate", "record-retry-rate");

  public record Sample(double second, double msgsPerSec, double mbPerSec, double systemCpuPct, double processCpuPct,
      double heapUsedMb, double gcPauseMs, double gcMaxPauseMs, double sendBlockedMs, Map<String, Double> producer) {}

  public record Verdict(boolean saturated, List<String> reasons) {}

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "kafkaload-injector-health");
    t.setDaemon(true);
    return t;
  });
  private final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
  private final DoubleAdder gcPauseMs = new DoubleAdder();
  private final LongAccumulator gcMaxPauseMs = new LongAccumulator(Math::max, 0);
  private final List<Runnable> unregister = new ArrayList<>();
  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final long startNanos = System.nanoTime();
  private long lastAcked;
  private long lastBytes;
  private double lastBlockedNanos;
  private double lastGcPause;
  private long lastNanos = startNanos;

  private InjectorHealth() {}

  /** Starts sampling the given stats and producers every second. */
  public static InjectorHealth start(Supplier<List<SendStats>> stats, Supplier<List<ProducerHandle>> producers) {
    InjectorHealth h = new InjectorHealth();
    h.listenToGc();
    h.timer.scheduleAtFixedRate(() -> h.sample(stats.get(), producers.get()), 1, 1, TimeUnit.SECONDS);
    return h;
  }

  private void listenToGc() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (!(gc instanceof NotificationEmitter)) {
        continue;
      }
      NotificationListener l = (n, handback) -> {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
          return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        // Concurrent cycles run beside the application; only stop-the-world collections pause it.
        if (info.getGcName().contains("Concurrent") || info.getGcAction().contains("concurrent")) {
          return;
        }
        long ms = info.getGcInfo().getDuration();
        gcPauseMs.add(ms);
        gcMaxPauseMs.accumulate(ms);
      };
      ((NotificationEmitter) gc).addNotificationListener(l, null, null);
      unregister.add(() -> {
        try {
          ((NotificationEmitter) gc).removeNotificationListener(l);
        } catch (Exception ignored) {
          // already gone
        }
      });
    }
  }

  private synchronized void sample(List<SendStats> stats, List<ProducerHandle> producers) {
    long now = System.nanoTime();
    double dt = (now - lastNanos) / 1e9;
    lastNanos = now;
    long acked = 0;
    long bytes = 0;
    double blocked = 0;
    for (SendStats s : stats) {
      acked += s.acked.sum();
      bytes += s.ackedBytes.sum();
      blocked += s.blockedNanos.sum();
    }
    double gcTotal = gcPauseMs.sum();
    samples.add(new Sample(
        Math.round((now - startNanos) / 1e8) / 10.0,
        (acked - lastAcked) / dt,
        (bytes - lastBytes) / dt / 1_048_576.0,
        pct(os.getCpuLoad()),
        pct(os.getProcessCpuLoad()),
        memory.getHeapMemoryUsage().getUsed() / 1_048_576.0,
        gcTotal - lastGcPause,
        gcMaxPauseMs.getThenReset(),
        (blocked - lastBlockedNanos) / 1e6,
        producerMetrics(producers)));
    lastAcked = acked;
    lastBytes = bytes;
    lastBlockedNanos = blocked;
    lastGcPause = gcTotal;
  }

  private static double pct(double load) {
    return load < 0 ? Double.NaN : Math.round(load * 1000) / 10.0;
  }

  /** Each metric averaged over the producers that report it. */
  public static Map<String, Double> producerMetrics(List<ProducerHandle> producers) {
    Map<String, Double> sum = new LinkedHashMap<>();
    Map<String, Integer> count = new LinkedHashMap<>();
    for (ProducerHandle h : producers) {
      Map<MetricName, ? extends Metric> metrics;
      try {
        metrics = h.producer().metrics();
      } catch (RuntimeException closed) {
        continue;
      }
      metrics.forEach((name, metric) -> {
        if (name.group().equals("producer-metrics") && PRODUCER_METRICS.contains(name.name())
            && metric.metricValue() instanceof Number) {
          double v = ((Number) metric.metricValue()).doubleValue();
          if (!Double.isNaN(v) && !Double.isInfinite(v)) {
            sum.merge(name.name(), v, Double::sum);
            count.merge(name.name(), 1, Integer::sum);
          }
        }
      });
    }
    Map<String, Double> avg = new LinkedHashMap<>();
    for (String m : PRODUCER_METRICS) {
      if (sum.containsKey(m)) {
        avg.put(m, sum.get(m) / count.get(m));
      }
    }
    return avg;
  }

  public List<Sample> samples() {
    synchronized (samples) {
      return new ArrayList<>(samples);
    }
  }

  /** Judges the samples against the bounds above; every reason is one readable line. */
  public Verdict verdict() {
    return judge(samples());
  }

  static Verdict judge(List<Sample> s) {
    List<String> reasons = new ArrayList<>();
    int run = 0;
    for (Sample x : s) {
      run = x.systemCpuPct() >= CPU_PCT ? run + 1 : 0;
      if (run == WINDOW_SECONDS) {
        reasons.add(String.format("machine CPU stayed >= %.0f%% for %d s (from %.0f s)", CPU_PCT, WINDOW_SECONDS,
            x.second() - WINDOW_SECONDS + 1));
        break;
      }
    }
    for (int i = 0; i + WINDOW_SECONDS <= s.size(); i++) {
      double gc = 0;
      for (int j = i; j < i + WINDOW_SECONDS; j++) {
        gc += s.get(j).gcPauseMs();
      }
      if (gc >= GC_PCT / 100 * WINDOW_SECONDS * 1000) {
        reasons.add(String.format("GC pauses took %.0f ms of the %d s from %.0f s", gc, WINDOW_SECONDS, s.get(i).second()));
        break;
      }
    }
    s.stream().filter(x -> x.gcMaxPauseMs() >= GC_SINGLE_PAUSE_MS).findFirst().ifPresent(x ->
        reasons.add(String.format("a GC pause of %.0f ms at %.0f s", x.gcMaxPauseMs(), x.second())));
    run = 0;
    for (Sample x : s) {
      run = x.producer().getOrDefault("bufferpool-wait-ratio", 0.0) >= BUFFER_WAIT_RATIO ? run + 1 : 0;
      if (run == WINDOW_SECONDS) {
        reasons.add(String.format("sends waited for producer buffer space (bufferpool-wait-ratio >= %.2f) for %d s",
            BUFFER_WAIT_RATIO, WINDOW_SECONDS));
        break;
      }
    }
    return new Verdict(!reasons.isEmpty(), reasons);
  }

  @Override
  public void close() {
    timer.shutdownNow();
    unregister.forEach(Runnable::run);
  }
}
