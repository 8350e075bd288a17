package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
