package kafkaload.internal.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.results.ReconciliationResult.ReadBack;
import kafkaload.internal.run.KoLedger;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The read-back's counting, and its memory: per record a bit or so, never an object per virtual
 * user.
 */
class ReadStateTest {
  private static final TopicPartition P0 = new TopicPartition("t", 0);
  private static final TopicPartition P1 = new TopicPartition("t", 1);

  @Test
  void duplicatesGapsReorderingAndKosAreCounted() {
    KoLedger ko = new KoLedger();
    ko.add(4);
    RecordReadBack.ReadState s = new RecordReadBack.ReadState(ko, new KoLedger(), 100, List.of(0L));
    s.accept(P0, 1, 0);
    s.accept(P0, 2, 1);
    s.accept(P0, 1, 3);
    s.accept(P0, 1, 2); // user 1's sequence fell within partition 0: reordered
    s.accept(
        P1, 1, 0); // a copy of record 0 on another partition: a duplicate, and user 1's first on P1
    s.accept(P1, 2, 4); // a KO'd send that reached the topic anyway
    s.accept(P1, 2, 7); // 5 and 6 were never read: gaps
    s.complete = true;
    ReadBack rb = s.summary(IsolationLevel.READ_COMMITTED);
    assertEquals(7, rb.counts().matched());
    assertEquals(6, rb.counts().distinct());
    assertEquals(1, rb.counts().duplicates());
    assertEquals(1, rb.reordering().reordered());
    assertEquals(2, rb.counts().gaps());
    assertEquals(1, rb.counts().koInTopic());
    assertEquals(1L, s.duplicatesBy.get(P1));
    assertEquals(1L, s.reorderedBy.get(P0));
    assertEquals(
        5L, s.distinctBy.get("t") - s.koInTopicBy.get("t"), "delivered: distinct minus KO'd");
    assertEquals(0, rb.reordering().reorderWindowEvicted());
  }

  @Test
  void gapsAreCountedInEachInjectorsOwnSequenceSpace() {
    long second = 1L << InjectorShare.SEQUENCE_BITS;
    long third = 2 * second;
    RecordReadBack.ReadState s =
        new RecordReadBack.ReadState(
            new KoLedger(), new KoLedger(), 100, List.of(0L, second, third));
    s.accept(P0, 0, 0);
    s.accept(P0, 0, 2); // injector 0: 1 missing
    s.accept(P0, 1, second);
    s.accept(P0, 1, second + 1); // injector 1: none missing
    s.accept(P1, 2, third + 3); // injector 2: 0, 1 and 2 missing
    s.accept(
        P1, 5,
        third); // injector 2's user interleaved with the others': no reordering across injectors
    s.complete = true;
    ReadBack rb = s.summary(IsolationLevel.READ_COMMITTED);
    assertEquals(6, rb.counts().distinct());
    assertEquals(
        3,
        rb.counts().gaps(),
        "1 in injector 0's space, 2 in injector 2's; never the distance between spaces");
    assertEquals(0, rb.counts().duplicates());
  }

  @Test
  void recordsFoundAreCountedPerInjectorOnceEach() {
    long second = 1L << InjectorShare.SEQUENCE_BITS;
    long third = 2 * second;
    RecordReadBack.ReadState s =
        new RecordReadBack.ReadState(
            new KoLedger(), new KoLedger(), 100, List.of(0L, second, third));
    s.accept(P0, 0, 0);
    s.accept(P0, 0, 1);
    s.accept(P1, 0, 1); // a duplicate: found once
    s.accept(P0, 1, second + 7);
    s.accept(P1, 2, third - 1); // the top of injector 1's space
    s.complete = true;
    ReadBack rb = s.summary(IsolationLevel.READ_COMMITTED);
    assertEquals(Map.of(0, 2L, 1, 2L, 2, 0L), rb.found().foundByInjector());
    assertEquals(
        rb.counts().distinct(),
        rb.found().foundByInjector().values().stream().mapToLong(Long::longValue).sum());
    assertEquals(1, rb.counts().duplicates());
    assertEquals("read_committed", rb.isolationLevel());
  }

  @Test
  void recordsOfAnInjectorThatReportedNothingAreFoundButNeverDelivered() {
    long second = 1L << InjectorShare.SEQUENCE_BITS;
    RecordReadBack.ReadState s =
        new RecordReadBack.ReadState(new KoLedger(), new KoLedger(), 100, List.of(0L, second));
    s.unreported(second);
    s.accept(P0, 0, 0);
    s.accept(P0, 0, 1);
    s.accept(P0, 1, second);
    s.accept(P1, 1, second + 1);
    s.accept(P1, 1, second + 1); // a duplicate of the dead injector's record: still a duplicate
    s.complete = true;
    ReadBack rb = s.summary(IsolationLevel.READ_COMMITTED);
    assertEquals(Map.of(0, 2L, 1, 2L), rb.found().foundByInjector());
    assertEquals(List.of(1), rb.found().unreportedInjectors());
    assertEquals(2, rb.found().foundUnreported());
    assertEquals(4, rb.counts().distinct(), "every record of the run in the topic");
    assertEquals(
        2L, s.distinctBy.get(P0.topic()), "delivered counts only records some injector acked");
    assertEquals(1, rb.counts().duplicates());
  }

  @Test
  void theReorderWindowKeepsItsBoundAndSaysWhatItLetGo() {
    RecordReadBack.ReadState s =
        new RecordReadBack.ReadState(new KoLedger(), new KoLedger(), 3, List.of(0L));
    for (long user = 0; user < 10; user++) {
      s.accept(P0, user, user);
    }
    assertEquals(3, s.lastSeq.size());
    assertEquals(7, s.summary(IsolationLevel.READ_COMMITTED).reordering().reorderWindowEvicted());
    s.accept(P0, 9, 8); // user 9 is still in the window: its fall is seen
    assertEquals(1, s.summary(IsolationLevel.READ_COMMITTED).reordering().reordered());
  }

  /**
   * The open model: every record its own user. 2 million records must cost a few hundred kilobytes
   * of sequence bitmap (the old per-user BitSet cost an object per user), and the reorder window no
   * more than its bound.
   */
  @Test
  void twoMillionOneRecordUsersTakeAboutABitEach() {
    RecordReadBack.ReadState s =
        new RecordReadBack.ReadState(
            new KoLedger(), new KoLedger(), RecordReadBack.REORDER_WINDOW, List.of(0L));
    int n = 2_000_000;
    for (long seq = 0; seq < n; seq++) {
      s.accept(seq % 2 == 0 ? P0 : P1, seq, seq);
    }
    ReadBack rb = s.summary(IsolationLevel.READ_COMMITTED);
    assertEquals(n, rb.counts().distinct());
    assertEquals(0, rb.counts().gaps());
    assertEquals(0, rb.counts().duplicates());
    assertTrue(
        s.seen.getLongSizeInBytes() < n / 8 * 1.1,
        s.seen.getLongSizeInBytes() + " bytes for " + n + " sequence numbers");
    assertEquals(RecordReadBack.REORDER_WINDOW, s.lastSeq.size());
  }
}
