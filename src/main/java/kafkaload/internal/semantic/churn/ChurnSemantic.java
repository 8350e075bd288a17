package kafkaload.internal.semantic.churn;

import com.fasterxml.jackson.core.type.TypeReference;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.Semantic;

/**
 * Consumer churn under load ({@code churn} in a protocol's results): per group protocol, what each
 * step of the plan cost and the records never read. One injector's: a distributed run's merge keeps
 * no churn section (each injector would churn groups of its own).
 */
public final class ChurnSemantic implements Semantic<ChurnFigures> {
  public static final SectionType<ChurnFigures> SECTION =
      new SectionType<>("churn", new TypeReference<>() {});

  /** The run's churn counters, made on first use. */
  static ChurnCounters counters(RunLedger ledger) {
    return ledger.semantic(ChurnCounters.class, ChurnCounters::new);
  }

  @Override
  public SectionType<ChurnFigures> section() {
    return SECTION;
  }

  @Override
  public ChurnFigures results(RunLedger ledger) {
    ChurnCounters counters = ledger.semanticIfUsed(ChurnCounters.class);
    return counters == null ? null : counters.figures();
  }
}
