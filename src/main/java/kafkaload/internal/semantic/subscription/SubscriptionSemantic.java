package kafkaload.internal.semantic.subscription;

import com.fasterxml.jackson.core.type.TypeReference;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * Subscriptions ({@code subscriptions} in a protocol's results): each group's reads, rate,
 * end-to-end latency and verdict. One injector's: they are refused in a distributed run, so the
 * merge keeps no section.
 */
public final class SubscriptionSemantic
    extends CountedSemantic<SubscriptionFigures, SubscriptionCounters> {
  public static final SectionType<SubscriptionFigures> SECTION =
      new SectionType<>("subscriptions", new TypeReference<>() {});

  public SubscriptionSemantic() {
    super(SECTION, SubscriptionCounters.class, SubscriptionCounters::figures);
  }
}
