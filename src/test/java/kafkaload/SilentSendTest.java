package kafkaload;

import static kafkaload.KafkaDsl.kafka;
import static org.junit.jupiter.api.Assertions.*;

import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/** silent(): kept through the other withers, refused where every result is the evidence. */
class SilentSendTest {
  private static KafkaSendActionBuilder warmUp() {
    return kafka("warm-up send").send("v").burst(4).silent();
  }

  private static String refused(Runnable r) {
    return assertThrows(KafkaLoadConfigException.class, r::run).getMessage();
  }

  @Test
  void silentIsKeptByTheOtherSettings() {
    assertFalse(kafka("send").send("v").spec().silent());
    assertTrue(warmUp().spec().silent());
    assertTrue(warmUp().fireAndForget().key("k").spec().silent());
    assertEquals(4, warmUp().spec().burst());
  }

  @Test
  void transactionsRequestRepliesAndCapacitySearchesRefuseIt() {
    String m = refused(() -> kafka("t").send("v").silent().transaction(3));
    assertEquals("'t': silent() applies to plain sends; a transaction reports every result", m);
    m = refused(() -> kafka("r").send("v").silent().replyOn("replies"));
    assertTrue(m.contains("'r': silent() applies to plain sends; a request-reply"), m);
    m = refused(() -> KafkaDsl.capacitySearch(kafka("c").send("v").silent()).asScala());
    assertTrue(m.contains("silent() does not apply"), m);
  }
}
