package kafkaload.internal.semantic.share;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.Map;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;

/**
 * The broker's bounds on a share group's lock and delivery limit: defaults moved, user values
 * refused.
 */
class ShareGroupBoundsTest {
  /** Kafka 4.4's defaults. */
  private static final ShareGroupBounds STOCK =
      ShareGroupBounds.of(
          Map.of(
              "group.share.min.record.lock.duration.ms", "15000",
              "group.share.max.record.lock.duration.ms", "60000",
              "group.share.min.delivery.count.limit", "2",
              "group.share.max.delivery.count.limit", "10"));

  private static ShareConsumeSpec spec() {
    return ShareConsumeSpec.of("share", "t").withGroup("g");
  }

  @Test
  void aDefaultIsMovedInsideTheBounds() {
    ShareConsumeSpec s =
        STOCK.resolve(
            spec()
                .withGroupConfigDefault(ShareGroupBounds.LOCK, "2000")
                .withGroupConfigDefault(ShareGroupBounds.DELIVERY, "3"),
            "b:9092");
    assertEquals("15000", s.configs().groupConfig().get(ShareGroupBounds.LOCK));
    assertEquals("3", s.configs().groupConfig().get(ShareGroupBounds.DELIVERY));
    assertEquals("earliest", s.configs().groupConfig().get("share.auto.offset.reset"));
    ShareConsumeSpec high =
        STOCK.resolve(spec().withGroupConfigDefault(ShareGroupBounds.LOCK, "90000"), "b:9092");
    assertEquals("60000", high.configs().groupConfig().get(ShareGroupBounds.LOCK));
  }

  @Test
  void aValueTheUserSetWinsOverADefaultWhenInside() {
    ShareConsumeSpec s =
        STOCK.resolve(
            spec()
                .withGroupConfig(Map.of(ShareGroupBounds.LOCK, "20000"))
                .withGroupConfigDefault(ShareGroupBounds.LOCK, "2000"),
            "b:9092");
    assertEquals("20000", s.configs().groupConfig().get(ShareGroupBounds.LOCK));
  }

  @Test
  void aValueTheUserSetOutsideIsRefusedNamingItAndTheBounds() {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                STOCK.resolve(
                    spec().withGroupConfig(Map.of(ShareGroupBounds.LOCK, "2000")), "b:9092"));
    String m = e.getMessage();
    assertTrue(m.contains("share.record.lock.duration.ms=2000"), m);
    assertTrue(m.contains("group.share.min.record.lock.duration.ms=15000"), m);
    assertTrue(m.contains("group.share.max.record.lock.duration.ms=60000"), m);
    assertTrue(m.contains("'b:9092'"), m);
    String d =
        assertThrows(
                KafkaLoadConfigException.class,
                () ->
                    STOCK.resolve(
                        spec().withGroupConfig(Map.of(ShareGroupBounds.DELIVERY, "11")), "b:9092"))
            .getMessage();
    assertTrue(d.contains("share.delivery.count.limit=11"), d);
    assertTrue(d.contains("group.share.max.delivery.count.limit=10"), d);
  }

  @Test
  void aBrokerThatDoesNotSayBoundsNothing() {
    ShareConsumeSpec s =
        ShareGroupBounds.of(Map.of())
            .resolve(
                spec()
                    .withGroupConfig(Map.of(ShareGroupBounds.DELIVERY, "1"))
                    .withGroupConfigDefault(ShareGroupBounds.LOCK, "2000"),
                "b:9092");
    assertEquals("2000", s.configs().groupConfig().get(ShareGroupBounds.LOCK));
    assertEquals("1", s.configs().groupConfig().get(ShareGroupBounds.DELIVERY));
  }

  @Test
  void slowConsumersThatFollowTheLockTakeTheirTimeFromIt() {
    ShareConsumeSpec s = spec().withSlowConsumersOverLock(1, 1.5).withLock(15000);
    assertEquals(Duration.ofMillis(22500), s.processingOf(0));
    assertEquals(Duration.ZERO, s.processingOf(1));
    ShareConsumeSpec fixed =
        spec().withSlowConsumersOverLock(1, 1.5).withSlowConsumers(1, Duration.ofSeconds(3));
    assertEquals(Duration.ofSeconds(3), fixed.withLock(15000).processingOf(0));
  }
}
