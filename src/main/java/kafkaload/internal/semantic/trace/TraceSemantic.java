package kafkaload.internal.semantic.trace;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import java.util.Objects;
import kafkaload.internal.protocol.KafkaProtocol;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * Trace context on records ({@code trace} in a protocol's results): the records sent with a W3C
 * {@code traceparent} and the slowest sampled outcomes with their trace ids, so a traced system
 * under test's spans can be found from the load's slowest records. A distributed run's merge sums
 * the counts and keeps the slowest of every injector's.
 */
public final class TraceSemantic extends CountedSemantic<TraceFigures, TraceCounters> {
  public static final SectionType<TraceFigures> SECTION =
      new SectionType<>("trace", new TypeReference<>() {});

  public TraceSemantic() {
    super(SECTION, TraceCounters.class, TraceCounters::figures);
  }

  @Override
  public void attach(RunLedger ledger) {
    KafkaProtocol protocol = ledger.settings(KafkaProtocol.class);
    double ratio = protocol == null ? 0 : protocol.traceSampleRatio();
    ledger.tap(ledger.semantic(TraceCounters.class, () -> new TraceCounters(ratio)));
  }

  @Override
  public TraceFigures merge(List<ProtocolResults> injectors, Verdicts verdicts) {
    return merge(injectors.stream().map(p -> p.section(SECTION)).toList());
  }

  /** The injectors' sections as one: counts summed, the slowest per request over all; or null. */
  static TraceFigures merge(List<TraceFigures> injectors) {
    List<TraceFigures> all = injectors.stream().filter(Objects::nonNull).toList();
    if (all.isEmpty()) {
      return null;
    }
    return new TraceFigures(
        all.stream().mapToLong(TraceFigures::sampled).sum(),
        all.stream().mapToLong(TraceFigures::traced).sum(),
        TraceFigures.slowestPerRequest(all.stream().flatMap(f -> f.slowest().stream())));
  }
}
