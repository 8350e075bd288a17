package kafkaload.internal.semantic.faultwatch;

import static kafkaload.internal.verification.LagMonitor.BY_TOPIC_PARTITION;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import kafkaload.internal.run.Reconciled;
import org.apache.kafka.common.TopicPartition;

/**
 * The fault sections of a distributed run's injectors as one, fault by fault (the same plan, in the
 * same order): a partition's window from the earliest first ack of any injector; its causes
 * together; the leader and ISR changes, which every injector's watcher saw of one cluster, once
 * each (the same change seen within {@link #SAME_CHANGE_SECONDS} s by two injectors is one); KOs
 * summed; latency the highest; the records lost and duplicated summed when every injector has them.
 */
final class FaultImpactMerge {
  static final double SAME_CHANGE_SECONDS = 2.0;

  private FaultImpactMerge() {}

  /** Null when no injector has a section. */
  static FaultImpact of(List<FaultImpact> injectors) {
    List<FaultImpact> all = injectors.stream().filter(Objects::nonNull).toList();
    if (all.isEmpty()) {
      return null;
    }
    if (all.size() == 1) {
      return all.get(0);
    }
    int faults = all.stream().mapToInt(s -> s.faults().size()).max().orElse(0);
    List<FaultImpact.Fault> merged = new ArrayList<>();
    for (int i = 0; i < faults; i++) {
      int index = i;
      merged.add(
          fault(
              all.stream()
                  .filter(s -> s.faults().size() > index)
                  .map(s -> s.faults().get(index))
                  .toList()));
    }
    boolean reconciled = all.stream().allMatch(s -> s.lostPerRun() != null);
    return new FaultImpact(
        merged,
        reconciled ? all.stream().mapToLong(FaultImpact::lostPerRun).sum() : null,
        reconciled
            ? all.stream()
                .mapToLong(s -> Objects.requireNonNullElse(s.duplicatesPerRun(), 0L))
                .sum()
            : null,
        all.stream().mapToLong(FaultImpact::resolutionMs).max().orElse(AckTimes.GAP_MS),
        all.stream().mapToLong(FaultImpact::metadataPolls).sum(),
        all.stream().mapToLong(FaultImpact::metadataErrors).sum(),
        all.stream()
            .map(FaultImpact::lastMetadataError)
            .filter(Objects::nonNull)
            .findFirst()
            .orElse(null));
  }

  /**
   * As {@link #of(List)}, with the run's lost and duplicated records from the merge's one
   * reconciliation over every injector's records when it ran (an injector of a distributed run
   * leaves its reconciliation to the merge, so its own section has none).
   */
  static FaultImpact of(List<FaultImpact> injectors, Reconciled.Result reconciliation) {
    FaultImpact m = of(injectors);
    return m == null || reconciliation == null
        ? m
        : m.withLostPerRun(reconciliation.lost()).withDuplicatesPerRun(reconciliation.duplicates());
  }

  static FaultImpact.Fault fault(List<FaultImpact.Fault> fs) {
    FaultImpact.Fault first = fs.get(0);
    Map<TopicPartition, FaultImpact.Window> windows = new TreeMap<>(BY_TOPIC_PARTITION);
    for (FaultImpact.Fault f : fs) {
      for (FaultImpact.Window w : f.unavailability().windows()) {
        windows.merge(new TopicPartition(w.topic(), w.partition()), w, FaultImpactMerge::merged);
      }
    }
    List<FaultImpact.Change> elections =
        once(fs.stream().flatMap(f -> f.metadata().elections().stream()).toList());
    List<FaultImpact.Change> isr =
        once(fs.stream().flatMap(f -> f.metadata().isrChanges().stream()).toList());
    Map<String, Long> byReason = new TreeMap<>();
    fs.forEach(f -> f.kosByReason().forEach((r, n) -> byReason.merge(r, n, Long::sum)));
    return new FaultImpact.Fault(
        first.step(),
        first.request(),
        first.broker(),
        fs.stream().allMatch(FaultImpact.Fault::ok),
        new FaultImpact.Timing(
            first.timing().atSeconds(),
            first.timing().healedAtSeconds(),
            first.timing().attributedUntilSeconds(),
            fs.stream()
                .mapToDouble(f -> f.timing().recoveredAtSeconds())
                .min()
                .orElse(first.timing().atSeconds())),
        FaultImpact.Unavailability.of(new ArrayList<>(windows.values())),
        FaultImpact.MetadataChanges.of(elections, isr),
        fs.stream().mapToLong(FaultImpact.Fault::kos).sum(),
        byReason,
        new FaultImpact.AckLatency(
            max(fs.stream().map(f -> f.ackLatency().ackP99MsDuring()).toList()),
            max(fs.stream().map(f -> f.ackLatency().ackP99MsAfter()).toList()),
            max(fs.stream().map(f -> f.ackLatency().ackMaxMsDuring()).toList()),
            max(fs.stream().map(f -> f.ackLatency().ackMaxMsAfter()).toList())));
  }

  /**
   * One partition's windows as one: the window of the earlier first ack (a window with an ack
   * before one without), with the causes of both, each once, in the order seen.
   */
  private static FaultImpact.Window merged(FaultImpact.Window a, FaultImpact.Window b) {
    Set<String> causes = new LinkedHashSet<>(List.of(a.cause().split(", ")));
    causes.addAll(List.of(b.cause().split(", ")));
    FaultImpact.Window earlier =
        a.windowMs() == null || b.windowMs() != null && b.windowMs() < a.windowMs() ? b : a;
    return earlier.withCause(String.join(", ", causes));
  }

  /** Each change once: the same change seen again within SAME_CHANGE_SECONDS is dropped. */
  static List<FaultImpact.Change> once(List<FaultImpact.Change> all) {
    List<FaultImpact.Change> sorted =
        all.stream().sorted(Comparator.comparingDouble(FaultImpact.Change::atSeconds)).toList();
    List<FaultImpact.Change> kept = new ArrayList<>();
    for (FaultImpact.Change c : sorted) {
      boolean seen =
          kept.stream()
              .anyMatch(
                  k ->
                      k.topic().equals(c.topic())
                          && k.partition() == c.partition()
                          && k.before().equals(c.before())
                          && k.after().equals(c.after())
                          && c.atSeconds() - k.atSeconds() <= SAME_CHANGE_SECONDS);
      if (!seen) {
        kept.add(c);
      }
    }
    return kept;
  }

  private static Double max(List<Double> values) {
    return values.stream().filter(Objects::nonNull).max(Double::compare).orElse(null);
  }
}
