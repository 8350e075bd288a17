package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.client.TopicListener;
import kafkaload.internal.run.ConsumeCounters;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Request-reply against the shipped echo service: matching, every check type, timeouts at the
 * deadline, late replies. The test of timeouts at their deadline runs alone ({@link
 * KafkaTestSupport#ALONE}); the two refused runs side by side.
 */
@Execution(ExecutionMode.CONCURRENT)
class RequestReplyIT {

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ_WRITE)
  void matchesChecksTimesOutAtTheDeadlineAndCountsLateReplies() throws Exception {
    GatlingRun run =
        runGatling(
            ReplySimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic("rr"),
                "replyTopic",
                uniqueTopic("rr-replies"),
                "slowTopic",
                uniqueTopic("rr-slow"),
                "slowReplyTopic",
                uniqueTopic("rr-slow-replies")),
            150);
    long users = ReplySimulation.USERS;
    for (String check :
        new String[] {
          "bodyString", "bodyBytes", "jsonPath", "jmesPath", "substring", "regex", "header", "key"
        }) {
      assertArrayEquals(
          new long[] {users, users, 0}, run.counts(check + " ok"), check + " ok\n" + run.tail());
      assertArrayEquals(
          new long[] {users, 0, users}, run.counts(check + " ko"), check + " ko\n" + run.tail());
    }
    // Each request-reply's send to reply in the summary, under its own name: its OK ones, as many
    // as Gatling counted; one whose every reply failed its check has a row without figures. The
    // page shows them as the summary has them (KafkaPageCheck).
    JsonNode p = summaryJson(run).path("protocols").path(0);
    for (String name : new String[] {"bodyString", "jsonPath", "key"}) {
      assertEquals(
          users, p.path("replyLatencyMs").path(name + " ok").path("count").asLong(), p.toString());
      assertFalse(p.path("replyLatencyMs").has(name + " ko"), p.toString());
      boolean rowWithoutFigures = false;
      for (JsonNode row : p.path("latency")) {
        rowWithoutFigures |=
            row.path("request").asText().equals(name + " ko")
                && row.path("kind").asText().equals("send-to-reply")
                && row.path("ms").isMissingNode() | row.path("ms").isNull();
      }
      assertTrue(rowWithoutFigures, p.path("latency").toString());
    }
    KafkaPageCheck.assertConsistent(reportDir(run));
    assertArrayEquals(new long[] {users, users, 0}, run.counts("saveAs ok"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("uses saved"), run.tail());
    assertArrayEquals(new long[] {users, 0, users}, run.counts("saveAs ko"), run.tail());
    // Gatling's checks: their own messages on a KO, saveAs into the session.
    assertTrue(run.output().contains("jsonPath($.absent).find.exists, found nothing"), run.tail());
    assertTrue(run.output().contains("jsonPath($.status).find.is(dkf), found OK"), run.tail());
    assertTrue(run.output().contains("key.find.is(other), found"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("chain ok"), run.tail());
    assertEquals(
        users, count(run.output(), "KEY-PREFIX-SAVED true OPTIONAL-SAVED false"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("checkIf skipped"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("consume check ok"), run.tail());
    assertArrayEquals(new long[] {users, 0, users}, run.counts("consume check ko"), run.tail());
    assertTrue(run.output().contains("jmesPath(status).find.is(dkf), found OK"), run.tail());
    assertEquals(users, count(run.output(), "SAVED-ABSENT false"), run.tail());
    assertEquals(0, count(run.output(), "SAVED-ABSENT true"), run.tail());
    // A match function that throws fails its own user at once, with the exception; the bystander on
    // the same
    // reply topic loses nothing.
    assertArrayEquals(
        new long[] {users, 0, users}, run.counts("match function throws"), run.tail());
    assertTrue(
        run.output().contains("the match function threw IllegalStateException: no match for you"),
        run.tail());
    long bystanders = ReplySimulation.BYSTANDER_REQUESTS;
    assertArrayEquals(new long[] {bystanders, bystanders, 0}, run.counts("bystander"), run.tail());
    assertArrayEquals(new long[] {users, 0, users}, run.counts("throwing check"), run.tail());
    assertTrue(
        run.output().contains("jsonPath($.a).find.exists preparation crashed: Could not parse"),
        run.tail());
    for (String match :
        new String[] {"match header", "match value", "match big value", "match function"}) {
      assertArrayEquals(new long[] {users, users, 0}, run.counts(match), match + "\n" + run.tail());
    }
    assertArrayEquals(new long[] {users, 0, users}, run.counts("timeout"), run.tail());
    List<Long> elapsed = run.numbersAfter("TIMEOUT-ELAPSED-MS");
    assertEquals(users, elapsed.size(), run.tail());
    // Never before the deadline; after it, within a margin a loaded 2-core machine keeps (the slow
    // echo's replies, 800 ms apart, arrive late: counted below, so the timeout fired before them).
    // That the timeout is a timer at the deadline, not the reader's poll, is asserted without wall
    // time in aTimeoutIsATimerAtItsDeadlineNotTheReadersPoll.
    for (long ms : elapsed) {
      assertTrue(
          ms >= ReplySimulation.TIMEOUT_MS && ms < ReplySimulation.TIMEOUT_MS + 5_000,
          "timeout reported " + ms + " ms after the send, deadline " + ReplySimulation.TIMEOUT_MS);
    }
    Matcher late = Pattern.compile("; (\\d+) late replies;").matcher(run.output());
    String lateCount = null;
    while (late.find()) {
      lateCount = late.group(1);
    }
    assertEquals(String.valueOf(users), lateCount, run.tail());
  }

  /**
   * The timeout of a consume or a request-reply (both wait through {@link TopicListener#await}) is
   * a timer set at the deadline, not the reader's next 100 ms poll: its scheduler is one the test
   * steps by hand, so this holds on a machine however loaded. The reader polls past the deadline (a
   * later record is delivered) and the waiter is still waiting; the timer's step to the deadline
   * times it out, once, and its record arriving after that is counted late.
   */
  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void aTimeoutIsATimerAtItsDeadlineNotTheReadersPoll() throws Exception {
    String topic = uniqueTopic("rr-timer");
    createTopic(topic, 1);
    SteppedScheduler timer = new SteppedScheduler();
    ConsumeCounters counters = new ConsumeCounters();
    try (TopicListener listener =
            new TopicListener(
                new Connection(bootstrap(), Map.of(), 30_000),
                topic,
                IsolationLevel.READ_UNCOMMITTED,
                timer,
                counters);
        KafkaProducer<byte[], byte[]> producer = producer()) {
      listener.watch(true, null, false);
      AtomicInteger timedOut = new AtomicInteger();
      TopicListener.Waiter late = waiter("late", timedOut::incrementAndGet, null);
      long awaited = System.nanoTime();
      listener.await(late, ReplySimulation.TIMEOUT_MS);
      assertEquals(List.of((long) ReplySimulation.TIMEOUT_MS), timer.delaysMs(), "the deadline");

      // A record another waiter gets, sent once the deadline has passed on the wall clock: when
      // it is delivered, the reader has polled after the deadline.
      Thread.sleep(ReplySimulation.TIMEOUT_MS + 100);
      CompletableFuture<Long> delivered = new CompletableFuture<>();
      listener.await(waiter("other", () -> {}, delivered), 60_000);
      producer.send(new ProducerRecord<>(topic, bytes("other"), bytes("v"))).get();
      long deliveredAt = delivered.get(60, TimeUnit.SECONDS);
      assertTrue(
          deliveredAt - awaited > TimeUnit.MILLISECONDS.toNanos(ReplySimulation.TIMEOUT_MS),
          "a poll after the deadline");
      assertFalse(late.done().get(), "the reader's polls do not time a waiter out");
      assertEquals(0, timedOut.get());

      // The timer at one ms short of the deadline, then at it.
      assertEquals(0, timer.advanceTo(ReplySimulation.TIMEOUT_MS - 1));
      assertFalse(late.done().get(), "not before its deadline");
      assertEquals(1, timer.advanceTo(ReplySimulation.TIMEOUT_MS));
      assertTrue(late.done().get());
      assertEquals(1, timedOut.get(), "timed out once, by the timer");

      // Its record after the timeout: a late reply, not a delivery.
      producer.send(new ProducerRecord<>(topic, bytes("late"), bytes("v"))).get();
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (counters.lateReplies() == 0 && System.nanoTime() < until) {
        Thread.sleep(20);
      }
      assertEquals(1, counters.lateReplies());
      assertEquals(1, timedOut.get());
    }
  }

  private static TopicListener.Waiter waiter(
      String key, Runnable onTimeout, CompletableFuture<Long> delivered) {
    return new TopicListener.Waiter(
        TopicListener.keyOf(bytes(key)),
        null,
        null,
        (r, receivedMillis) -> {
          if (delivered != null) {
            delivered.complete(System.nanoTime());
          }
        },
        onTimeout,
        e -> {});
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static KafkaProducer<byte[], byte[]> producer() {
    return new KafkaProducer<>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap()),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void aMalformedElInAReplyCheckFailsBeforeLoadNamingIt() throws Exception {
    GatlingRun run =
        runGatling(
            BadReplyElSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", uniqueTopic("badel")),
            60);
    assertNotEquals(0, run.exitCode());
    // Gatling's own EL parser refuses it when the simulation is built.
    assertTrue(run.output().contains("Failed to parse #{unclosed"), run.tail());
    assertFalse(run.output().contains("> order "), "no load was sent");
  }

  private static long count(String text, String what) {
    return Pattern.compile(Pattern.quote(what)).matcher(text).results().count();
  }

  @Test
  @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
  void aMatcherThatCannotApplyFailsBeforeLoad() throws Exception {
    GatlingRun run =
        runGatling(
            BadMatcherSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", uniqueTopic("bad")),
            60);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output()
            .contains(
                "'order' matches replies by header 'correlation-id', but its request sets no such header"),
        run.tail());
    assertFalse(run.output().contains("> order "), "no load was sent");
  }
}
