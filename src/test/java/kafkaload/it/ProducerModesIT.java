package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.action.KafkaSendActionBuilder;
import org.junit.jupiter.api.Test;

/** Producer sharing modes, fire-and-forget, and the sends that must not block the event loop. */
class ProducerModesIT {

  private static long summary(GatlingRun run, String regex) {
    Matcher m = Pattern.compile(regex).matcher(run.output());
    assertTrue(m.find(), "summary line with " + regex + " in:\n" + run.tail());
    return Long.parseLong(m.group(1));
  }

  private GatlingRun baseline(String topic, String... extra) throws Exception {
    var p = props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "warmup", "1", "duration", "3", "users", "4");
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
    assertFalse(Pattern.compile("> send\\s+\\|").matcher(run.output()).find(), "no ack-timed 'send' is reported");
    // Every buffered record is flushed before the producer closes.
    long warm = run.counts("warm-up send" + KafkaSendActionBuilder.FIRE_AND_FORGET_SUFFIX)[1];
    assertEquals(send[1] + warm, endOffsetSum(topic));
  }

  @Test
  void aFullBufferMovesSendsOffTheEventLoopAndTheyStillSucceed() throws Exception {
    String topic = uniqueTopic("tinybuffer");
    // 64 KiB of buffer for 64 users of 1 KiB records: send() would wait for buffer space.
    GatlingRun run = baseline(topic, "buffer.memory", "65536", "users", "64", "topic.partitions", "64");
    assertEquals(0, run.exitCode(), run.tail());
    assertEquals(0, run.counts("send")[2]);
    assertTrue(summary(run, "(\\d+) sends taken off the event loop") > 0, run.tail());
    assertEquals(run.counts("send")[1] + run.counts("warm-up send")[1], endOffsetSum(topic));
  }

  @Test
  void aTopicWithoutFetchedMetadataIsSentToOffTheEventLoop() throws Exception {
    String topic = uniqueTopic("default");
    String other = uniqueTopic("other");
    createTopic(topic, 2);
    createTopic(other, 2);
    GatlingRun run = runGatling(TopicOverrideSimulation.class.getName(),
        props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "otherTopic", other), 90);
    assertEquals(0, run.exitCode(), run.tail());
    long expected = TopicOverrideSimulation.USERS * TopicOverrideSimulation.PER_USER;
    assertEquals(expected, run.counts("send")[1]);
    assertTrue(summary(run, "(\\d+) sends taken off the event loop") >= 1, run.tail());
    assertEquals(expected, endOffsetSum(other));
    assertEquals(0, endOffsetSum(topic));
  }
}
