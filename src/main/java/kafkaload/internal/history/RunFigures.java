package kafkaload.internal.history;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;
import java.util.zip.DataFormatException;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.results.Throughput;
import org.HdrHistogram.Histogram;

/**
 * The figures of one run the gate and the history compare, read from its {@link RunResults}: the
 * per-second samples of the measured seconds (after the warm-up, inside the load window), the
 * measured requests' latency histograms (every request name but the warm-up's) and the totals.
 *
 * @param msgsPerSec per-second acked records per second
 * @param ackP99Ms per-second p99 of the ack latency
 * @param cpuUsPerMsg per-second process CPU per acked record, in microseconds of the whole
 *     machine's CPU (process CPU % of all cores / msg/s); an in-JVM embedded broker counts too
 * @param ack the measured requests' ack latency (µs), or null without one
 * @param e2e the measured consumes' end-to-end latency (µs), or null without one
 * @param lag per-sample total lag of the groups under test, or empty without a lag monitor
 * @param acked acked records of the whole run
 * @param failed failed records of the whole run
 * @param msgsPerSecTotal the run's own rate of the measured requests (first to last ack)
 * @param ackPercentiles the measured requests' percentiles as the summary states them (empty
 *     without one)
 */
public record RunFigures(
    double[] msgsPerSec,
    double[] ackP99Ms,
    double[] cpuUsPerMsg,
    Histogram ack,
    Histogram e2e,
    double[] lag,
    long acked,
    long failed,
    Double msgsPerSecTotal,
    Percentiles ackPercentiles) {

  /** Request names starting with this are warm-up, outside the comparison. */
  public static final String WARM_UP = "warm-up";

  /**
   * The measured requests' rate: their rates added up when they ran side by side; over the span
   * from the first's first ack to the last's last ack when they ran one after another (a capacity
   * search's plateaus), where adding them up would count each second once per request.
   */
  static Double measuredRate(
      java.util.Collection<Map.Entry<String, Throughput.RequestThroughput>> requests) {
    List<Throughput.RequestThroughput> measured =
        requests.stream()
            .filter(
                e -> !e.getKey().startsWith(WARM_UP) && e.getValue().rate().msgsPerSec() != null)
            .map(Map.Entry::getValue)
            .sorted(java.util.Comparator.comparing(t -> t.rate().firstAckMillis()))
            .toList();
    if (measured.isEmpty()) {
      return null;
    }
    boolean oneAfterAnother = measured.size() > 1;
    for (int i = 1; i < measured.size(); i++) {
      oneAfterAnother &=
          measured.get(i).rate().firstAckMillis() >= measured.get(i - 1).rate().lastAckMillis();
    }
    if (!oneAfterAnother) {
      return measured.stream().mapToDouble(t -> t.rate().msgsPerSec()).sum();
    }
    long acked = measured.stream().mapToLong(Throughput.RequestThroughput::acked).sum();
    long first = measured.get(0).rate().firstAckMillis();
    long last = measured.get(measured.size() - 1).rate().lastAckMillis();
    return acked / ((last - first) / 1000.0);
  }

  public static RunFigures of(RunResults r) {
    double warmup = number(r.parameters() == null ? null : r.parameters().get("warmup"));
    InjectorResults.LoadWindow w =
        r.injector() == null ? null : r.injector().windows().loadWindowSeconds();
    double start = w == null || w.start() == null ? -1 : w.start();
    double end = w == null || w.end() == null ? Double.MAX_VALUE : w.end();
    int perPoint =
        r.timelineResolution() == null ? 1 : Math.max(1, r.timelineResolution().samplesPerPoint());
    // A sample covers the seconds before it: keep those wholly inside the measured load, with acks.
    List<InjectorSample> inLoad =
        (r.timeline() == null ? List.<InjectorSample>of() : r.timeline())
            .stream()
                .filter(s -> !(start >= 0 && s.second() - perPoint < start + warmup - 0.25))
                .filter(s -> !(s.second() > end + 0.25) && s.load().msgsPerSec() > 0)
                .toList();
    double[] rate = inLoad.stream().mapToDouble(s -> s.load().msgsPerSec()).toArray();
    double[] p99 =
        inLoad.stream().mapToDouble(s -> s.load().ackP99Ms()).filter(Double::isFinite).toArray();
    double[] cpu =
        inLoad.stream()
            .filter(s -> s.resources().processCpuPct() > 0)
            .mapToDouble(s -> s.resources().processCpuPct() / 100 / s.load().msgsPerSec() * 1e6)
            .toArray();
    Histogram ack = null;
    Histogram e2e = null;
    DoubleStream.Builder lag = DoubleStream.builder();
    long acked = 0;
    long failed = 0;
    Double rateTotal = null; // null: no measured request has a rate
    Percentiles ackPercentiles = Percentiles.empty();
    long mostCount = -1;
    for (ProtocolResults p : r.protocols() == null ? List.<ProtocolResults>of() : r.protocols()) {
      ack = add(ack, p.latencies().ackLatencyHistograms());
      e2e = add(e2e, p.latencies().e2eLatencyHistograms());
      Throughput t = p.sends().throughput();
      if (t != null) {
        acked += t.ackedOk();
        failed += t.failed();
        Double measured = t.byRequest() == null ? null : measuredRate(t.byRequest().entrySet());
        if (measured != null) {
          rateTotal = rateTotal == null ? measured : rateTotal + measured;
        }
      }
      if (p.latencies().ackLatencyMs() != null) {
        for (var e : p.latencies().ackLatencyMs().entrySet()) {
          if (!e.getKey().startsWith(WARM_UP) && e.getValue().count() > mostCount) {
            mostCount = e.getValue().count();
            ackPercentiles = e.getValue();
          }
        }
      }
      if (p.consumers().lag() != null) {
        // The groups' lag added up at each sampled second of the measured load.
        Map<Double, Double> bySecond = new java.util.TreeMap<>();
        p.consumers().lag().values().stream()
            .flatMap(List::stream)
            .filter(pt -> start < 0 || pt.second() >= start + warmup && pt.second() <= end)
            .forEach(pt -> bySecond.merge(pt.second(), (double) pt.totalLag(), Double::sum));
        bySecond.values().forEach(lag::add);
      }
    }
    return new RunFigures(
        rate, p99, cpu, ack, e2e, lag.build().toArray(), acked, failed, rateTotal, ackPercentiles);
  }

  /** Failed records in % of those sent (acked or failed); 0 without any. */
  public double errorPct() {
    return acked + failed == 0 ? 0 : 100.0 * failed / (acked + failed);
  }

  /** A percentile of the ack latency in ms (p in 0..100), or NaN without a histogram. */
  public double ackMs(double p) {
    return ms(ack, p);
  }

  /** A percentile of the end-to-end latency in ms (p in 0..100), or NaN without a histogram. */
  public double e2eMs(double p) {
    return ms(e2e, p);
  }

  private static double ms(Histogram h, double p) {
    return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1000.0;
  }

  /** The measured requests' histograms added up (request names without the warm-up prefix). */
  private static Histogram add(Histogram into, Map<String, String> encoded) {
    if (encoded == null) {
      return into;
    }
    for (var e : encoded.entrySet()) {
      if (!e.getKey().startsWith(WARM_UP) && e.getValue() != null && !e.getValue().isEmpty()) {
        into = plus(into, decode(e.getKey(), e.getValue()));
      }
    }
    return into;
  }

  /** {@code into} plus {@code h}; a new auto-resizing histogram when {@code into} is null. */
  public static Histogram plus(Histogram into, Histogram h) {
    if (into == null) {
      into = new Histogram(h.getNumberOfSignificantValueDigits());
      into.setAutoResize(true);
    }
    into.add(h);
    return into;
  }

  static Histogram decode(String name, String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException | IllegalArgumentException | java.nio.BufferUnderflowException e) {
      throw new IllegalArgumentException(
          "the latency histogram of '%s' is not an encoded HdrHistogram: %s"
              .formatted(name, e.getMessage()),
          e);
    }
  }

  private static double number(String s) {
    try {
      return s == null || s.isBlank() ? 0 : Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
