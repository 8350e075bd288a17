package kafkaload.internal.run;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.results.Throughput;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** Counters kept beside Gatling's own stats, so that a run can say what was acked, failed or still in flight. */
public final class SendStats {
  public final LongAdder acked = new LongAdder();
  public final LongAdder failed = new LongAdder();
  public final AtomicLong inFlight = new AtomicLong();
  public final LongAdder blockedNanos = new LongAdder();
  public final LongAccumulator maxBlockedNanos = new LongAccumulator(Math::max, 0);
  /** Sends handed to the blocking-sender thread because send() could have blocked the event loop. */
  public final LongAdder offloaded = new LongAdder();
  public final PartitionCounters partitions = new PartitionCounters();
  public final LongAdder ackedBytes = new LongAdder();
  /** Replies (or consumed records) that arrived after their waiter had timed out. */
  public final LongAdder lateReplies = new LongAdder();
  /** Virtual users of this protocol alive now, and at most: what a closed-model step ramp really reached. */
  public final java.util.concurrent.atomic.AtomicInteger activeUsers = new java.util.concurrent.atomic.AtomicInteger();
  public final LongAccumulator peakUsers = new LongAccumulator(Math::max, 0);
  /** Intended start of a send (the action ran) to its actual producer.send call, in microseconds. */
  public final Recorder publishDelayMicros = new Recorder(3);
  /** Records serialized with a schema (or a named serializer), and the time each took, in microseconds. */
  public final LongAdder serialized = new LongAdder();
  public final Recorder serializationMicros = new Recorder(3);
  /** HTTP calls made to the Schema Registry (one per schema per run when the caching works). */
  public final LongAdder registryCalls = new LongAdder();

  /** One record's serialization time, kept apart from the ack latency. */
  public void serialized(long nanos) {
    serialized.increment();
    serializationMicros.recordValue(Math.max(0, nanos / 1000));
  }
  /** Earliest and latest ack of the run (epoch ms): the span its throughput is measured over. */
  public final LongAccumulator firstAckMillis = new LongAccumulator(Math::min, Long.MAX_VALUE);
  public final LongAccumulator lastAckMillis = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private final Map<String, RequestAcks> requests = new ConcurrentHashMap<>();

  /**
   * The acks of one request name: count, bytes, the span from its first ack to its last, and (when {@code timed},
   * i.e. not fire-and-forget) the ack latency. Warm-up and measured phase use different names, so each has its rate.
   */
  public static final class RequestAcks {
    final boolean timed;
    final Recorder latencyMicros = new Recorder(3);
    /** The whole run's latency: each second's interval is moved in here when the injector samples it. */
    private final Histogram total = new Histogram(3);
    final LongAdder count = new LongAdder();
    final LongAdder bytes = new LongAdder();
    final LongAccumulator first = new LongAccumulator(Math::min, Long.MAX_VALUE);
    final LongAccumulator last = new LongAccumulator(Math::max, Long.MIN_VALUE);

    RequestAcks(boolean timed) {
      this.timed = timed;
    }

    /** The latency recorded since the last call, also added to the whole run's. */
    synchronized Histogram drain() {
      Histogram interval = latencyMicros.getIntervalHistogram();
      total.add(interval);
      return interval;
    }

    synchronized Histogram total() {
      drain();
      return total.copy();
    }

    public void acked(long bytes, long atMillis, long latencyMicros) {
      count.increment();
      this.bytes.add(bytes);
      first.accumulate(atMillis);
      last.accumulate(atMillis);
      if (timed) {
        this.latencyMicros.recordValue(latencyMicros);
      }
    }
  }

  /** The ack accounting of one request name; {@code timed} false for fire-and-forget sends. */
  public RequestAcks requestAcks(String requestName, boolean timed) {
    return requests.computeIfAbsent(requestName, n -> new RequestAcks(timed));
  }

