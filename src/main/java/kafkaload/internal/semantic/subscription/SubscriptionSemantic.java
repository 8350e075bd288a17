package kafkaload.internal.semantic.subscription;

import com.fasterxml.jackson.core.type.TypeReference;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.Semantic;

/**
 * Subscriptions ({@code subscriptions} in a protocol's results): each group's reads, rate,
 * end-to-end latency and verdict. One injector's: they are refused in a distributed run, so the
 * merge keeps no section.
 */
public final class SubscriptionSemantic implements Semantic<SubscriptionFigures> {
  public static final SectionType<SubscriptionFigures> SECTION =
      new SectionType<>("subscriptions", new TypeReference<>() {});

  /** The run's subscription counters, made on first use. */
  static SubscriptionCounters counters(RunLedger ledger) {
    return ledger.semantic(SubscriptionCounters.class, SubscriptionCounters::new);
  }

  @Override
  public SectionType<SubscriptionFigures> section() {
    return SECTION;
  }

  @Override
  public SubscriptionFigures results(RunLedger ledger) {
    SubscriptionCounters counters = ledger.semanticIfUsed(SubscriptionCounters.class);
    return counters == null ? null : counters.figures();
  }
}
