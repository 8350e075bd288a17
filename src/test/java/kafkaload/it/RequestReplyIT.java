package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Request-reply against the shipped echo service: matching, every check type, timeouts at the deadline, late replies. */
class RequestReplyIT {

  @Test
  void matchesChecksTimesOutAtTheDeadlineAndCountsLateReplies() throws Exception {
    GatlingRun run = runGatling(ReplySimulation.class.getName(), props("kafka.bootstrap.servers", bootstrap(),
        "topic", uniqueTopic("rr"), "replyTopic", uniqueTopic("rr-replies"), "slowTopic", uniqueTopic("rr-slow"),
        "slowReplyTopic", uniqueTopic("rr-slow-replies")), 150);
    long users = ReplySimulation.USERS;
    for (String check : new String[] {"bodyString", "bodyBytes", "jsonPath", "jmesPath", "substring", "regex",
        "header", "key"}) {
      assertArrayEquals(new long[] {users, users, 0}, run.counts(check + " ok"), check + " ok\n" + run.tail());
      assertArrayEquals(new long[] {users, 0, users}, run.counts(check + " ko"), check + " ko\n" + run.tail());
    }
    assertArrayEquals(new long[] {users, users, 0}, run.counts("saveAs ok"), run.tail());
    assertArrayEquals(new long[] {users, users, 0}, run.counts("uses saved"), run.tail());
    assertArrayEquals(new long[] {users, 0, users}, run.counts("throwing check"), run.tail());
    assertTrue(run.output().contains("the reply is not JSON"), run.tail());
    for (String match : new String[] {"match header", "match value", "match function"}) {
      assertArrayEquals(new long[] {users, users, 0}, run.counts(match), match + "\n" + run.tail());
    }
    assertArrayEquals(new long[] {users, 0, users}, run.counts("timeout"), run.tail());
    Matcher m = Pattern.compile("TIMEOUT-ELAPSED-MS (\\d+)").matcher(run.output());
    int found = 0;
    while (m.find()) {
      long elapsed = Long.parseLong(m.group(1));
      assertTrue(elapsed >= ReplySimulation.TIMEOUT_MS && elapsed <= ReplySimulation.TIMEOUT_MS + 100,
          "timeout reported " + elapsed + " ms after the send, deadline " + ReplySimulation.TIMEOUT_MS);
      found++;
    }
    assertEquals(users, found);
    assertTrue(run.output().contains(users + " late replies"), run.tail());
  }

  @Test
  void aMatcherThatCannotApplyFailsBeforeLoad() throws Exception {
    GatlingRun run = runGatling(BadMatcherSimulation.class.getName(), props("kafka.bootstrap.servers", bootstrap(),
        "topic", uniqueTopic("bad")), 60);
    assertNotEquals(0, run.exitCode());
    assertTrue(run.output().contains("'order' matches replies by header 'correlation-id', but its request sets no such header"),
        run.tail());
    assertFalse(run.output().contains("> order "), "no load was sent");
  }
}
