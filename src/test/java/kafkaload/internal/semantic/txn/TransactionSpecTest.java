package kafkaload.internal.semantic.txn;

import static org.junit.jupiter.api.Assertions.*;

import kafkaload.internal.action.SendSpec;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Bytes;
import kafkaload.internal.payload.SessionValue;
import org.junit.jupiter.api.Test;

/** What a transactional send accepts, refused before any load with a message naming the problem. */
class TransactionSpecTest {
  private static final SendSpec SEND = SendSpec.of("order txn", Bytes.constant(new byte[] {1}));

  private static String refusal(Runnable r) {
    return assertThrows(KafkaLoadConfigException.class, r::run).getMessage();
  }

  @Test
  void aFireAndForgetSendCannotBeTransactional() {
    String m = refusal(() -> TransactionSpec.of(SEND.withFireAndForget(true), 10));
    assertTrue(m.contains("'order txn'.transaction(10)"), m);
    assertTrue(m.contains("fire-and-forget"), m);
  }

  @Test
  void aBurstInsideATransactionIsRefusedPointingToTheTransactionSize() {
    String m = refusal(() -> TransactionSpec.of(SEND.withBurst(5), 10));
    assertTrue(m.contains("burst(5) inside a transaction"), m);
    assertTrue(m.contains("transaction(5)"), m);
    assertEquals(10, TransactionSpec.of(SEND.withBurst(1), 10).records(), "burst(1) is no burst");
  }

  @Test
  void sizesAndAbortSettingsOutOfRangeAreRefused() {
    assertTrue(refusal(() -> TransactionSpec.of(SEND, 0)).contains("at least 1 record"));
    TransactionSpec t = TransactionSpec.of(SEND, 3);
    assertTrue(refusal(() -> t.withAbortEvery(0)).contains("abortEvery(0)"));
    assertTrue(refusal(() -> t.withAbortProbability(1.5)).contains("abortProbability(1.5)"));
    assertTrue(refusal(() -> t.withAbortProbability(Double.NaN)).contains("from 0 to 1"));
  }

  @Test
  void abortsComeEveryKthTransactionWithCertaintyAtProbabilityOneOrWhenTheSessionSays() {
    TransactionSpec every3 = TransactionSpec.of(SEND, 3).withAbortEvery(3);
    StringBuilder pattern = new StringBuilder();
    for (long n = 1; n <= 6; n++) {
      pattern.append(every3.abortWanted(n, null) ? 'A' : 'C');
    }
    assertEquals("CCACCA", pattern.toString());
    TransactionSpec never = TransactionSpec.of(SEND, 3);
    assertFalse(never.abortWanted(3, null));
    assertTrue(TransactionSpec.of(SEND, 3).withAbortProbability(1).abortWanted(1, null));
    assertFalse(TransactionSpec.of(SEND, 3).withAbortProbability(0).abortWanted(1, null));
    assertTrue(
        TransactionSpec.of(SEND, 3).withAbortIf(SessionValue.constant(true)).abortWanted(1, null));
    assertFalse(
        TransactionSpec.of(SEND, 3).withAbortIf(SessionValue.constant(false)).abortWanted(1, null));
  }
}
