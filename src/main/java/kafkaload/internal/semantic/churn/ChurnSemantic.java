package kafkaload.internal.semantic.churn;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.CountedSemantic;
import kafkaload.internal.semantics.Semantic;

/**
 * Consumer churn under load ({@code churn} in a protocol's results): per group protocol, what each
 * step of the plan cost and the records never read. In a distributed run each injector churns
 * groups of its own: the merge lists every injector's rounds, each named after its injector (their
 * verdicts are the injectors' own requests).
 */
public final class ChurnSemantic extends CountedSemantic<ChurnFigures, ChurnCounters> {
  public static final SectionType<ChurnFigures> SECTION =
      new SectionType<>("churn", new TypeReference<>() {});

  public ChurnSemantic() {
    super(SECTION, ChurnCounters.class, ChurnCounters::figures);
  }

  /** The run's churn counters, made on first use. */
  static ChurnCounters counters(RunLedger ledger) {
    return ledger.semantic(ChurnCounters.class, ChurnCounters::new);
  }

  @Override
  public ChurnFigures merge(List<ProtocolResults> injectors, Semantic.Verdicts verdicts) {
    List<ChurnFigures> each = new ArrayList<>();
    injectors.forEach(p -> each.add(p.section(SECTION)));
    return merged(each);
  }

  @Override
  public List<String> mergedLines(ChurnFigures merged) {
    return ChurnConsole.lines(merged).stream().map(l -> "[kafkaload] " + l).toList();
  }

  /**
   * Every injector's rounds in injector order, each protocol named {@code "<protocol> (injector
   * n)"}, n counted from 1 over {@code each} (null where an injector ran none); the rest of the
   * first section's. Null when none ran one.
   */
  static ChurnFigures merged(List<ChurnFigures> each) {
    ChurnFigures first = each.stream().filter(Objects::nonNull).findFirst().orElse(null);
    if (first == null) {
      return null;
    }
    List<ChurnFigures.Round> rounds = new ArrayList<>();
    for (int i = 0; i < each.size(); i++) {
      if (each.get(i) == null) {
        continue;
      }
      for (ChurnFigures.Round r : each.get(i).rounds()) {
        rounds.add(r.withProtocol(r.protocol() + " (injector " + (i + 1) + ")"));
      }
    }
    return new ChurnFigures(
        first.request(),
        first.topic(),
        first.partitions(),
        first.consumers(),
        first.plan(),
        first.ratePerSec(),
        first.loadMs(),
        first.maxPauseMs(),
        first.maxReadTwicePct(),
        rounds);
  }
}
