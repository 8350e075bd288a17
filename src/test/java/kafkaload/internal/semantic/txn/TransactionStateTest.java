package kafkaload.internal.semantic.txn;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The broker's transaction state topic must get its replication, or transactions cannot run. */
class TransactionStateTest {

  @Test
  void aReplicationFactorAboveTheBrokersIsRefusedNamingTheSetting() {
    String m = TransactionPreflight.transactionStateRefusal(1, 3, 2).orElseThrow();
    assertTrue(
        m.startsWith("transaction.state.log.replication.factor=3 but the cluster has 1 broker(s)"),
        m);
    assertTrue(m.contains("__transaction_state"), m);
  }

  @Test
  void aMinIsrAboveTheReplicationOrTheBrokersIsRefused() {
    String m = TransactionPreflight.transactionStateRefusal(3, 2, 3).orElseThrow();
    assertTrue(
        m.startsWith(
            "transaction.state.log.min.isr=3 above transaction.state.log.replication.factor=2"),
        m);
    assertTrue(TransactionPreflight.transactionStateRefusal(3, 3, 2).isEmpty());
    assertEquals(Optional.empty(), TransactionPreflight.transactionStateRefusal(1, 1, 1));
  }
}
