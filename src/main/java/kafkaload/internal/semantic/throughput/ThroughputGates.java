package kafkaload.internal.semantic.throughput;

import java.util.ArrayList;
import java.util.List;

/** The throughput gates a run's verdict steps judged, kept in its ledger in the order judged. */
final class ThroughputGates {
  private final List<ThroughputGate> judged = new ArrayList<>();

  synchronized void add(ThroughputGate gate) {
    judged.add(gate);
  }

  synchronized List<ThroughputGate> all() {
    return List.copyOf(judged);
  }
}
