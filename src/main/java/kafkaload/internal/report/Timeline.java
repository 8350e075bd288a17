package kafkaload.internal.report;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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

  private static String csv(String keyColumn, Map<Integer, List<InjectorSample>> rows) {
    List<Column> columns = Column.of(InjectorSample.class, List.of());
    Set<String> metrics = new LinkedHashSet<>();
    rows.values().forEach(l -> l.forEach(s -> metrics.addAll(s.producer().keySet())));
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>();
    if (keyColumn != null) {
      header.add(keyColumn);
    }
    columns.forEach(c -> header.add(c.name()));
    metrics.forEach(m -> header.add(PRODUCER + m));
    out.append(String.join(",", header)).append('\n');
    rows.forEach(
        (key, samples) -> {
          for (InjectorSample s : samples) {
            List<String> row = new ArrayList<>(header.size());
            if (keyColumn != null) {
              row.add(String.valueOf(key));
            }
            columns.forEach(c -> row.add(cell(c.read(s))));
            metrics.forEach(m -> row.add(cell(s.producer().get(m))));
            out.append(String.join(",", row)).append('\n');
          }
        });
    return out.toString();
  }

  /**
   * A CSV column: a number of {@link InjectorSample}, or of one of its groups (a record component
   * that is a record: its numbers are columns in its place), reached through {@code path}.
   */
  private record Column(List<RecordComponent> path) {
    static List<Column> of(Class<?> type, List<RecordComponent> at) {
      List<Column> out = new ArrayList<>();
      for (RecordComponent f : type.getRecordComponents()) {
        List<RecordComponent> path = new ArrayList<>(at);
        path.add(f);
        if (f.getType().isRecord()) {
          out.addAll(of(f.getType(), path));
        } else if (f.getType() != Map.class) {
          out.add(new Column(List.copyOf(path)));
        }
      }
      return out;
    }

    String name() {
      return path.get(path.size() - 1).getName();
    }

    Object read(Object sample) {
      Object v = sample;
      try {
        for (RecordComponent f : path) {
          v = f.getAccessor().invoke(v);
        }
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
      return v;
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
    List<InjectorSample> out = new ArrayList<>(lines.length - 1);
    for (int i = 1; i < lines.length; i++) {
      if (lines[i].isEmpty()) {
        continue;
      }
      String[] cells = lines[i].split(",", -1);
      Map<String, Double> producer = new LinkedHashMap<>();
      for (int col = 0; col < header.size() && col < cells.length; col++) {
        if (header.get(col).startsWith(PRODUCER) && !cells[col].isEmpty()) {
          producer.put(
              header.get(col).substring(PRODUCER.length()), Double.parseDouble(cells[col]));
        }
      }
      out.add((InjectorSample) row(InjectorSample.class, header, cells, producer));
    }
    return out;
  }

  /** A record of {@code type} from a CSV row: its groups from their own columns. */
  private static Object row(
      Class<?> type, List<String> header, String[] cells, Map<String, Double> producer) {
    RecordComponent[] fields = type.getRecordComponents();
    Object[] args = new Object[fields.length];
    for (int k = 0; k < fields.length; k++) {
      RecordComponent f = fields[k];
      if (f.getType() == Map.class) {
        args[k] = producer;
      } else if (f.getType().isRecord()) {
        args[k] = row(f.getType(), header, cells, producer);
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
