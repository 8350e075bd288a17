package kafkaload.internal.semantic.traffic;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * The traffic sections of a distributed run's injectors as one: counts summed; each listed key's
 * records summed over the injectors that list it (a key outside an injector's top {@link
 * TrafficCounters#TOP} is missing that injector's records); the sizes' percentiles and the
 * producer's figures weighted by each injector's records (exact when the injectors draw from one
 * distribution, as they do); min and max exact; distinct keys unknown (null).
 */
final class TrafficMerge {
  private TrafficMerge() {}

  /** Null when no injector has a section. */
  static TrafficFigures of(List<TrafficFigures> injectors) {
    List<TrafficFigures> all = injectors.stream().filter(f -> f != null).toList();
    if (all.isEmpty()) {
      return null;
    }
    if (all.size() == 1) {
      return all.get(0);
    }
    long records = all.stream().mapToLong(TrafficFigures::records).sum();
    Map<String, Long> byKey = new LinkedHashMap<>();
    all.forEach(f -> f.topKeys().forEach(k -> byKey.merge(k.key(), k.records(), Long::sum)));
    return new TrafficFigures(
        records,
        all.stream().mapToLong(TrafficFigures::keyless).sum(),
        null,
        all.stream().mapToLong(TrafficFigures::untrackedRecords).sum(),
        topKeys(byKey.entrySet().stream(), records),
        sizes(all),
        batching(all));
  }

  /**
   * The {@link TrafficCounters#TOP} keys with the most records, with their shares of {@code total}.
   */
  static List<TrafficFigures.KeyShare> topKeys(Stream<Map.Entry<String, Long>> counts, long total) {
    return counts
        .sorted(Comparator.comparingLong(e -> -e.getValue()))
        .limit(TrafficCounters.TOP)
        .map(
            e ->
                new TrafficFigures.KeyShare(e.getKey(), e.getValue(), 100.0 * e.getValue() / total))
        .toList();
  }

  private static TrafficFigures.Sizes sizes(List<TrafficFigures> all) {
    List<TrafficFigures.Sizes> s = all.stream().map(TrafficFigures::sizes).toList();
    long count = s.stream().mapToLong(TrafficFigures.Sizes::count).sum();
    Function<ToDoubleFunction<TrafficFigures.Sizes>, Double> weighted =
        f -> s.stream().mapToDouble(x -> f.applyAsDouble(x) * x.count()).sum() / count;
    return new TrafficFigures.Sizes(
        count,
        weighted.apply(TrafficFigures.Sizes::mean),
        s.stream().mapToLong(TrafficFigures.Sizes::min).min().orElse(0),
        Math.round(weighted.apply(TrafficFigures.Sizes::p50)),
        Math.round(weighted.apply(TrafficFigures.Sizes::p90)),
        Math.round(weighted.apply(TrafficFigures.Sizes::p99)),
        Math.round(weighted.apply(TrafficFigures.Sizes::p999)),
        s.stream().mapToLong(TrafficFigures.Sizes::max).max().orElse(0));
  }

  /** Each figure weighted by the records of the injectors that measured it; null when none did. */
  private static TrafficFigures.Batching batching(List<TrafficFigures> all) {
    return new TrafficFigures.Batching(
        weighted(all, b -> b.batchSizeAvg()),
        weighted(all, b -> b.recordsPerRequestAvg()),
        weighted(all, b -> b.compressionRateAvg()));
  }

  private static Double weighted(
      List<TrafficFigures> all, Function<TrafficFigures.Batching, Double> figure) {
    double sum = 0;
    long weight = 0;
    for (TrafficFigures f : all) {
      Double v = f.batching() == null ? null : figure.apply(f.batching());
      if (v != null) {
        sum += v * f.records();
        weight += f.records();
      }
    }
    return weight == 0 ? null : sum / weight;
  }
}
