package kafkaload.internal.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.results.ReconciliationResult.TopicChange;
import org.junit.jupiter.api.Test;

/**
 * The run ledger's small parts: the run-wide sequence, the KO ledger, topic changes and the
 * per-partition ack counters.
 */
class RunLedgerTest {
  @Test
  void sequencesAreRunWideWhateverTheUser() {
    RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
    assertEquals(0, ledger.nextSequence());
    assertEquals(1, ledger.nextSequence());
    assertEquals(2, ledger.nextSequence());
    assertEquals(3, ledger.sequencesIssued());
    assertNull(ledger.identity());
  }

  @Test
  void theSummaryLineGivesTheMeasuredLoadsCpuBesideTheWholeProcesss() {
    RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
    String plain = ledger.summaryLine(null);
    assertTrue(plain.matches(".*injector CPU so far: [\\d.,]+ s$"), plain);
    kafkaload.internal.results.LoadCpu cpu =
        kafkaload.internal.results.LoadCpu.between(
            new kafkaload.internal.results.LoadCpu.Reading(2, 3.25, 0),
            new kafkaload.internal.results.LoadCpu.Reading(12, 13.25, 400_000),
            kafkaload.internal.results.LoadCpu.FIRST_MEASURED_REQUEST,
            true);
    String line = ledger.summaryLine(cpu);
    assertTrue(
        line.contains(
            " (during the measured load: 10.0 s for 400000 acked records, 25.0 µs per message;"
                + " before it: 3.3 s; the embedded broker in this JVM counts too)"),
        line);
    // What the benchmark scripts read from the line is unchanged.
    assertTrue(line.matches(".*injector CPU so far: [\\d.,]+ s \\(during.*"), line);
  }

  @Test
  void theReconciliationIsKeptWithWhetherItWasGated() {
    RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
    assertNull(ledger.reconciliation());
    Reconciled.Result r = new Reconciled.Result("r", 0, null, List.of());
    ledger.reconciliation(r, true);
    assertSame(r, ledger.reconciliation());
    assertTrue(ledger.reconciliationGated());
    ledger.reconciliation(r, false);
    assertFalse(ledger.reconciliationGated());
  }

  @Test
  void koLedgerKeepsSequencesAndIgnoresRecordsWithout() {
    KoLedger ko = new KoLedger();
    ko.add(7);
    ko.add(-1);
    ko.add(1L << 40);
    assertTrue(ko.contains(7));
    assertFalse(ko.contains(8));
    assertFalse(ko.contains(-1));
    assertTrue(ko.contains(1L << 40), "no 32-bit limit: a soak can hand out billions");
    assertEquals(2, ko.size());
  }

  @Test
  void aMillionKosInARowTakeUnderAMegabyte() {
    KoLedger ko = new KoLedger();
    for (long seq = 5_000_000; seq < 6_000_000; seq++) {
      ko.add(seq);
    }
    assertEquals(1_000_000, ko.size());
    assertTrue(ko.contains(5_999_999));
    assertFalse(ko.contains(6_000_000));
    assertTrue(ko.sizeInBytes() < 1_000_000, ko.sizeInBytes() + " bytes");
  }

  @Test
  void topicChangesAndLastSeenAreKept() {
    RunLedger ledger = new RunLedger(null, null, InjectorShare.SINGLE);
    TopicOffsets base = new TopicOffsets("id-1", Map.of(0, 5L), 1_000);
    assertEquals(
        1_000, ledger.topicLastSeen("t", base), "the baseline's time until the watch saw it");
    ledger.topicSeen("t", 6_000);
    assertEquals(6_000, ledger.topicLastSeen("t", base));
    TopicChange c = TopicChange.of("t", base.endOffsets().size(), Optional.empty(), 6_000, 11_000);
    ledger.topicChanged(c);
    assertEquals(Map.of("t", c), ledger.topicChanges());
    assertEquals(TopicChange.DELETED, c.change());
    assertEquals(1, c.partitionsBefore());
    assertEquals(0, c.partitionsAfter());
  }

  @Test
  void partitionCountersSnapshotOneTopicSorted() {
    PartitionCounters c = new PartitionCounters();
    c.acked("t", 1, 10);
    c.acked("u", 3, 7);
    c.acked("t", 1, 20);
    c.acked("t", 0, 5);
    Map<Integer, PartitionCounters.Count> t = c.snapshot("t");
    assertEquals(
        Map.of(0, new PartitionCounters.Count(1, 5), 1, new PartitionCounters.Count(2, 30)), t);
    assertEquals(List.of(0, 1), List.copyOf(t.keySet()));
    assertEquals(Map.of(), c.snapshot("none"));
    assertEquals(List.of("t", "u"), List.copyOf(c.topics()));
    c.acked("t", 0, 1);
    assertEquals(new PartitionCounters.Count(1, 5), t.get(0), "a snapshot does not move");
  }

  @Test
  void partitionsArriveInAnyOrderAndMergedCountsAdd() {
    PartitionCounters c = new PartitionCounters();
    c.acked("t", 5, 10);
    c.acked("t", 2, 4);
    c.add("t", 5, 3, 30);
    c.acked("t", 0, 1);
    assertEquals(
        Map.of(
            0, new PartitionCounters.Count(1, 1),
            2, new PartitionCounters.Count(1, 4),
            5, new PartitionCounters.Count(4, 40)),
        c.snapshot("t"),
        "no partition lost when a higher one grew the topic's array first");
  }
}
