package kafkaload.internal.semantic.topics;

import com.fasterxml.jackson.core.type.TypeReference;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.Semantic;

/**
 * A run over several topics ({@code topicSpread} in a protocol's results): the reconciliation over
 * all of them in a bounded size, totals and the worst topics, rather than a row per topic. Made
 * from the reconciliation the run made (none: no section); a merged run has its own
 * reconciliation's console and page, so this section is an injector's or a single run's.
 */
public final class TopicSpreadSemantic implements Semantic<TopicSpreadFigures> {
  public static final SectionType<TopicSpreadFigures> SECTION =
      new SectionType<>("topicSpread", new TypeReference<>() {});

  private static final PageFragment PAGE = PageFragment.of(TopicSpreadSemantic.class, "page");

  @Override
  public SectionType<TopicSpreadFigures> section() {
    return SECTION;
  }

  @Override
  public TopicSpreadFigures results(RunLedger ledger) {
    Reconciled.Result r = ledger.reconciliation();
    return r == null ? null : TopicSpreadFigures.of(r.topics());
  }

  @Override
  public PageFragment page() {
    return PAGE;
  }
}
