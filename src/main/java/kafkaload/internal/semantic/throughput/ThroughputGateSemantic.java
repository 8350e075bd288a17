package kafkaload.internal.semantic.throughput;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.SectionType;
import kafkaload.internal.semantics.CountedSemantic;

/**
 * The throughput gate's part of a run, through the semantic seam: its verdicts with their windows
 * ({@code throughputGates} in a protocol's results), the merge's verdict over every injector's acks
 * (an injector leaves it to the merge), the merged run's console lines and its note beside the
 * gates on the Kafka page.
 */
public final class ThroughputGateSemantic
    extends CountedSemantic<List<ThroughputGate>, ThroughputGates> {
  public static final SectionType<List<ThroughputGate>> SECTION =
      new SectionType<>("throughputGates", new TypeReference<>() {});

  public ThroughputGateSemantic() {
    super(SECTION, ThroughputGates.class, ThroughputGates::all);
  }

  /**
   * Each gate an injector left to the merge, judged once over all of them: the request's records
   * added up over the first ack of any injector to the last of any, written as the verdict's
   * request of the merged log.
   */
  @Override
  public List<ThroughputGate> merge(List<ProtocolResults> injectors, Verdicts verdicts) {
    Map<String, ThroughputGate> asked = new LinkedHashMap<>();
    injectors.stream()
        .map(p -> p.section(SECTION))
        .filter(Objects::nonNull)
        .flatMap(List::stream)
        .forEach(g -> asked.putIfAbsent(g.gate(), g));
    if (asked.isEmpty()) {
      return null;
    }
    List<ThroughputGate> out = new ArrayList<>();
    for (ThroughputGate g : asked.values()) {
      ThroughputGate merged =
          ThroughputVerdict.judge(
              g.request(),
              g.minMsgsPerSec(),
              ThroughputVerdict.union(
                  injectors.stream().map(p -> ownAcks(p, g.request())).toList()),
              ThroughputVerdict.mergedWindow(injectors.size()));
      verdicts.request(merged.gate(), merged.passed() ? null : merged.verdict());
      out.add(merged);
    }
    return out;
  }

  private static kafkaload.internal.results.Throughput.RequestThroughput ownAcks(
      ProtocolResults p, String request) {
    return p.sends().throughput() == null || p.sends().throughput().byRequest() == null
        ? null
        : p.sends().throughput().byRequest().get(request);
  }

  @Override
  public List<String> mergedLines(List<ThroughputGate> merged) {
    return merged.stream().map(ThroughputVerdictAction::line).toList();
  }
}
