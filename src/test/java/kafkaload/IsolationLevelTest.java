package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.protocol.KafkaProtocol;
import org.apache.kafka.common.IsolationLevel;
import org.junit.jupiter.api.Test;

/**
 * isolation.level in the DSL: Kafka's default unless set, the builder's value, -Disolation.level
 * winning over it, the lag monitor following the protocol unless it has its own, and every bad
 * value refused with a message naming where it was set, before a broker is touched.
 */
class IsolationLevelTest {
  private static final Params NONE = Params.of(Map.of(), Map.of());

  private static Params d(String value) {
    return Params.of(Map.of("isolation.level", value), Map.of());
  }

  @Test
  void kafkasDefaultTheBuildersValueAndTheParameterWinning() {
    KafkaProtocolBuilder base = new KafkaProtocolBuilder().params(NONE).topic("t");
    assertEquals(IsolationLevel.READ_UNCOMMITTED, base.resolved().isolationLevel());
    KafkaProtocolBuilder committed = base.isolationLevel("READ_COMMITTED");
    assertEquals(IsolationLevel.READ_COMMITTED, committed.resolved().isolationLevel());
    assertEquals(
        IsolationLevel.READ_UNCOMMITTED,
        base.resolved().isolationLevel(),
        "the builder is immutable: the original is as it was");
    KafkaProtocol overridden = committed.params(d("read_uncommitted")).resolved();
    assertEquals(IsolationLevel.READ_UNCOMMITTED, overridden.isolationLevel());
    assertEquals("read_uncommitted", d("read_uncommitted").string("isolation.level", null));
  }

  @Test
  void theLagMonitorFollowsTheProtocolUnlessItHasItsOwn() {
    KafkaProtocolBuilder b =
        new KafkaProtocolBuilder().params(NONE).isolationLevel("read_committed");
    assertEquals(
        IsolationLevel.READ_COMMITTED, b.lagMonitor(500, "g").resolved().lagIsolationLevel());
    KafkaProtocol own = b.lagIsolationLevel("read_uncommitted").lagMonitor(500, "g").resolved();
    assertEquals(
        IsolationLevel.READ_UNCOMMITTED,
        own.lagIsolationLevel(),
        "set before lagMonitor(..), kept by it");
    assertEquals(IsolationLevel.READ_COMMITTED, own.isolationLevel());
  }

  @Test
  void aBadValueIsRefusedNamingWhereItWasSet() {
    KafkaLoadConfigException param =
        assertThrows(
            KafkaLoadConfigException.class,
            () -> new KafkaProtocolBuilder().params(d("committed")).protocol());
    assertEquals(
        "-Disolation.level: isolation.level 'committed' is not one of Kafka's values, "
            + "read_committed or read_uncommitted",
        param.getMessage());
    assertTrue(
        assertThrows(
                KafkaLoadConfigException.class,
                () -> new KafkaProtocolBuilder().isolationLevel("read-committed"))
            .getMessage()
            .startsWith("isolationLevel: isolation.level 'read-committed'"));
    assertTrue(
        assertThrows(
                KafkaLoadConfigException.class,
                () -> new KafkaProtocolBuilder().lagIsolationLevel(null))
            .getMessage()
            .startsWith("lagIsolationLevel: isolation.level 'null'"));
    assertTrue(
        assertThrows(
                KafkaLoadConfigException.class,
                () -> KafkaDsl.kafka("in").consume("t").isolationLevel("all"))
            .getMessage()
            .startsWith("consume 'in': isolation.level 'all'"));
    assertTrue(
        assertThrows(
                KafkaLoadConfigException.class,
                () -> KafkaDsl.kafka("rr").send("v").replyOn("r").isolationLevel(""))
            .getMessage()
            .startsWith("'rr' (request-reply): isolation.level ''"));
    assertTrue(
        assertThrows(
                KafkaLoadConfigException.class,
                () -> KafkaDsl.kafka("d").drain("t").property("isolation.level", "x"))
            .getMessage()
            .startsWith("drain 'd': isolation.level 'x'"),
        "the drain's property(..) is judged as its isolationLevel(..) is");
  }
}
