package kafkaload.internal.semantic.share;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import kafkaload.internal.report.Histograms;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.run.KoLedger;
import kafkaload.internal.semantic.share.ShareGroupResults.LagVerdict;
import org.HdrHistogram.Histogram;

/**
 * One protocol's share groups merged over the injectors per (request, topic, group): counters
 * summed, consumers (with their injector) rated over the whole span, histograms added, the first
 * injector's lag series, the worst lag verdict, and the reconciliation over the union, since a
 * record produced on one may be accepted on another.
 */
final class ShareGroupMerge {
  private ShareGroupMerge() {}

  /** One injector's share group, and what its consumers settled by identity (null: not handed). */
  private record Part(int injector, ShareGroupResults group, ShareRecords records) {}

  /** The protocol's merged share groups, from each injector's results; null when none has any. */
  static List<ShareGroupResults> merge(List<ProtocolResults> perInjector) {
    Map<String, List<Part>> byGroup = new LinkedHashMap<>();
    for (int i = 0; i < perInjector.size(); i++) {
      ProtocolResults p = perInjector.get(i);
      List<ShareGroupResults> groups = p.section(ShareSemantic.SECTION);
      if (groups == null) {
        continue;
      }
      int injector = p.distributed() == null ? i : p.distributed().injectorIndex();
      Map<String, ShareRecords> records =
          Optional.ofNullable(p.distributed())
              .map(d -> d.section(ShareSemantic.RECORDS))
              .orElse(Map.of());
      for (ShareGroupResults g : groups) {
        byGroup
            .computeIfAbsent(
                String.join(
                    "\u0000", g.settings().request(), g.settings().topic(), g.settings().group()),
                k -> new ArrayList<>())
            .add(new Part(injector, g, records.get(g.settings().request())));
      }
    }
    return byGroup.isEmpty()
        ? null
        : byGroup.values().stream().map(parts -> group(parts, perInjector)).toList();
  }

  private static ShareGroupResults group(List<Part> parts, List<ProtocolResults> perInjector) {
    List<ShareGroupResults> gs = parts.stream().map(Part::group).toList();
    ShareGroupResults first = gs.get(0);
    Map<Integer, Long> counts = new TreeMap<>();
    gs.forEach(
        g -> g.deliveries().deliveryCounts().forEach((c, n) -> counts.merge(c, n, Long::sum)));

    Long firstAccept = given(gs, g -> g.work().firstAcceptMillis()).min(Long::compare).orElse(null);
    Long lastAccept = given(gs, g -> g.work().lastAcceptMillis()).max(Long::compare).orElse(null);
    double span =
        firstAccept == null || lastAccept == null ? 0 : (lastAccept - firstAccept) / 1000.0;
    List<ShareGroupResults.ShareConsumer> consumers = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    for (Part part : parts) {
      for (ShareGroupResults.ShareConsumer c : part.group().work().perConsumer()) {
        // Each consumer's accepts over the one span of the whole group, so rows compare across
        // injectors; an injector that did not say when its accepts were keeps its own rate.
        // (An if, not ?: — a ternary of Double and double unboxes a null rate: a consumer that
        // accepted nothing.)
        Double rate = c.acceptedPerSec();
        if (part.group().work().firstAcceptMillis() != null && span > 0) {
          rate = c.accepted() / span;
        }
        if (rate != null) {
          rates.add(rate);
        }
        consumers.add(c.withAcceptedPerSec(rate).withInjector(part.injector()));
      }
    }

    Histogram e2e = added(gs.stream().map(p -> p.latency().endToEndHistogram()).toList());
    Histogram commits = added(gs.stream().map(p -> p.latency().ackCommitHistogram()).toList());

    // Every injector samples the same group's lag: the first one's series stands for all.
    List<ProtocolResults.LagPoint> lag =
        gs.stream()
            .map(p -> p.groupLag().lag())
            .filter(l -> l != null && !l.isEmpty())
            .findFirst()
            .orElse(List.of());
    List<LagVerdict> verdicts = given(gs, g -> g.groupLag().lagVerdict()).toList();
    LagVerdict lagVerdict =
        verdicts.isEmpty()
            ? null
            : new LagVerdict(
                verdicts.stream().mapToLong(LagVerdict::maxLag).max().getAsLong(),
                verdicts.stream().mapToDouble(LagVerdict::slopePerSecond).max().getAsDouble(),
                verdicts.stream().anyMatch(LagVerdict::rising),
                // The highest lag an injector read at its end; null when none could read it.
                verdicts.stream()
                    .map(LagVerdict::lagAtEnd)
                    .filter(Objects::nonNull)
                    .max(Long::compare)
                    .orElse(null));

    return new ShareGroupResults(
        first.settings().withConsumers(gs.stream().mapToInt(g -> g.settings().consumers()).sum()),
        given(gs, ShareGroupResults::lockDurationMs).findFirst().orElse(null),
        new ShareGroupResults.Deliveries(
            sum(gs, ShareGroupResults.Deliveries::acquired),
            sum(gs, ShareGroupResults.Deliveries::polls),
            sum(gs, ShareGroupResults.Deliveries::accepted),
            sum(gs, ShareGroupResults.Deliveries::released),
            sum(gs, ShareGroupResults.Deliveries::rejected),
            sum(gs, ShareGroupResults.Deliveries::redelivered),
            sum(gs, ShareGroupResults.Deliveries::archived),
            sum(gs, ShareGroupResults.Deliveries::ackRefused),
            sum(gs, ShareGroupResults.Deliveries::renewed),
            counts),
        new ShareGroupResults.Latency(
            e2e == null ? first.latency().endToEndMs() : Percentiles.ofMicros(e2e),
            commits == null ? first.latency().ackCommitMs() : Percentiles.ofMicros(commits),
            e2e == null ? null : Histograms.encode(e2e),
            commits == null ? null : Histograms.encode(commits)),
        new ShareGroupResults.Work(
            consumers, ShareCounters.spreadPct(rates), firstAccept, lastAccept),
        new ShareGroupResults.GroupLag(lag, lagVerdict),
        reconciliation(parts, perInjector),
        parts.size());
  }

