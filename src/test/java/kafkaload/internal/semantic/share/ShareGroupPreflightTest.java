package kafkaload.internal.semantic.share;

import static org.junit.jupiter.api.Assertions.*;

import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.SupportedVersionRange;
import org.apache.kafka.server.common.MetadataVersion;
import org.junit.jupiter.api.Test;

/** How the cluster's features are read: share groups on, off, or unknown to the broker. */
class ShareGroupPreflightTest {
  private static FinalizedVersionRange finalized(int level) {
    return new FinalizedVersionRange((short) level, (short) level);
  }

  @Test
  void aFinalizedShareVersionIsShareGroups() {
    assertNull(
        ShareGroupPreflight.problem(finalized(1), new SupportedVersionRange((short) 0, (short) 1)));
    assertNull(
        ShareGroupPreflight.problem(finalized(2), new SupportedVersionRange((short) 0, (short) 2)));
  }

  @Test
  void aSupportedButDisabledFeatureNamesTheCommandThatEnablesIt() {
    String p = ShareGroupPreflight.problem(null, new SupportedVersionRange((short) 0, (short) 1));
    assertTrue(p.contains("the feature share.version is not enabled"), p);
    assertTrue(p.contains("upgrade --feature share.version=1"), p);
    String zero =
        ShareGroupPreflight.problem(finalized(0), new SupportedVersionRange((short) 0, (short) 2));
    assertTrue(zero.contains("is at level 0"), zero);
  }

  @Test
  void aBrokerThatDoesNotKnowTheFeatureIsToldToUpgrade() {
    String p = ShareGroupPreflight.problem(null, null);
    assertTrue(p.contains("does not know the feature share.version"), p);
    assertTrue(p.contains("Kafka 4.2 or later"), p);
  }

  @Test
  void theBrokerVersionIsItsMetadataVersionRelease() {
    MetadataVersion v39 = MetadataVersion.IBP_3_9_IV0;
    assertEquals(
        "metadata.version 3.9-IV0",
        ShareGroupPreflight.brokerVersion(finalized(v39.featureLevel())));
    assertEquals("metadata.version level 999", ShareGroupPreflight.brokerVersion(finalized(999)));
    assertEquals("metadata.version unknown", ShareGroupPreflight.brokerVersion(null));
  }

  @Test
  void aStateTopicFactorAboveTheBrokersIsRefusedNamingTheBrokerSetting() {
    String p = ShareGroupPreflight.stateTopicRefusal(1, 3).orElseThrow();
    assertEquals(
        "the broker setting share.coordinator.state.topic.replication.factor=3 is above the"
            + " cluster's 1 broker(s), so the share-group state topic __share_group_state cannot"
            + " be created and no share consumer would acquire a record. Set"
            + " share.coordinator.state.topic.replication.factor=1 on the broker(s), or add"
            + " brokers",
        p);
    assertTrue(ShareGroupPreflight.stateTopicRefusal(1, 1).isEmpty());
    assertTrue(ShareGroupPreflight.stateTopicRefusal(3, 3).isEmpty());
  }
}
