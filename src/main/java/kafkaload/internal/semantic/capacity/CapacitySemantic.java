package kafkaload.internal.semantic.capacity;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import java.util.Objects;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * Capacity search: the highest producer rate the cluster sustains while the gates hold ({@code
 * capacity} in a protocol's results). Every injector of a distributed search judges the same
 * figures, so the merge keeps the first injector's section as the run's.
 */
public final class CapacitySemantic
    extends CountedSemantic<CapacityResults, CapacitySemantic.State> {
  public static final SectionType<CapacityResults> SECTION =
      new SectionType<>("capacity", new TypeReference<>() {});

  public CapacitySemantic() {
    super(SECTION, State.class, s -> s.results);
  }

  /** The run's search result, set once the search ended: the one owner of it. */
  static final class State {
    volatile CapacityResults results;
  }

  @Override
  public CapacityResults merge(List<ProtocolResults> injectors, Verdicts verdicts) {
    return injectors.stream()
        .map(p -> p.section(SECTION))
        .filter(Objects::nonNull)
        .findFirst()
        .orElse(null);
  }

  @Override
  public List<String> mergedLines(CapacityResults merged) {
    return List.of("Capacity: " + merged.verdict().text());
  }
}
