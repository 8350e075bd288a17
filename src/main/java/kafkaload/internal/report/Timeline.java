package kafkaload.internal.report;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import kafkaload.internal.verification.InjectorHealth;
import kafkaload.internal.verification.LagMonitor;

/**
 * A long run's series cut to at most {@link #MAX_POINTS} points each, so that the Kafka page stays readable and
 * kafka-summary.json small for hours of per-second samples. Consecutive samples are merged into one point: rates
 * and CPU by their mean; heap, GC pauses, time blocked in send, event-loop delay and lag by their maximum, so no
 * peak is hidden; probe counts by their sum. A point carries the second of its last sample (a sample covers the
 * interval before it). A series of at most MAX_POINTS samples is kept as it is.
 */
final class Timeline {
  static final int MAX_POINTS = 600;

  static final String INJECTOR_AGGREGATION = "mean of msgs/s, MB/s and CPU %; maximum of ack latency, heap, "
      + "heap after GC, GC pauses, time blocked in send and event-loop delay; sum of event-loop probes; mean of producer metrics";

  private Timeline() {}

  /** Consecutive samples per point, so that {@code samples} make at most {@code maxPoints} points. */
  static int samplesPerPoint(int samples, int maxPoints) {
    return samples <= maxPoints ? 1 : (samples + maxPoints - 1) / maxPoints;
  }

  static List<InjectorHealth.Sample> injector(List<InjectorHealth.Sample> samples, int perPoint) {
    return merge(samples, perPoint, Timeline::injectorPoint);
  }

  static List<LagMonitor.Sample> lag(List<LagMonitor.Sample> samples, int perPoint) {
    return merge(samples, perPoint, b -> new LagMonitor.Sample(b.get(b.size() - 1).second(),
        b.stream().mapToLong(LagMonitor.Sample::totalLag).max().orElse(0)));
  }

  /** What the summary says of a series' resolution: samples, points and samples per point. */
  static Map<String, Object> resolution(int samples, int perPoint) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("samples", samples);
    m.put("points", (samples + perPoint - 1) / perPoint);
    m.put("samplesPerPoint", perPoint);
    m.put("downsampled", perPoint > 1);
    return m;
  }

  /**
   * The per-second samples as CSV, one line a sample (kafka-timeline.csv): the full resolution of a run whose JSON
   * timeline is downsampled, at a fraction of the JSON's size. An empty cell is a value not known (NaN).
   */
  static String csv(List<InjectorHealth.Sample> samples) {
    RecordComponent[] fields = InjectorHealth.Sample.class.getRecordComponents();
    Set<String> metrics = new LinkedHashSet<>();
    samples.forEach(s -> metrics.addAll(s.producer().keySet()));
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>();
    for (RecordComponent f : fields) {
      if (f.getType() != Map.class) {
        header.add(f.getName());
      }
    }
    metrics.forEach(m -> header.add("producer." + m));
    out.append(String.join(",", header)).append('\n');
    for (InjectorHealth.Sample s : samples) {
      List<String> row = new ArrayList<>(header.size());
      for (RecordComponent f : fields) {
        if (f.getType() != Map.class) {
          row.add(cell(read(f, s)));
        }
      }
      metrics.forEach(m -> row.add(cell(s.producer().get(m))));
      out.append(String.join(",", row)).append('\n');
    }
    return out.toString();
  }

  private static Object read(RecordComponent f, InjectorHealth.Sample s) {
    try {
      return f.getAccessor().invoke(s);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Six significant digits: a ratio of 0.0001 keeps its value, a rate its integer part. */
  private static String cell(Object v) {
    if (!(v instanceof Double d)) {
      return v == null ? "" : v.toString();
    }
    if (d.isNaN() || d.isInfinite()) {
      return "";
    }
    return new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }

  private static <T> List<T> merge(List<T> samples, int perPoint, Function<List<T>, T> point) {
    if (perPoint <= 1) {
      return samples;
    }
    List<T> out = new ArrayList<>((samples.size() + perPoint - 1) / perPoint);
    for (int i = 0; i < samples.size(); i += perPoint) {
      out.add(point.apply(samples.subList(i, Math.min(samples.size(), i + perPoint))));
    }
    return out;
  }

  private static InjectorHealth.Sample injectorPoint(List<InjectorHealth.Sample> b) {
    return new InjectorHealth.Sample(b.get(b.size() - 1).second(),
        mean(b, InjectorHealth.Sample::msgsPerSec),
        mean(b, InjectorHealth.Sample::mbPerSec),
        max(b, InjectorHealth.Sample::ackP99Ms),
        max(b, InjectorHealth.Sample::ackMaxMs),
        mean(b, InjectorHealth.Sample::systemCpuPct),
        mean(b, InjectorHealth.Sample::processCpuPct),
        max(b, InjectorHealth.Sample::heapUsedMb),
        max(b, InjectorHealth.Sample::heapAfterGcMb),
        max(b, InjectorHealth.Sample::gcPauseMs),
        max(b, InjectorHealth.Sample::gcMaxPauseMs),
        max(b, InjectorHealth.Sample::sendBlockedMs),
        sum(b, InjectorHealth.Sample::eventLoopProbes),
        max(b, InjectorHealth.Sample::eventLoopDelayP99Ms),
        max(b, InjectorHealth.Sample::eventLoopDelayMaxMs),
        sum(b, InjectorHealth.Sample::eventLoopProbesOverBound),
        producerMean(b));
  }

  /** NaN (no value: CPU not readable, no GC yet) is skipped; a point of NaN only is NaN. */
  private static <T> double mean(List<T> b, ToDoubleFunction<T> f) {
    return b.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
  }

  private static <T> double max(List<T> b, ToDoubleFunction<T> f) {
    return b.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
  }

  private static <T> long sum(List<T> b, ToLongFunction<T> f) {
    return b.stream().mapToLong(f).sum();
  }

  private static Map<String, Double> producerMean(List<InjectorHealth.Sample> b) {
    Map<String, Double> sum = new LinkedHashMap<>();
    Map<String, Integer> count = new LinkedHashMap<>();
    for (InjectorHealth.Sample s : b) {
      s.producer().forEach((k, v) -> {
        sum.merge(k, v, Double::sum);
        count.merge(k, 1, Integer::sum);
      });
    }
    Map<String, Double> out = new LinkedHashMap<>();
    sum.forEach((k, v) -> out.put(k, v / count.get(k)));
    return out;
  }
}
