package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Consumer churn under load (ConsumerChurnSimulation, issue 47) on the shared embedded broker, one
 * short Gatling run: 2 consumers (each a process of its own) on a 4-partition topic, a rolling
 * restart, the classic eager protocol then KIP-848. The summary has a round for each protocol with
 * the step's figures; every record produced is read at least once ("churn read all" OK); the pause
 * gate, set to 1 ms, fails the run (a rolling restart leaves partitions unowned for longer under
 * either protocol). And a plan naming consumers that do not exist is refused before any load.
 */
class ChurnIT {

  private static Map<String, String> churnProps(String name, String... more) {
    Map<String, String> p =
        new HashMap<>(
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                uniqueTopic(name),
                "topic.partitions",
                "4",
                "churn.consumers",
                "2",
                "churn.seconds",
                "6",
                "churn.rate",
                "200",
                "recordSize",
                "100",
                "churn.plan",
                "rolling@1s+2s",
                "churn.protocols",
                "classic-eager,consumer",
                "churn.sessionTimeoutMs",
                "6000",
                "churn.maxWaitSeconds",
                "40"));
    p.putAll(props(more));
    return p;
  }

  @Test
  void eachProtocolIsMeasuredNothingIsLostAndThePauseGateFails() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.ConsumerChurnSimulation",
            churnProps("churn", "churn.maxPauseMs", "1"),
            240);
    assertNotEquals(0, run.exitCode(), "the pause gate of 1 ms must fail the run: " + run.tail());
    assertArrayEquals(new long[] {2, 2, 0}, run.counts("churn read all"), run.tail());
    assertArrayEquals(new long[] {2, 0, 2}, run.counts("churn pause"), run.tail());
    assertArrayEquals(new long[] {2, 2, 0}, run.counts("churn read twice"), run.tail());
    assertEquals(0, run.counts("churn send")[2], run.tail());
    assertTrue(run.output().contains("above churn.maxPauseMs 1"), run.tail());
    assertTrue(
        run.output().contains("churn pause: count of failed events is 0.0 : false"), run.tail());
    assertTrue(
        run.output().contains("churn read all: count of failed events is 0.0 : true"), run.tail());

    JsonNode c = summaryJson(run).path("protocols").path(0).path("churn");
    assertEquals(4, c.path("partitions").asInt(), c.toString());
    assertEquals("rolling@1s+2s", c.path("plan").asText(), c.toString());
    assertEquals(1, c.path("maxPauseMs").asLong(), c.toString());
    JsonNode rounds = c.path("rounds");
    assertEquals(2, rounds.size(), c.toString());
    assertEquals("classic-eager", rounds.path(0).path("protocol").asText());
    assertEquals("consumer", rounds.path(1).path("protocol").asText());
    for (JsonNode r : rounds) {
      JsonNode counts = r.path("counts");
      long produced = counts.path("produced").asLong();
      // 200 msg/s for 6 s: well over half of it even on a busy machine.
      assertTrue(produced > 600, r.toString());
      assertEquals(produced, counts.path("readAtLeastOnce").asLong(), r.toString());
      assertEquals(0, counts.path("unread").size(), r.toString());
      assertTrue(r.path("verdict").isNull(), r.toString());
      JsonNode e = r.path("events").path(0);
      assertEquals(1, r.path("events").size(), r.toString());
      assertEquals("rolling@1s+2s", e.path("step").asText());
      assertEquals(1000, e.path("atMs").asLong(), 500, e.toString());
      // Both consumers closed and restarted: a partition had no owner for a while.
      assertTrue(e.path("recovery").path("longestUnownedMs").asLong() > 1, e.toString());
      assertTrue(e.path("reads").path("perSecond").size() >= 4, e.toString());
      JsonNode perSecond = r.path("perSecond");
      assertTrue(perSecond.path("read").size() >= 5, r.toString());
      assertEquals(perSecond.path("read").size(), perSecond.path("lag").size(), r.toString());
      // The lag owed at the event's peak is one of the per-second figures' maxima, under produced.
      long peak = e.path("lag").path("peak").asLong();
      long maxLag = 0;
      for (JsonNode l : perSecond.path("lag")) {
        maxLag = Math.max(maxLag, l.asLong());
      }
      assertTrue(peak <= maxLag && maxLag <= produced, r.toString());
      // Every record read in the window has its end-to-end latency; p99 at most the max.
      long readInWindow = 0;
      for (JsonNode n : e.path("reads").path("perSecond")) {
        readInWindow += n.asLong();
      }
      JsonNode e2e = e.path("endToEnd");
      assertEquals(readInWindow, e2e.path("records").asLong(), e.toString());
      assertTrue(e2e.path("p99Ms").asLong() <= e2e.path("maxMs").asLong(), e.toString());
      // Kafka's own figures: the two first consumers' clients counted at least their joins (each
      // printed its figures when it closed); the step's, a part of the round's.
      JsonNode kafka = r.path("kafka");
      assertTrue(kafka.path("rebalances").asLong() >= 2, kafka.toString());
      assertTrue(
          kafka.path("rebalances").asLong() >= e.path("kafka").path("rebalances").asLong(),
          r.toString());
      assertTrue(kafka.path("generation").asInt() > 0, kafka.toString());
      // The last restarted consumer may still be joining when the group is described.
      int members = kafka.path("members").asInt();
      assertTrue(members == 1 || members == 2, kafka.toString());
      // As the coordinator described it at the end of the load (a rebalance may still be going).
      assertTrue(
          List.of("Stable", "PreparingRebalance", "CompletingRebalance", "Reconciling", "Assigning")
              .contains(kafka.path("state").asText()),
          kafka.toString());
    }
    // A KIP-848 group has a group epoch; a classic group has none.
    assertTrue(rounds.path(0).path("kafka").path("groupEpoch").isNull(), c.toString());
    assertTrue(rounds.path(1).path("kafka").path("groupEpoch").asInt() > 0, c.toString());
    thePageShowsATablePerProtocol(reportDir(run));
  }

  /** The Kafka page as a reader sees it: consistent, a churn table per protocol, steps marked. */
  private static void thePageShowsATablePerProtocol(Path dir) throws Exception {
    assertEquals(List.of(), KafkaPageCheck.problems(dir), dir.toString());
    Document page =
        Jsoup.parse(
            KafkaPageIT.chrome(
                    KafkaPageIT.chromium(),
                    "--dump-dom",
                    dir.resolve("kafka.html").toUri().toString())
                .stdout());
    Element section = page.getElementById("churnSection");
    assertNotNull(section, page.html());
    assertFalse(section.attr("style").contains("none"), section.outerHtml());
    assertEquals(List.of("classic-eager", "consumer"), section.select("h3").eachText());
    assertEquals(2, section.select("#churn table").size(), section.outerHtml());
    assertEquals("rolling@1s+2s", section.selectFirst("#churnChart").attr("data-marks"));
  }

  /**
   * A crash and a stall inside a run, classic protocol (the shared broker's KIP-848 session timeout
   * is 45 s; ChurnCrashIT has both protocols on a broker of its own): a consumer that stops polling
   * past max.poll.interval.ms (3 s) leaves its partitions unread until the group takes them away; a
   * crashed one keeps them unowned until the session timeout (6 s) ends, half of it at the least
   * (the group counts from the last heartbeat); a graceful leave would move them within a second.
   * Every record produced is read at least once through both.
   */
  @Test
  @Tag("long") // mvn -B verify -Plong-tests
  void aStallAndACrashInsideARunWaitForTheirTimeoutsAndLoseNothing() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.ConsumerChurnSimulation",
            churnProps(
                "churn-stall-crash",
                "churn.consumers",
                "3",
                "churn.seconds",
                "24",
                "churn.plan",
                "crash:1@3s,stall:1@13s+5s",
                "churn.protocols",
                "classic-cooperative",
                "churn.maxPollIntervalMs",
                "3000"),
            240);
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode r = summaryJson(run).at("/protocols/0/churn/rounds/0");
    long produced = r.at("/counts/produced").asLong();
    assertTrue(produced > 0, r.toString());
    assertEquals(produced, r.at("/counts/readAtLeastOnce").asLong(), r.toString());
    JsonNode crash = r.at("/events/0");
    JsonNode stall = r.at("/events/1");
    assertEquals("crash:1@3s", crash.path("step").asText(), r.toString());
    assertEquals("stall:1@13s+5s", stall.path("step").asText(), r.toString());
    // The crashed consumer's partitions, in a stable group: unowned for at least half the session
    // timeout (a rebalance under way would end sooner, at its own timeout).
    assertTrue(crash.at("/recovery/longestUnownedMs").asLong() >= 3_000, crash.toString());
    // The stalled consumer's partitions (one or two of four) go unread until max.poll.interval.ms
    // (3 s) has passed: at least half a second of the producers' whole rate owed at the peak.
    long perSecond = produced / 24;
    assertTrue(stall.at("/lag/peak").asLong() >= perSecond / 2, perSecond + "/s: " + stall);
    assertTrue(crash.at("/kafka/rebalances").asLong() >= 1, crash.toString());
  }

  @Test
  void aPlanOnConsumersThatDoNotExistIsRefusedBeforeAnyLoad() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.ConsumerChurnSimulation",
            churnProps("churn-bad", "churn.plan", "crash:3@1s"),
            120);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output()
            .contains(
                "[kafkaload] ERROR: -Dchurn.plan step crash:3@1s crashes 3 consumers but 2 are"
                    + " running at 1s"),
        run.tail());
    assertFalse(run.output().contains("churn send"), run.tail());
    assertFalse(run.output().contains("starting 2 consumers"), run.tail());
  }

  @Test
  void anUnknownProtocolIsRefusedBeforeAnyLoad() throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.ConsumerChurnSimulation",
            churnProps("churn-bad-protocol", "churn.protocols", "classic-eager,eager"),
            120);
    assertNotEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output()
            .contains(
                "[kafkaload] ERROR: -Dchurn.protocols: 'eager' is not a group protocol; write one or"
                    + " more of classic-eager, classic-cooperative, consumer,"),
        run.tail());
    assertFalse(run.output().contains("churn send"), run.tail());
  }
}
