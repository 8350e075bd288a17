package kafkaload.internal.semantic.traffic;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * The traffic sent ({@code traffic} in a protocol's results): the top keys' shares, the sizes'
 * percentiles, the producer's batch fill and compression. Watches every record of every run (its
 * counters are a tap of the ledger). A distributed run's merge sums the injectors' ({@link
 * TrafficMerge}).
 */
public final class TrafficSemantic extends CountedSemantic<TrafficFigures, TrafficCounters> {
  public static final SectionType<TrafficFigures> SECTION =
      new SectionType<>("traffic", new TypeReference<>() {});

  public TrafficSemantic() {
    super(SECTION, TrafficCounters.class, TrafficCounters::figures);
  }

  @Override
  public void attach(RunLedger ledger) {
    ledger.tap(ledger.semantic(TrafficCounters.class, TrafficCounters::new));
  }

  @Override
  public TrafficFigures merge(List<ProtocolResults> injectors, Verdicts verdicts) {
    return TrafficMerge.of(injectors.stream().map(p -> p.section(SECTION)).toList());
  }
}
