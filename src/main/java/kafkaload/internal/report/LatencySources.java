package kafkaload.internal.report;

import static kafkaload.internal.history.Stats.nullIfNaN;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.LatencySourceFigures;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;

/**
 * Where the ack latency comes from, over the load: the broker's round trip, the producer's buffer,
 * and the injector's share (publish delay, event-loop delay, GC, producer.send). A slow broker
 * shows as request latency near the ack latency; a slow injector as delays of the ack tail's size.
 */
public final class LatencySources {
  private LatencySources() {}

  /** The summary's {@code latencySources}, from its protocol sections and the load's samples. */
  public static LatencySourceFigures of(
      List<ProtocolResults> protocols,
      List<InjectorSample> load,
      InjectorResults.EventLoopDelay eventLoopDelay) {
    Map<String, LatencySourceFigures.Ack> ack = new LinkedHashMap<>();
    double publishP99 = 0;
    double publishMax = 0;
    for (ProtocolResults p : protocols) {
      for (var e : p.latencies().ackLatencyMs().entrySet()) {
        Percentiles pct = e.getValue();
        if (pct.p99() != null) {
          ack.put(e.getKey(), new LatencySourceFigures.Ack(pct.p50(), pct.p99(), pct.max()));
        }
      }
      Percentiles publish = p.sends().publishDelayMs();
      if (publish != null) {
        publishP99 = Math.max(publishP99, publish.p99() == null ? 0 : publish.p99());
        publishMax = Math.max(publishMax, publish.max() == null ? 0 : publish.max());
      }
    }
    // The producer's metrics are windowed (about the last 30-60 s): the load's highest -max sample
    // is its max, the mean of its -avg samples its average.
    return new LatencySourceFigures(
        ack,
        new LatencySourceFigures.Broker(
            nullIfNaN(Timeline.mean(load, s -> metric(s, "request-latency-avg"))),
            nullIfNaN(Timeline.max(load, s -> metric(s, "request-latency-max")))),
        new LatencySourceFigures.ProducerBuffer(
            nullIfNaN(Timeline.mean(load, s -> metric(s, "record-queue-time-avg"))),
            nullIfNaN(Timeline.max(load, s -> metric(s, "record-queue-time-max")))),
        new LatencySourceFigures.Injector(
            publishP99,
            publishMax,
            eventLoopDelay == null ? null : eventLoopDelay.p99(),
            eventLoopDelay == null ? null : eventLoopDelay.max(),
            load.stream().mapToDouble(p -> p.resources().gcPauseMs()).sum(),
            nullIfNaN(Timeline.max(load, p -> p.resources().gcMaxPauseMs()))),
        load.size());
  }

  /** One console line; null when nothing was ack-timed. */
  public static String describe(LatencySourceFigures sources) {
    if (sources == null || sources.ackLatencyMs().isEmpty()) {
      return null;
    }
    List<String> acks =
        sources.ackLatencyMs().entrySet().stream()
            .map(
                e ->
                    "'%s' p99 %s, max %s"
                        .formatted(e.getKey(), ms(e.getValue().p99()), ms(e.getValue().max())))
            .toList();
    int seconds = sources.loadSeconds();
    return String.format(
        Locale.ROOT,
        "Where the ack latency comes from (%s), over %s: broker round trip (producer "
            + "request-latency) avg %s, max %s; waiting in the producer's buffer (record-queue-time) avg %s, max %s; "
            + "injector: publish delay p99 %s, max %s, event-loop delay p99 %s, max %s, GC pauses %s in total, "
            + "longest %s",
        String.join("; ", acks),
        seconds > 0 ? "the " + seconds + " s of the load" : "the load",
        ms(sources.broker().requestLatencyAvgMs()),
        ms(sources.broker().requestLatencyMaxMs()),
        ms(sources.producerBuffer().recordQueueTimeAvgMs()),
        ms(sources.producerBuffer().recordQueueTimeMaxMs()),
        ms(sources.injector().publishDelayP99Ms()),
        ms(sources.injector().publishDelayMaxMs()),
        ms(sources.injector().eventLoopDelayP99Ms()),
        ms(sources.injector().eventLoopDelayMaxMs()),
        ms(sources.injector().gcPauseTotalMs()),
        ms(sources.injector().gcPauseMaxMs()));
  }

  private static double metric(InjectorSample s, String name) {
    Double v = s.producer() == null ? null : s.producer().get(name);
    return v == null ? Double.NaN : v;
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