  /** Per request name: acked records and bytes, and their rate from the first ack to the last. */
  public Map<String, Throughput.RequestThroughput> throughputByRequest() {
    Map<String, Throughput.RequestThroughput> out = new TreeMap<>();
    requests.forEach((name, r) -> {
      Throughput.Spans s = Throughput.span(r.count.sum(), r.bytes.sum(), r.first.get(), r.last.get());
      out.put(name, new Throughput.RequestThroughput(r.count.sum(), r.bytes.sum(), s.seconds(), s.msgsPerSec(),
          s.mbPerSec(), s.firstAckMillis(), s.lastAckMillis(), null));
    });
    return out;
  }

  /** The protocol's whole ack rate, from the run's first ack to its last. */
  public Map<String, Object> ackRates() {
    return rates(acked.sum(), ackedBytes.sum(), firstAckMillis.get(), lastAckMillis.get());
  }

  /**
   * Records and bytes acked between a first and a last ack, as rates over that span: the load's rate, not the run's
   * with its broker start, preflight and read-back. Null rates with fewer than two acks.
   */
  public static Map<String, Object> rates(long count, long bytes, long firstMillis, long lastMillis) {
    double seconds = count < 2 ? 0 : (lastMillis - firstMillis) / 1000.0;
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("firstToLastAckSeconds", seconds);
    m.put("msgsPerSec", seconds > 0 ? count / seconds : null);
    m.put("mbPerSec", seconds > 0 ? bytes / seconds / 1_048_576.0 : null);
    // The span's ends (epoch ms), so a merge of injectors can measure the rate over all of them.
    m.put("firstAckMillis", count > 0 ? firstMillis : null);
    m.put("lastAckMillis", count > 0 ? lastMillis : null);
    return m;
  }

  private final Map<String, Recorder> e2eLatencyMicros = new ConcurrentHashMap<>();

  /** The end-to-end latency histogram of one consume request name, in microseconds. */
  public Recorder e2eLatency(String requestName) {
    return e2eLatencyMicros.computeIfAbsent(requestName, n -> new Recorder(3));
  }

  /** Whole-run ack-latency histograms per ack-timed request name. */
  public Map<String, Histogram> ackLatencyHistograms() {
    Map<String, Histogram> out = new TreeMap<>();
    requests.forEach((name, r) -> {
      if (r.timed) {
        out.put(name, r.total());
      }
    });
    return out;
  }

  /** The ack latency of every ack-timed request since the last call (the injector's per-second sample), µs. */
  public Histogram ackLatencySinceLast() {
    Histogram all = new Histogram(3);
    requests.values().forEach(r -> {
      if (r.timed) {
        all.add(r.drain());
      }
    });
    return all;
  }

  /** Whole-run end-to-end latency histograms per consume request name; call once, at the end. */
  public Map<String, Histogram> e2eLatencyHistograms() {
    return snapshot(e2eLatencyMicros);
  }

  private static Map<String, Histogram> snapshot(Map<String, Recorder> recorders) {
    Map<String, Histogram> out = new TreeMap<>();
    recorders.forEach((name, r) -> out.put(name, r.getIntervalHistogram()));
    return out;
  }

  public void blocked(long nanos) {
    blockedNanos.add(nanos);
    maxBlockedNanos.accumulate(nanos);
  }

  public String summary() {
    return String.format(
        "Kafka sends: %d acked OK, %d failed, %d still in flight at the end (neither OK nor KO); "
            + "time inside producer.send(): %.1f ms total, %.1f ms max; %d sends taken off the event loop; "
            + "%d late replies; %d concurrent users at peak; injector CPU so far: %.1f s%s",
        acked.sum(), failed.sum(), inFlight.get(), blockedNanos.sum() / 1e6, maxBlockedNanos.get() / 1e6,
        offloaded.sum(), lateReplies.sum(), peakUsers.get(), processCpuSeconds(),
        serialized.sum() + registryCalls.sum() == 0 ? "" : String.format("; %d records serialized with schemas; "
            + "%d Schema Registry calls", serialized.sum(), registryCalls.sum()));
  }

  /** CPU time of this whole JVM (all threads), before Gatling spends more on its report. */
  public static double processCpuSeconds() {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean
        ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() / 1e9
        : Double.NaN;
  }
}
