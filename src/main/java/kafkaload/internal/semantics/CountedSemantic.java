package kafkaload.internal.semantics;

import java.util.function.Function;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.RunLedger;

/**
 * A semantic whose section is read from one object of the run's ledger (its counters, made on first
 * use by its actions or its tap): none when the run made none. A subclass states its section, the
 * counters' class and how they give the section.
 *
 * @param <S> its section of a protocol's results
 * @param <C> the counters the ledger holds for it
 */
public abstract class CountedSemantic<S, C> implements Semantic<S> {
  private final SectionType<S> section;
  private final Class<C> counters;
  private final Function<C, S> figures;

  /** {@code figures}: the section from the counters; null for none. */
  protected CountedSemantic(SectionType<S> section, Class<C> counters, Function<C, S> figures) {
    this.section = section;
    this.counters = counters;
    this.figures = figures;
  }

  @Override
  public final SectionType<S> section() {
    return section;
  }

  @Override
  public final S results(RunLedger ledger) {
    C used = ledger.semanticIfUsed(counters);
    return used == null ? null : figures.apply(used);
  }
}
