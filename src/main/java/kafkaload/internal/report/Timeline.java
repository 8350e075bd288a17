package kafkaload.internal.report;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.verification.LagMonitor;
import kafkaload.internal.verification.ProducerMetrics;

/**
 * Series cut to at most {@link #MAX_POINTS} points, so the page and JSON stay small over hours:
 * consecutive samples merged, rates and CPU by mean, heap, GC, blocking, delay and lag by max (no
 * peak hidden), probes summed; a point carries its last sample's second.
 */
public final class Timeline {
  static final int MAX_POINTS = 600;

  static final String INJECTOR_AGGREGATION =
      "mean of msgs/s, MB/s and CPU %; maximum of ack latency, heap, "
          + "heap after GC, GC pauses, time blocked in send and event-loop delay; sum of event-loop probes; mean of producer metrics";

  private Timeline() {}

  /**
   * Consecutive samples per point, so that {@code samples} make at most {@code maxPoints} points.
   */
  static int samplesPerPoint(int samples, int maxPoints) {
    return samples <= maxPoints ? 1 : (samples + maxPoints - 1) / maxPoints;
  }

  static List<InjectorSample> injector(List<InjectorSample> samples, int perPoint) {
    return merge(samples, perPoint, Timeline::injectorPoint);
  }

  static List<ProtocolResults.LagPoint> lag(List<LagMonitor.Sample> samples, int perPoint) {
    List<ProtocolResults.LagPoint> points =
        samples.stream().map(s -> new ProtocolResults.LagPoint(s.second(), s.totalLag())).toList();
    return merge(
        points,
        perPoint,
        b ->
            new ProtocolResults.LagPoint(
                b.get(b.size() - 1).second(),
                b.stream().mapToLong(ProtocolResults.LagPoint::totalLag).max().orElse(0)));
  }

  /** The per-second samples as CSV (kafka-timeline.csv), full resolution; an empty cell: NaN. */
  static String csv(List<InjectorSample> samples) {
    return csv(null, Map.of(0, samples));
  }

  /** A merged run's kafka-timeline.csv: each injector's rows from its own start, index first. */
  public static String csvByInjector(Map<Integer, List<InjectorSample>> byInjector) {
    return csv("injector", new TreeMap<>(byInjector));
  }

  /** {@code keyColumn}, when not null, is a first column holding the key of each row's list. */
  private static String csv(String keyColumn, Map<Integer, List<InjectorSample>> rows) {
    Set<String> metrics = new LinkedHashSet<>();
    rows.values().forEach(l -> l.forEach(s -> metrics.addAll(s.producer().keySet())));
    StringJoiner header = new StringJoiner(",", keyColumn == null ? "" : keyColumn + ",", "\n");
    numbers(InjectorSample.class, null, (name, v) -> header.add(name));
    metrics.forEach(m -> header.add(PRODUCER + m));
    StringBuilder out = new StringBuilder().append(header);
    rows.forEach(
        (key, samples) -> {
          for (InjectorSample s : samples) {
            StringJoiner row = new StringJoiner(",", keyColumn == null ? "" : key + ",", "\n");
            numbers(InjectorSample.class, s, (name, v) -> row.add(cell(v)));
            metrics.forEach(m -> row.add(cell(s.producer().get(m))));
            out.append(row);
          }
        });
    return out.toString();
  }

