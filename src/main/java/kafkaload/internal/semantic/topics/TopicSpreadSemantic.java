package kafkaload.internal.semantic.topics;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.Semantic;

/**
 * A run over several topics ({@code topicSpread} in a protocol's results): the reconciliation over
 * all of them in a bounded size, totals and the worst topics, rather than a row per topic. Made
 * from the reconciliation the run made (none: no section); a distributed run's merge, from its one
 * reconciliation over every injector's records (an injector leaves its own to the merge).
 */
public final class TopicSpreadSemantic implements Semantic<TopicSpreadFigures> {
  public static final SectionType<TopicSpreadFigures> SECTION =
      new SectionType<>("topicSpread", new TypeReference<>() {});

  @Override
  public SectionType<TopicSpreadFigures> section() {
    return SECTION;
  }

  @Override
  public TopicSpreadFigures results(RunLedger ledger) {
    return of(ledger.reconciliation());
  }

  @Override
  public TopicSpreadFigures merge(
      List<ProtocolResults> injectors, Reconciled.Result reconciliation, Verdicts verdicts) {
    return of(reconciliation);
  }

  private static TopicSpreadFigures of(Reconciled.Result r) {
    return r == null ? null : TopicSpreadFigures.of(r.topics());
  }
}