  /**
   * Every injector's produced records (its sequence space, less its KO'd records) against the union
   * of the injectors' outcomes; null when no injector handed its outcomes (no run identity).
   */
  private static ShareGroupResults.Reconciliation reconciliation(
      List<Part> parts, List<ProtocolResults> perInjector) {
    List<ShareRecords> handed = parts.stream().map(Part::records).filter(Objects::nonNull).toList();
    if (handed.isEmpty()) {
      return null;
    }
    List<ShareOutcomes.Range> produced = new ArrayList<>();
    KoLedger ko = new KoLedger();
    perInjector.stream()
        .map(ProtocolResults::distributed)
        .filter(Objects::nonNull)
        .forEach(
            d -> {
              produced.add(new ShareOutcomes.Range(d.sequenceStart(), d.sequencesIssued()));
              if (d.koSequences() != null && !d.koSequences().isEmpty()) {
                ko.addSerialized(Base64.getDecoder().decode(d.koSequences()));
              }
            });
    return ShareOutcomes.union(handed.stream().map(ShareOutcomes::of).toList())
        .reconcile(produced, ko, handed.stream().mapToLong(ShareRecords::otherRuns).sum());
  }

  /** What each injector's group says of {@code f}, where it says it. */
  private static <T> Stream<T> given(List<ShareGroupResults> gs, Function<ShareGroupResults, T> f) {
    return gs.stream().map(f).filter(Objects::nonNull);
  }

  private static long sum(
      List<ShareGroupResults> gs, ToLongFunction<ShareGroupResults.Deliveries> f) {
    return gs.stream().map(ShareGroupResults::deliveries).mapToLong(f).sum();
  }

  /** The histograms added up; null unless every injector wrote one. */
  private static Histogram added(List<String> encoded) {
    if (encoded.isEmpty() || encoded.stream().anyMatch(Objects::isNull)) {
      return null;
    }
    Histogram h = new Histogram(3); // auto-resizing: whatever range each injector's has
    encoded.forEach(e -> h.add(Histograms.decode(e)));
    return h;
  }
}