  /**
   * The numbers of a record of {@code type} (null: their names only) to {@code out}, by name; a
   * component that is a record (a group) has its numbers in its place.
   */
  private static void numbers(Class<?> type, Object record, BiConsumer<String, Object> out) {
    for (RecordComponent f : type.getRecordComponents()) {
      Object v;
      try {
        v = record == null ? null : f.getAccessor().invoke(record);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
      if (f.getType().isRecord()) {
        numbers(f.getType(), v, out);
      } else if (f.getType() != Map.class) {
        out.accept(f.getName(), v);
      }
    }
  }

  private static final String PRODUCER = "producer.";

  /** An injector's kafka-timeline.csv read back (an empty cell is NaN), for the merged file. */
  public static List<InjectorSample> readCsv(String csv) {
    String[] lines = csv.split("\n");
    if (lines.length == 0 || lines[0].isBlank()) {
      return List.of();
    }
    List<String> header = List.of(lines[0].split(",", -1));
    return Arrays.stream(lines, 1, lines.length)
        .filter(line -> !line.isEmpty())
        .map(line -> (InjectorSample) row(InjectorSample.class, header, line.split(",", -1)))
        .toList();
  }

  /** A record of {@code type} from a CSV row: its groups from their own columns. */
  private static Object row(Class<?> type, List<String> header, String[] cells) {
    RecordComponent[] fields = type.getRecordComponents();
    Object[] args = new Object[fields.length];
    for (int k = 0; k < fields.length; k++) {
      RecordComponent f = fields[k];
      if (f.getType() == Map.class) {
        Map<String, Double> producer = new LinkedHashMap<>();
        for (int col = 0; col < header.size() && col < cells.length; col++) {
          if (header.get(col).startsWith(PRODUCER) && !cells[col].isEmpty()) {
            producer.put(
                header.get(col).substring(PRODUCER.length()), Double.parseDouble(cells[col]));
          }
        }
        args[k] = producer;
      } else if (f.getType().isRecord()) {
        args[k] = row(f.getType(), header, cells);
      } else {
        int col = header.indexOf(f.getName());
        String cell = col < 0 || col >= cells.length ? "" : cells[col];
        args[k] =
            f.getType() == long.class
                ? (Object) (cell.isEmpty() ? 0L : Long.parseLong(cell))
                : (Object) (cell.isEmpty() ? Double.NaN : Double.parseDouble(cell));
      }
    }
    try {
      return type.getDeclaredConstructor(
              Arrays.stream(fields).map(RecordComponent::getType).toArray(Class<?>[]::new))
          .newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Six significant digits: a ratio of 0.0001 keeps its value, a rate its integer part. */
  private static String cell(Object v) {
    if (!(v instanceof Double d)) {
      return v == null ? "" : v.toString();
    }
    return d.isNaN() || d.isInfinite()
        ? ""
        : new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }

  private static <T> List<T> merge(List<T> samples, int perPoint, Function<List<T>, T> point) {
    if (perPoint <= 1) {
      return samples;
    }
    return IntStream.iterate(0, i -> i < samples.size(), i -> i + perPoint)
        .mapToObj(i -> point.apply(samples.subList(i, Math.min(samples.size(), i + perPoint))))
        .toList();
  }

  private static InjectorSample injectorPoint(List<InjectorSample> b) {
    return point(b, b.get(b.size() - 1).second(), Timeline::mean, Timeline::mean, producerMean(b));
  }

  /** How a point combines one figure of its samples. */
  public interface Combine {
    double of(List<InjectorSample> b, ToDoubleFunction<InjectorSample> f);
  }

  /**
   * One point of samples {@code b}: msgs/s and MB/s by {@code rates}, CPU % by {@code cpu}, ack
   * latency, heap, GC, time blocked in send and event-loop delay by max, event-loop probes summed.
   */
  public static InjectorSample point(
      List<InjectorSample> b,
      double second,
      Combine rates,
      Combine cpu,
      Map<String, Double> producer) {
    return new InjectorSample(
        second,
        new InjectorSample.Load(
            rates.of(b, p -> p.load().msgsPerSec()),
            rates.of(b, p -> p.load().mbPerSec()),
            max(b, p -> p.load().ackP99Ms()),
            max(b, p -> p.load().ackMaxMs())),
        new InjectorSample.Resources(
            cpu.of(b, p -> p.resources().systemCpuPct()),
            cpu.of(b, p -> p.resources().processCpuPct()),
            max(b, p -> p.resources().heapUsedMb()),
            max(b, p -> p.resources().heapAfterGcMb()),
            max(b, p -> p.resources().gcPauseMs()),
            max(b, p -> p.resources().gcMaxPauseMs())),
        new InjectorSample.EventLoop(
            max(b, p -> p.eventLoop().sendBlockedMs()),
            b.stream().mapToLong(p -> p.eventLoop().eventLoopProbes()).sum(),
            max(b, p -> p.eventLoop().eventLoopDelayP99Ms()),
            max(b, p -> p.eventLoop().eventLoopDelayMaxMs()),
            b.stream().mapToLong(p -> p.eventLoop().eventLoopProbesOverBound()).sum()),
        producer);
  }

  /** NaN (no value: CPU not readable, no GC yet) is skipped; a point of NaN only is NaN. */
  static <T> double mean(List<T> b, ToDoubleFunction<T> f) {
    return b.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
  }

  /** The highest value, NaN skipped; a point of NaN only is NaN. */
  public static <T> double max(List<T> b, ToDoubleFunction<T> f) {
    return max(b, f, Double.NaN);
  }

  /** The highest value, NaN skipped; {@code none} when there is no other. */
  public static <T> double max(List<T> b, ToDoubleFunction<T> f, double none) {
    return b.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(none);
  }

  private static Map<String, Double> producerMean(List<InjectorSample> b) {
    Map<String, Double> out = new LinkedHashMap<>();
    ProducerMetrics.byName(b.stream().map(InjectorSample::producer))
        .forEach((k, v) -> out.put(k, ProducerMetrics.sum(v) / v.size()));
    return out;
  }
}
