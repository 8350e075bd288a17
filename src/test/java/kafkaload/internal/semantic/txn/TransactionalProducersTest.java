package kafkaload.internal.semantic.txn;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/** Transactional ids and the producer settings transactions need, judged before any load. */
class TransactionalProducersTest {

  @Test
  void defaultIdsAreUniquePerRunAndInjector() {
    String a0 = TransactionalProducers.idPrefix(null, new InjectorShare(0, 2, "run-a"), "run-a");
    String a1 = TransactionalProducers.idPrefix(null, new InjectorShare(1, 2, "run-a"), "run-a");
    String b0 = TransactionalProducers.idPrefix(null, new InjectorShare(0, 2, "run-b"), "run-b");
    assertEquals("kafkaload-tx-run-a-i0", a0);
    assertNotEquals(a0, a1);
    assertNotEquals(a0, b0);
    // Without run identity: still a fresh prefix per run.
    assertNotEquals(
        TransactionalProducers.idPrefix(null, InjectorShare.SINGLE, null),
        TransactionalProducers.idPrefix(null, InjectorShare.SINGLE, null));
  }

  @Test
  void aUserPrefixSharedByInjectorsIsRefusedUnlessItNamesTheInjector() {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> TransactionalProducers.idPrefix("orders", new InjectorShare(1, 3, "r"), "r"));
    assertTrue(
        e.getMessage().contains("'orders' would be shared by the 3 injectors"), e.getMessage());
    assertTrue(e.getMessage().contains("{injector}"), e.getMessage());
    assertEquals(
        "orders-1",
        TransactionalProducers.idPrefix("orders-{injector}", new InjectorShare(1, 3, "r"), "r"));
    assertEquals("orders", TransactionalProducers.idPrefix("orders", InjectorShare.SINGLE, null));
  }

  @Test
  void idempotenceOffOrAcksOtherThanAllAreRefusedNamingTheSetting() {
    String off =
        assertThrows(
                KafkaLoadConfigException.class,
                () ->
                    TransactionalProducers.checkProperties(
                        "t", Map.of("enable.idempotence", "false", "acks", "all")))
            .getMessage();
    assertTrue(off.contains("'t' is transactional but enable.idempotence=false"), off);
    String acks =
        assertThrows(
                KafkaLoadConfigException.class,
                () -> TransactionalProducers.checkProperties("t", Map.of("acks", "1")))
            .getMessage();
    assertTrue(acks.contains("acks=1: transactions need acks=all"), acks);
    TransactionalProducers.checkProperties("t", Map.of("acks", "all"));
    TransactionalProducers.checkProperties("t", Map.of("acks", "-1", "enable.idempotence", "true"));
    TransactionalProducers.checkProperties("t", Map.of());
    // The rest is judged by Kafka's ProducerConfig as a transactional producer.
    String inFlight =
        assertThrows(
                KafkaLoadConfigException.class,
                () ->
                    TransactionalProducers.checkProperties(
                        "t", Map.of("acks", "all", "max.in.flight.requests.per.connection", "6")))
            .getMessage();
    assertTrue(inFlight.contains("its producer settings are not"), inFlight);
  }
}
