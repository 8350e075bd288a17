package kafkaload.internal.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.internal.report.ProtocolAssembly;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ReconciliationResult.Partition;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.semantic.faultwatch.FaultImpact;
import kafkaload.internal.semantic.faultwatch.FaultWatchSemantic;
import kafkaload.internal.semantic.topics.TopicSpreadFigures;
import kafkaload.internal.semantic.topics.TopicSpreadSemantic;
import org.junit.jupiter.api.Test;

/**
 * A distributed run's semantics merged with the merge's one reconciliation: an injector leaves its
 * reconciliation to the merge, so its fault section has no lost or duplicated records and it has no
 * topic spread; the merged run has both, from the reconciliation over every injector's records.
 */
class MergedReconciliationSectionsTest {
  /** One injector's protocol of a run with a fault: its fault section, not reconciled. */
  private static ProtocolResults injector(long metadataPolls) {
    return ProtocolAssembly.of(
        null,
        new ProtocolResults.Sends(null, null, null, List.of(), null),
        new ProtocolAssembly.Latencies(Map.of(), Map.of(), Map.of()),
        null,
        new ProtocolResults.Consumers(null, null, null, null, null),
        null,
        null,
        List.of(),
        Map.of(
            FaultWatchSemantic.SECTION.name(),
            new FaultImpact(List.of(), null, null, 20, metadataPolls, 0, null)));
  }

  /** A read-back topic of one partition: {@code acked} acked, {@code found} found once. */
  private static Reconciled.TopicResult topic(String name, long acked, long found, long dups) {
    return new Reconciled.TopicResult(
        name,
        acked,
        found + dups,
        found,
        dups,
        List.of(new Partition(0, 0, found + dups, acked, acked * 5, found, dups, 0L)),
        null,
        0);
  }

  private static final Semantic.Verdicts NONE = (name, koReason) -> {};

  @Test
  void theMergedRunHasTheLostAndDuplicatedRecordsOfItsOneReconciliation() {
    List<Reconciled.TopicResult> topics = new ArrayList<>();
    topics.add(topic("orders-0", 1000, 993, 0)); // 7 lost
    topics.add(topic("orders-1", 1000, 1000, 4)); // 4 duplicates
    topics.add(topic("orders-2", 1000, 1000, 0));
    Reconciled.Result all = new Reconciled.Result("run-1", 0, null, topics);
    Semantics.Merged m = Semantics.merge(List.of(injector(10), injector(12)), all, NONE);

    FaultImpact fi = (FaultImpact) m.sections().get(FaultWatchSemantic.SECTION.name());
    assertEquals(7L, fi.lostPerRun(), fi.toString());
    assertEquals(4L, fi.duplicatesPerRun(), fi.toString());
    assertEquals(22, fi.metadataPolls(), "the injectors' own figures still merged");

    TopicSpreadFigures spread =
        (TopicSpreadFigures) m.sections().get(TopicSpreadSemantic.SECTION.name());
    assertEquals(3, spread.topics(), spread.toString());
    assertEquals(3000, spread.ackedOk());
    assertEquals(7, spread.faults().lost());
    assertEquals(4, spread.faults().duplicates());
    assertEquals("orders-0", spread.worst().get(0).topic(), "the most lost first");
  }

  @Test
  void withoutAReconciliationTheMergedRunHasNone() {
    Semantics.Merged m = Semantics.merge(List.of(injector(10), injector(12)), null, NONE);
    FaultImpact fi = (FaultImpact) m.sections().get(FaultWatchSemantic.SECTION.name());
    assertNull(fi.lostPerRun());
    assertNull(fi.duplicatesPerRun());
    assertNull(m.sections().get(TopicSpreadSemantic.SECTION.name()));
  }
}
