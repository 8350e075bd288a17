package kafkaload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run ledger's small parts: per-user sequences, the KO ledger and the per-partition ack counters. */
class RunLedgerTest {
  @Test
  void sequencesCountPerUserAndRestartAfterTheUserEnded() {
    RunLedger ledger = new RunLedger(null, null);
    assertEquals(0, ledger.nextSequence(1));
    assertEquals(1, ledger.nextSequence(1));
    assertEquals(0, ledger.nextSequence(2));
    assertEquals(2, ledger.nextSequence(1));
    ledger.userEnded(1);
    assertEquals(0, ledger.nextSequence(1));
    assertEquals(1, ledger.nextSequence(2), "another user's end leaves this one alone");
    assertNull(ledger.identity());
  }

  @Test
  void theReconciliationIsKeptWithWhetherItWasGated() {
    RunLedger ledger = new RunLedger(null, null);
    assertNull(ledger.reconciliation());
    Reconciled.Result r = new Reconciled.Result("r", 0, null, List.of());
    ledger.reconciliation(r, true);
    assertSame(r, ledger.reconciliation());
    assertTrue(ledger.reconciliationGated());
    ledger.reconciliation(r, false);
    assertFalse(ledger.reconciliationGated());
  }

  @Test
  void koLedgerKeepsIdentitiesAndIgnoresRecordsWithout() {
    KoLedger ko = new KoLedger();
    ko.add(3, 7);
    ko.add(1, -1);
    ko.add(1, Integer.MAX_VALUE + 1L);
    assertTrue(ko.contains(3, 7));
    assertFalse(ko.contains(3, 8));
    assertFalse(ko.contains(7, 3));
    assertFalse(ko.contains(1, -1));
    assertFalse(ko.contains(1, Integer.MAX_VALUE + 1L));
    assertFalse(ko.contains(2, 0), "(1, 2^31) would collide with (2, 0) had it been kept");
    ko.add(1, Integer.MAX_VALUE);
    assertTrue(ko.contains(1, Integer.MAX_VALUE));
    assertFalse(ko.contains(2, Integer.MAX_VALUE));
    assertTrue(ko.complete());
  }

  @Test
  void koLedgerPastItsCapacityIsIncomplete() {
    KoLedger ko = new KoLedger();
    for (int seq = 0; seq < KoLedger.CAPACITY; seq++) {
      ko.add(1, seq);
    }
    assertTrue(ko.complete(), "exactly at capacity nothing was dropped");
    ko.add(2, 0);
    assertFalse(ko.complete());
    assertFalse(ko.contains(2, 0));
    assertTrue(ko.contains(1, KoLedger.CAPACITY - 1));
  }

  @Test
  void partitionCountersSnapshotOneTopicSorted() {
    PartitionCounters c = new PartitionCounters();
    c.acked("t", 1, 10);
    c.acked("u", 3, 7);
    c.acked("t", 1, 20);
    c.acked("t", 0, 5);
    Map<Integer, PartitionCounters.Count> t = c.snapshot("t");
    assertEquals(Map.of(0, new PartitionCounters.Count(1, 5), 1, new PartitionCounters.Count(2, 30)), t);
    assertEquals(List.of(0, 1), List.copyOf(t.keySet()));
    assertEquals(Map.of(), c.snapshot("none"));
    assertEquals(List.of("t", "u"), List.copyOf(c.topics()));
    c.acked("t", 0, 1);
    assertEquals(new PartitionCounters.Count(1, 5), t.get(0), "a snapshot does not move");
  }
}
