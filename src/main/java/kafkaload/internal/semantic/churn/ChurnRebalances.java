package kafkaload.internal.semantic.churn;

import java.util.List;
import kafkaload.internal.semantic.churn.ChurnEvent.Rebalances;

/**
 * Kafka's own rebalance figures over a window, from each consumer's {@link Rebalances} events: the
 * rebalances its client counted in the window, their average latency (the latency total's growth
 * over the count's), the highest {@code rebalance-latency-max} printed in the window (the client's
 * own windowed max, so it may carry a rebalance from up to a minute before), and the highest
 * generation (member epoch under KIP-848) seen. Pure.
 */
final class ChurnRebalances {
  private ChurnRebalances() {}

  /** Over {@code [from, to)}, each consumer's events a list of their own. */
  static ChurnFigures.KafkaRebalances of(List<List<Rebalances>> consumers, long from, long to) {
    long count = 0;
    long latency = 0;
    long max = -1;
    int generation = -1;
    for (List<Rebalances> events : consumers) {
      Rebalances before = null;
      Rebalances last = null;
      for (Rebalances r : events) {
        if (r.atMillis() < from) {
          before = r;
        } else if (r.atMillis() < to) {
          last = r;
          max = Math.max(max, r.latencyMaxMs());
          generation = Math.max(generation, r.generation());
        }
      }
      if (last != null) {
        count += last.total() - (before == null ? 0 : before.total());
        latency += last.latencyTotalMs() - (before == null ? 0 : before.latencyTotalMs());
      }
    }
    return new ChurnFigures.KafkaRebalances(
        count,
        count == 0 ? null : Math.round((double) latency / count),
        count == 0 || max < 0 ? null : max,
        generation);
  }
}
