package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.KafkaSendActionBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Producer sharing modes, fire-and-forget, and the sends that must not block the event loop. The
 * tests run two at a time (each on topics of its own): each run's load has a fixed length, and none
 * asserts a speed.
 */
@Execution(ExecutionMode.CONCURRENT)
class ProducerModesIT {

  private static long summary(GatlingRun run, String regex) {
    Matcher m = Pattern.compile(regex).matcher(run.output());
    assertTrue(m.find(), "summary line with " + regex + " in:\n" + run.tail());
    return Long.parseLong(m.group(1));
  }

  private GatlingRun baseline(String topic, String... extra) throws Exception {
    var p =
        props(
            "kafka.bootstrap.servers",
            bootstrap(),
            "topic",
            topic,
            "warmup",
            "1",
            "duration",
            "3",
            "users",
            "4");
    for (int i = 0; i < extra.length; i += 2) {
      p.put(extra[i], extra[i + 1]);
    }
    return runGatling("simulations.BaselineSimulation", p, 90);
  }

  @Test
  void producerPerUserAndPoolDeliverEveryAckedRecord() throws Exception {
    for (String mode : new String[] {"per-user", "pool"}) {
      String topic = uniqueTopic(mode);
      GatlingRun run = baseline(topic, "producer.mode", mode, "producer.pool", "2");
      assertEquals(0, run.exitCode(), run.tail());
      long ok = run.counts("send")[1] + run.counts("warm-up send")[1];
      assertTrue(ok > 0);
      assertEquals(ok, endOffsetSum(topic), mode);
    }
  }

  @Test
  void fireAndForgetIsNamedAsSuchAndStillDelivers() throws Exception {
    String topic = uniqueTopic("faf");
    GatlingRun run = baseline(topic, "fireAndForget", "true");
    assertEquals(0, run.exitCode(), run.tail());
    long[] send = run.counts("send" + KafkaSendActionBuilder.FIRE_AND_FORGET_SUFFIX);
    assertTrue(send[1] > 0);
    assertFalse(
        Pattern.compile("> send\\s+\\|").matcher(run.output()).find(),
        "no ack-timed 'send' is reported");
    // Every buffered record is flushed before the producer closes.
    long warm = run.counts("warm-up send" + KafkaSendActionBuilder.FIRE_AND_FORGET_SUFFIX)[1];
    assertEquals(send[1] + warm, endOffsetSum(topic));
  }

  @Test
  void aFullBufferMovesSendsOffTheEventLoopAndTheyStillSucceed() throws Exception {
    String topic = uniqueTopic("tinybuffer");
    // 64 KiB of buffer for 64 users of 1 KiB records: send() would wait for buffer space.
    GatlingRun run =
        baseline(topic, "buffer.memory", "65536", "users", "64", "topic.partitions", "64");
    assertEquals(0, run.exitCode(), run.tail());
    assertEquals(0, run.counts("send")[2]);
    assertTrue(summary(run, "(\\d+) sends taken off the event loop") > 0, run.tail());
    assertEquals(run.counts("send")[1] + run.counts("warm-up send")[1], endOffsetSum(topic));
  }

  @Test
  void aTopicNamedDuringTheRunIsSentToOffTheEventLoopAndReconciled() throws Exception {
    String topic = uniqueTopic("default");
    String other = uniqueTopic("other");
    String missing = uniqueTopic("missing");
    createTopic(topic, 2);
    createTopic(other, 3);
    GatlingRun run =
        runGatling(
            TopicOverrideSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "otherTopic",
                other,
                "missingTopic",
                missing),
            120);
    assertEquals(0, run.exitCode(), run.tail());
    // No producer.send() waited max.block.ms (60 s) for a partition, and no user was stranded until
    // maxDuration (60 s): the run's own span, not the machine's speed, says so.
    JsonNode summary = summaryJson(run);
    double blockedMax =
        summary.path("protocols").path(0).path("throughput").path("sendBlockedMsMax").asDouble();
    assertTrue(blockedMax < 60_000, "a send blocked " + blockedMax + " ms:\n" + run.tail());
    double seconds = summary.path("durationSeconds").asDouble();
    assertTrue(seconds < 60, "the run took " + seconds + " s:\n" + run.tail());
    long expected = TopicOverrideSimulation.USERS * TopicOverrideSimulation.PER_USER;
    assertEquals(expected, run.counts("send")[1]);
    assertTrue(summary(run, "(\\d+) sends taken off the event loop") >= 1, run.tail());
    assertEquals(expected, endOffsetSum(other));
    assertEquals(0, endOffsetSum(topic));

    // Sends to a topic that does not exist are KO at once with the reason, and nothing creates it.
    long[] toMissing = run.counts("send to missing topic");
    assertEquals(TopicOverrideSimulation.MISSING_SENDS, toMissing[2], run.tail());
    assertTrue(run.output().contains("Topic '" + missing + "' does not exist"), run.tail());
    assertFalse(admin().listTopics().names().get().contains(missing));

    // A partition the topic lacks, and a fire-and-forget record too large: KO at once, and the user
    // goes on.
    long[] badPartition = run.counts("send to a missing partition");
    assertEquals(TopicOverrideSimulation.MISSING_SENDS, badPartition[2], run.tail());
    assertTrue(
        run.output()
            .contains(
                "partition "
                    + TopicOverrideSimulation.BAD_PARTITION
                    + " does not exist: topic '"
                    + topic
                    + "' has 2 partitions"),
        run.tail());
    long[] tooLarge = run.counts("too large" + KafkaSendActionBuilder.FIRE_AND_FORGET_SUFFIX);
    assertEquals(TopicOverrideSimulation.MISSING_SENDS, tooLarge[2], run.tail());
    assertTrue(run.output().contains("RecordTooLargeException"), run.tail());

    // The reconciliation covers every topic sent to, the default one (nothing sent) and the
    // override.
    JsonNode rec = summaryJson(run).path("protocols").path(0).path("reconciliation");
    assertEquals(expected, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    assertEquals(expected, rec.path("readBack").path("distinct").asLong(), rec.toString());
    JsonNode topics = rec.path("topics");
    assertEquals(2, topics.size(), rec.toString());
    assertEquals(topic, topics.path(0).path("topic").asText());
    assertEquals(0, topics.path(0).path("ackedOk").asLong());
    assertEquals(other, topics.path(1).path("topic").asText());
    assertEquals(expected, topics.path(1).path("ackedOk").asLong());
    assertEquals(expected, topics.path(1).path("offsetDelta").asLong());
    assertEquals(3, topics.path(1).path("partitions").size());
    assertTrue(run.output().contains("Reconciliation of 2 topics"), run.tail());
  }
}
