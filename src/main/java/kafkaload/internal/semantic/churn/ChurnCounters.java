package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.List;

/**
 * A churn while it runs, kept in the protocol's ledger: its spec and plan once started, and each
 * protocol's round as it ends. The churn's thread writes it; the summary reads it at the end.
 */
final class ChurnCounters {
  private ChurnSpec spec;
  private String topic;
  private int partitions;
  private String plan;
  private final List<ChurnFigures.Round> rounds = new ArrayList<>();

  /** A churn starts; false when this protocol already ran one (one per protocol). */
  synchronized boolean started(ChurnSpec s, String t, int p, ChurnPlan resolved) {
    if (spec != null) {
      return false;
    }
    spec = s;
    topic = t;
    partitions = p;
    plan = resolved.toString();
    return true;
  }

  synchronized void round(ChurnFigures.Round r) {
    rounds.add(r);
  }

  /** The section; null before any churn started. */
  synchronized ChurnFigures figures() {
    if (spec == null) {
      return null;
    }
    return new ChurnFigures(
        spec.requestName(),
        topic,
        partitions,
        spec.consumers(),
        plan,
        spec.load().ratePerSec(),
        spec.load().loadMillis(),
        spec.gates().maxPauseMs(),
        spec.gates().maxReadTwicePct(),
        rounds);
  }
}
