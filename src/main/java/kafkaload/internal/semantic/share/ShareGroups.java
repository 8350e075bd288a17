package kafkaload.internal.semantic.share;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/** A protocol's share groups: each share-consume action's counters, in the run's ledger. */
final class ShareGroups {
  private final Map<String, ShareCounters> byRequest = new ConcurrentHashMap<>();

  /** The counters of action {@code setup.request()}, made once: shared by its consumers. */
  ShareCounters group(ShareCounters.Setup setup) {
    return byRequest.computeIfAbsent(setup.settings().request(), r -> new ShareCounters(setup));
  }

  /** What each action's consumers settled, by request, for the merge; null when none did. */
  Map<String, ShareRecords> records() {
    Map<String, ShareRecords> out = new TreeMap<>();
    byRequest.forEach(
        (request, c) -> Optional.ofNullable(c.records()).ifPresent(r -> out.put(request, r)));
    return out.isEmpty() ? null : out;
  }

  /** The share groups' figures, by request name; null when none ran. */
  List<ShareGroupResults> results() {
    List<ShareGroupResults> all =
        new TreeMap<>(byRequest).values().stream().map(ShareCounters::results).toList();
    return all.isEmpty() ? null : all;
  }
}
