package kafkaload.internal.semantic.faultwatch;

import com.fasterxml.jackson.core.type.TypeReference;
import io.gatling.core.action.builder.ActionBuilder;
import java.util.List;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.Semantic;

/**
 * What each broker fault cost ({@code faultImpact} in a protocol's results): per fault, the
 * unavailability of each affected partition, the leader elections and ISR changes it caused, its
 * KOs by reason, the ack latency during and after it; and the run's lost and duplicated records.
 * Runs only with a fault plan: {@link #watch()} is the first step of the plan's population. A
 * distributed run's merge combines the injectors' ({@link FaultImpactMerge}), with the lost and
 * duplicated records of its one reconciliation.
 */
public final class FaultWatchSemantic implements Semantic<FaultImpact> {
  public static final SectionType<FaultImpact> SECTION =
      new SectionType<>("faultImpact", new TypeReference<>() {});

  /** The step that starts the watch, to run just before a fault plan's own action. */
  public static ActionBuilder watch() {
    return FaultWatchAction.builder();
  }

  @Override
  public SectionType<FaultImpact> section() {
    return SECTION;
  }

  @Override
  public FaultImpact results(RunLedger ledger) {
    FaultWatchCounters counters = ledger.semanticIfUsed(FaultWatchCounters.class);
    if (counters == null) {
      return null;
    }
    Reconciled.Result r = ledger.reconciliation();
    return counters.figures(
        List.copyOf(ledger.faults()),
        r == null ? null : r.lost(),
        r == null ? null : r.duplicates());
  }

  @Override
  public FaultImpact merge(
      List<ProtocolResults> injectors, Reconciled.Result reconciliation, Verdicts verdicts) {
    return FaultImpactMerge.of(
        injectors.stream().map(p -> p.section(SECTION)).toList(), reconciliation);
  }

  @Override
  public List<String> mergedLines(FaultImpact merged) {
    return FaultConsole.lines(merged);
  }
}
