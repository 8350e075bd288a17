package kafkaload;

import static kafkaload.KafkaDsl.kafka;
import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/** The share-consume builder refuses bad input by name, before any load. */
class ShareConsumeActionBuilderTest {
  private static ShareConsumeActionBuilder work() {
    return kafka("work").shareConsume("orders");
  }

  private static String refused(Runnable r) {
    return assertThrows(KafkaLoadConfigException.class, r::run).getMessage();
  }

  @Test
  void badSettingsAreRefusedByName() {
    assertTrue(refused(() -> work().consumers(0)).contains("consumers(0) must be >= 1"));
    assertTrue(
        refused(() -> work().acknowledgement("auto"))
            .contains("share.acknowledgement.mode is explicit or implicit, not 'auto'"));
    assertTrue(refused(() -> work().releaseProbability(1.5)).contains("within 0 and 1"));
    assertTrue(refused(() -> work().during(Duration.ZERO)).contains("during(..) must be > 0"));
    assertTrue(refused(() -> kafka("work").shareConsume(" ")).contains("the topic is empty"));
  }

  @Test
  void consumerGroupSettingsAreRefusedWithTheGroupConfigToUse() {
    String m = refused(() -> work().property("auto.offset.reset", "earliest"));
    assertTrue(m.contains("consumer-group setting that a share consumer refuses"), m);
    assertTrue(m.contains("share.auto.offset.reset"), m);
  }

  @Test
  void implicitAcknowledgementCannotReleaseOrReject() {
    String m = refused(() -> work().acknowledgement("implicit").releaseProbability(0.1).asScala());
    assertTrue(m.contains("need acknowledgement(\"explicit\")"), m);
    // implicit alone is fine up to the protocol lookup (which needs a running scenario)
    assertNotNull(work().acknowledgement("implicit").asScala());
  }

  @Test
  void lockRenewalIsOffByDefaultAndNeedsExplicitAcknowledgement() {
    assertFalse(work().spec().requests().renewLocks(), "the default: locks are never renewed");
    assertTrue(work().renewLocks(true).spec().requests().renewLocks());
    String m = refused(() -> work().acknowledgement("implicit").renewLocks(true).asScala());
    assertTrue(m.contains("renewLocks(true)") && m.contains("acknowledgement(\"explicit\")"), m);
  }

  @Test
  void oneRequestPerAcceptedRecordUnlessPerPollIsAsked() {
    ShareConsumeActionBuilder base = work();
    assertFalse(
        base.spec().requests().requestPerPoll(), "the default: a request per accepted record");
    ShareConsumeActionBuilder perPoll = base.requestPerPoll(true);
    assertTrue(perPoll.spec().requests().requestPerPoll());
    assertFalse(base.spec().requests().requestPerPoll(), "builders are immutable");
    assertFalse(perPoll.requestPerPoll(false).spec().requests().requestPerPoll());
    // kept through the other settings
    assertTrue(perPoll.consumers(3).acknowledgement("implicit").spec().requests().requestPerPoll());
  }

  @Test
  void acknowledgementsAreCommittedAfterEachPollUnlessTheyGoWithTheNext() {
    assertTrue(work().spec().requests().commitSync(), "the default: commitSync after each poll");
    ShareConsumeActionBuilder withPoll = work().commitSync(false);
    assertFalse(withPoll.spec().requests().commitSync());
    assertFalse(withPoll.requestPerPoll(true).group("g").spec().requests().commitSync());
    assertTrue(withPoll.commitSync(true).spec().requests().commitSync());
  }
}
