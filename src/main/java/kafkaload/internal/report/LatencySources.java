package kafkaload.internal.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import kafkaload.internal.verification.InjectorHealth;

/**
 * Where the ack latency comes from, side by side: the broker's round trip (the producer's own request latency), the
 * time records waited in the producer's buffer, and the injector's share (publish delay, event-loop delay, GC
 * pauses, time inside producer.send), all over the load only. A slow broker shows as a request latency close to the
 * ack latency; a slow injector as event-loop delay, GC pauses or publish delay of the same size as the ack tail.
 */
public final class LatencySources {
  private LatencySources() {}

  /**
   * The figures for the summary's {@code latencySources}: {@code protocols} are the summary's protocol sections
   * (their ackLatencyMs and publishDelayMs), {@code load} the injector's samples of the load.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> of(List<Map<String, Object>> protocols, List<InjectorHealth.Sample> load,
      Map<String, Object> eventLoopDelay) {
    Map<String, Object> m = new LinkedHashMap<>();
    Map<String, Object> ack = new LinkedHashMap<>();
    double publishP99 = 0;
    double publishMax = 0;
    for (Map<String, Object> p : protocols) {
      ((Map<String, Map<String, Object>>) p.getOrDefault("ackLatencyMs", Map.of())).forEach((name, pct) -> {
        if (pct.get("p99") != null) {
          ack.put(name, pick(pct, "p50", "p99", "max"));
        }
      });
      Map<String, Object> publish = (Map<String, Object>) p.getOrDefault("publishDelayMs", Map.of());
      publishP99 = Math.max(publishP99, number(publish.get("p99")));
      publishMax = Math.max(publishMax, number(publish.get("max")));
    }
    m.put("ackLatencyMs", ack);

    // The producer's metrics are windowed (about the last 30-60 s): the load's highest -max sample is its max,
    // the mean of its -avg samples its average.
    Map<String, Object> broker = new LinkedHashMap<>();
    broker.put("requestLatencyAvgMs", mean(load, s -> metric(s, "request-latency-avg")));
    broker.put("requestLatencyMaxMs", max(load, s -> metric(s, "request-latency-max")));
    m.put("broker", broker);
    Map<String, Object> buffer = new LinkedHashMap<>();
    buffer.put("recordQueueTimeAvgMs", mean(load, s -> metric(s, "record-queue-time-avg")));
    buffer.put("recordQueueTimeMaxMs", max(load, s -> metric(s, "record-queue-time-max")));
    m.put("producerBuffer", buffer);

    Map<String, Object> injector = new LinkedHashMap<>();
    injector.put("publishDelayP99Ms", publishP99);
    injector.put("publishDelayMaxMs", publishMax);
    injector.put("eventLoopDelayP99Ms", eventLoopDelay.get("p99"));
    injector.put("eventLoopDelayMaxMs", eventLoopDelay.get("max"));
    injector.put("gcPauseTotalMs", load.stream().mapToDouble(InjectorHealth.Sample::gcPauseMs).sum());
    injector.put("gcPauseMaxMs", max(load, InjectorHealth.Sample::gcMaxPauseMs));
    m.put("injector", injector);
    m.put("loadSeconds", load.size());
    return m;
  }

  /** One console line; null when nothing was ack-timed. */
  @SuppressWarnings("unchecked")
  public static String describe(Map<String, Object> sources) {
    Map<String, Map<String, Object>> ack = (Map<String, Map<String, Object>>) sources.get("ackLatencyMs");
    if (ack == null || ack.isEmpty()) {
      return null;
    }
    Map<String, Object> broker = (Map<String, Object>) sources.get("broker");
    Map<String, Object> buffer = (Map<String, Object>) sources.get("producerBuffer");
    Map<String, Object> inj = (Map<String, Object>) sources.get("injector");
    List<String> acks = new ArrayList<>();
    ack.forEach((name, p) -> acks.add(String.format(Locale.ROOT, "'%s' p99 %s, max %s", name, ms(p.get("p99")),
        ms(p.get("max")))));
    Object seconds = sources.get("loadSeconds");
    return String.format(Locale.ROOT, "Where the ack latency comes from (%s), over %s: broker round trip (producer "
            + "request-latency) avg %s, max %s; waiting in the producer's buffer (record-queue-time) avg %s, max %s; "
            + "injector: publish delay p99 %s, max %s, event-loop delay p99 %s, max %s, GC pauses %s in total, "
            + "longest %s",
        String.join("; ", acks), seconds instanceof Number n && n.intValue() > 0 ? "the " + n + " s of the load"
            : "the load", ms(broker.get("requestLatencyAvgMs")), ms(broker.get("requestLatencyMaxMs")),
        ms(buffer.get("recordQueueTimeAvgMs")), ms(buffer.get("recordQueueTimeMaxMs")),
        ms(inj.get("publishDelayP99Ms")), ms(inj.get("publishDelayMaxMs")), ms(inj.get("eventLoopDelayP99Ms")),
        ms(inj.get("eventLoopDelayMaxMs")), ms(inj.get("gcPauseTotalMs")), ms(inj.get("gcPauseMaxMs")));
  }

  private static Map<String, Object> pick(Map<String, Object> from, String... keys) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (String k : keys) {
      m.put(k, from.get(k));
    }
    return m;
  }

  private static double metric(InjectorHealth.Sample s, String name) {
    Double v = s.producer() == null ? null : s.producer().get(name);
    return v == null ? Double.NaN : v;
  }

  private static Double mean(List<InjectorHealth.Sample> load, ToDoubleFunction<InjectorHealth.Sample> f) {
    var stats = load.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).summaryStatistics();
    return stats.getCount() == 0 ? null : stats.getAverage();
  }

  private static Double max(List<InjectorHealth.Sample> load, ToDoubleFunction<InjectorHealth.Sample> f) {
    var stats = load.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).summaryStatistics();
    return stats.getCount() == 0 ? null : stats.getMax();
  }

  private static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : 0;
  }

  /** "12.34 ms", "250 ms", or "n/a" when the run has no such figure (no producer sample, say). */
  private static String ms(Object o) {
    if (!(o instanceof Number n) || Double.isNaN(n.doubleValue())) {
      return "n/a";
    }
    double v = n.doubleValue();
    return String.format(Locale.ROOT, v >= 100 ? "%.0f ms" : "%.2f ms", v);
  }
}
