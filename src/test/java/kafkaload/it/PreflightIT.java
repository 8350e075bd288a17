package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Preflight against the real embedded broker: each failure is one line naming the problem, in
 * bounded time.
 */
class PreflightIT {
  private static final long TIMEOUT_MS = 5_000;

  @Test
  void unreachableBootstrapFailsWithinTheTimeoutNamingTheAddress() {
    long t0 = System.nanoTime();
    try (Admin admin = new Connection("127.0.0.1:1", Map.of(), TIMEOUT_MS).admin()) {
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () ->
                  Preflight.checkBootstrap(
                      admin, new Connection("127.0.0.1:1", Map.of(), TIMEOUT_MS)));
      assertTrue(
          e.getMessage().contains("'127.0.0.1:1' did not answer within 5.0 s"), e.getMessage());
    }
    // At the timeout: not before it, and not at a client default (request.timeout.ms 30 s) either;
    // the margin is one a loaded 2-core machine keeps.
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(ms >= TIMEOUT_MS - 10 && ms < TIMEOUT_MS + 20_000, "bounded: took " + ms + " ms");
  }

  @Test
  void missingTopicFailsUnlessCreationIsAsked() throws Exception {
    String topic = uniqueTopic("missing");
    try (Admin admin = new Connection(bootstrap(), Map.of(), TIMEOUT_MS).admin()) {
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () -> Preflight.checkTopic(admin, topic, TopicPlan.DEFAULT, TIMEOUT_MS));
      assertTrue(e.getMessage().contains("Topic '" + topic + "' does not exist"), e.getMessage());

      TopicPlan create = new TopicPlan(true, 6, (short) 1, 1, false, TIMEOUT_MS, 0);
      assertEquals(6, Preflight.checkTopic(admin, topic, create, TIMEOUT_MS));
    }
    assertEquals(0, endOffsetSum(topic));
  }

  @Test
  void tooFewPartitionsWarnsByDefaultAndFailsWhenStrict() throws Exception {
    String topic = uniqueTopic("narrow");
    createTopic(topic, 3);
    try (Admin admin = new Connection(bootstrap(), Map.of(), TIMEOUT_MS).admin()) {
      TopicPlan lenient = new TopicPlan(false, 16, (short) 1, 15, false, TIMEOUT_MS, 0);
      var logger = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger(Preflight.class);
      var seen =
          new ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent>();
      seen.start();
      logger.addAppender(seen);
      try {
        assertEquals(3, Preflight.checkTopic(admin, topic, lenient, TIMEOUT_MS));
      } finally {
        logger.detachAppender(seen);
      }
      assertTrue(
          seen.list.stream()
              .anyMatch(
                  e ->
                      e.getLevel() == ch.qos.logback.classic.Level.WARN
                          && e.getFormattedMessage()
                              .contains("has 3 partitions for 15 concurrent producers")),
          seen.list.toString());

      TopicPlan strict = new TopicPlan(false, 16, (short) 1, 15, true, TIMEOUT_MS, 0);
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () -> Preflight.checkTopic(admin, topic, strict, TIMEOUT_MS));
      assertTrue(
          e.getMessage().contains("has 3 partitions for 15 concurrent producers"), e.getMessage());
    }
  }

  @Test
  void batchesLargerThanTheTopicAcceptsAreNamedBeforeLoad() throws Exception {
    String topic = uniqueTopic("small-batches");
    createTopic(new NewTopic(topic, 1, (short) 1).configs(Map.of("max.message.bytes", "1024")));
    try (Admin admin = new Connection(bootstrap(), Map.of(), TIMEOUT_MS).admin()) {
      String warning = Preflight.checkBatchFits(admin, topic, Map.of(), TIMEOUT_MS).orElseThrow();
      assertTrue(
          warning.startsWith(
              "batch.size=16384 is larger than topic '" + topic + "' max.message.bytes=1024"),
          warning);
      assertTrue(
          Preflight.checkBatchFits(admin, topic, Map.of("batch.size", "1024"), TIMEOUT_MS)
              .isEmpty());
    }
  }

  @Test
  void illegalTopicNameIsRejected() {
    try (Admin admin = new Connection(bootstrap(), Map.of(), TIMEOUT_MS).admin()) {
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () -> Preflight.checkTopic(admin, "bad topic!", TopicPlan.DEFAULT, TIMEOUT_MS));
      assertTrue(e.getMessage().contains("Invalid topic name 'bad topic!'"), e.getMessage());
    }
  }
}
