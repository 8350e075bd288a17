package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Properties;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.broker.EmbeddedKafka;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.semantic.share.ShareGroupPreflight;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * Share groups (KIP-932) against the embedded broker: one Gatling run with two groups (see {@link
 * ShareSimulation}), and the refusal on a broker without share groups.
 */
class ShareGroupIT {

  /** Records i = 0..n-1 got key "key-(i % 10)": how many got key-k. */
  private static long withKey(long n, int k) {
    return n / 10 + (n % 10 > k ? 1 : 0);
  }

  @Test
  void outcomesAreExactRedeliveryIsCountedAndEveryRecordIsReconciled() throws Exception {
    String topicA = uniqueTopic("share-exact");
    String topicB = uniqueTopic("share-slow");
    String topicC = uniqueTopic("share-renew");
    GatlingRun run =
        runGatling(
            "kafkaload.it.ShareSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topicA",
                topicA,
                "topicB",
                topicB,
                "topicC",
                topicC),
            150);
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode protocols = summaryJson(run).get("protocols");
    JsonNode exact = null;
    JsonNode slow = null;
    JsonNode renew = null;
    for (JsonNode p : protocols) {
      for (JsonNode g : p.path("shareGroups")) {
        if (g.get("request").asText().equals("exact")) {
          exact = g;
        } else if (g.get("request").asText().equals("slow")) {
          slow = g;
        } else if (g.get("request").asText().equals("renew")) {
          renew = g;
        }
      }
    }
    assertNotNull(exact, protocols.toString());
    assertNotNull(slow, protocols.toString());

    // Exact outcomes: key-3 rejected, key-5 released at each of its 3 deliveries and archived.
    long n = exact.at("/reconciliation/produced").asLong();
    assertTrue(n >= 100, exact.toString());
    assertEquals(n, endOffsetSum(topicA));
    long rejected = withKey(n, 3);
    long released = withKey(n, 5);
    assertEquals(rejected, exact.get("rejected").asLong(), exact.toString());
    assertEquals(3 * released, exact.get("released").asLong(), exact.toString());
    assertEquals(released, exact.get("archived").asLong(), exact.toString());
    assertEquals(n - rejected - released, exact.get("accepted").asLong(), exact.toString());
    assertEquals(2 * released, exact.get("redelivered").asLong(), exact.toString());
    assertEquals(n, exact.at("/deliveryCounts/1").asLong(), exact.toString());
    assertEquals(released, exact.at("/deliveryCounts/3").asLong(), exact.toString());
    assertEquals(0, exact.get("ackRefused").asLong(), exact.toString());
    JsonNode r = exact.get("reconciliation");
    assertEquals(n - rejected - released, r.get("acceptedOnce").asLong(), r.toString());
    assertEquals(rejected, r.get("rejected").asLong(), r.toString());
    assertEquals(released, r.get("archived").asLong(), r.toString());
    assertEquals(0, r.get("missing").asLong(), r.toString());
    assertEquals(0, r.get("acceptedTwice").asLong(), r.toString());
    assertTrue(r.get("ok").asBoolean(), r.toString());
    // 4 consumers on 2 partitions: every one got work.
    assertEquals(4, exact.get("perConsumer").size());
    for (JsonNode c : exact.get("perConsumer")) {
      assertTrue(c.get("acquired").asLong() > 0, "consumer without work: " + exact);
    }
    assertTrue(exact.at("/lagVerdict/lagAtEnd").isIntegralNumber(), "read, not null: " + exact);
    assertEquals(0, exact.at("/lagVerdict/lagAtEnd").asLong(), exact.toString());
    assertTrue(exact.at("/endToEndMs/count").asLong() > 0, exact.toString());
    // Its acknowledgements went with the next poll (commitSync(false)): no commit timed, yet every
    // outcome above was confirmed.
    assertFalse(exact.get("commitSync").asBoolean(), exact.toString());
    assertEquals(0, exact.at("/ackCommitMs/count").asLong(), exact.toString());
    assertThrows(AssertionError.class, () -> run.counts("exact ack"));

    // The slow consumer's locks expired: its records came back to the others (delivery count 2
    // and up), and every record is accounted for.
    JsonNode s = slow.get("reconciliation");
    long m = s.get("produced").asLong();
    assertTrue(m >= 30, slow.toString());
    assertTrue(slow.get("redelivered").asLong() > 0, slow.toString());
    assertTrue(slow.at("/deliveryCounts/2").asLong() > 0, slow.toString());
    assertEquals(0, s.get("missing").asLong(), slow.toString());
    assertEquals(m, s.get("acceptedOnce").asLong() + s.get("acceptedTwice").asLong(), s.toString());
    assertTrue(slow.at("/perConsumer/0/processingMsPerRecord").asLong() == 2500, slow.toString());
    assertTrue(slow.at("/perConsumer/1/accepted").asLong() > 0, slow.toString());

    // The verdicts as Gatling requests, and the page.
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("exact reconciled"), run.tail());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("slow reconciled"), run.tail());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("exact lag"), run.tail());
    assertEquals(n - rejected - released, run.counts("exact accept")[1], run.tail());
    assertFalse(exact.get("requestPerPoll").asBoolean(), exact.toString());
    assertEquals(exact.get("accepted").asLong(), exact.at("/endToEndMs/count").asLong());

    // "slow" logs a request per poll, not per record: every poll whose acknowledgements were all
    // answered is one request (a consumer's last poll may be cut short when it stops), KO when
    // the broker refused any of them; each accepted record's end-to-end latency is still counted.
    assertTrue(slow.get("requestPerPoll").asBoolean(), slow.toString());
    long polls = slow.get("polls").asLong();
    long[] perPoll = run.counts("slow poll");
    assertTrue(polls > 0 && perPoll[0] <= polls && perPoll[0] >= polls - 3, polls + " polls");
    long refused = slow.get("ackRefused").asLong();
    assertEquals(refused > 0, perPoll[2] > 0, refused + " refused, poll KOs " + perPoll[2]);
    assertTrue(perPoll[2] <= refused, slow.toString());
    assertThrows(AssertionError.class, () -> run.counts("slow accept"));
    assertEquals(slow.get("accepted").asLong(), slow.at("/endToEndMs/count").asLong());
    assertTrue(slow.get("acquired").asLong() >= polls, slow.toString());
    // commitSync after each poll (the default): one "slow ack" per commit, each timed.
    assertTrue(slow.get("commitSync").asBoolean(), slow.toString());
    long commits = run.counts("slow ack")[0];
    assertEquals(commits, slow.at("/ackCommitMs/count").asLong(), slow.toString());
    assertTrue(commits > 0, slow.toString());

    // "renew" worked 1 s a record against a 3 s lock and renewed its locks at half of it: the
    // broker renewed them, nothing expired, every record accepted once at its first delivery.
    assertNotNull(renew, protocols.toString());
    JsonNode rr = renew.get("reconciliation");
    assertEquals(10, rr.get("produced").asLong(), renew.toString());
    assertEquals(10, rr.get("acceptedOnce").asLong(), renew.toString());
    assertEquals(0, rr.get("missing").asLong(), renew.toString());
    assertEquals(0, renew.get("redelivered").asLong(), renew.toString());
    assertEquals(0, renew.get("ackRefused").asLong(), renew.toString());
    assertTrue(renew.get("renewed").asLong() > 0, renew.toString());
    long[] renewals = run.counts("renew renew");
    assertTrue(renewals[1] > 0 && renewals[2] == 0, run.tail());

    String page = java.nio.file.Files.readString(reportDir(run).resolve("kafka.html"));
    assertTrue(page.contains("shareGroups"), "the page carries the share groups");
  }

  /**
   * The check the share-consume action makes before the protocol starts (so before any topic or
   * load), against a broker formatted without share groups (share.version=0, as Kafka before 4.2 is
   * by default); called directly, without a Gatling run, to keep the suite short.
   */
  /**
   * A group config read right after its alter may still show the broker's default (the alter goes
   * through the controller): once in 300 here, and a delivery limit read as 5 instead of 3 left the
   * exact group's archived records uncounted (CI at 11594c9). configureGroup returns the group's
   * configs only once the broker shows the values set.
   */
  @Test
  void aGroupsConfigIsReadAsSetRightAfterItIsSet() {
    Map<String, String> set =
        Map.of("share.delivery.count.limit", "3", "share.record.lock.duration.ms", "15000");
    try (Admin admin = admin()) {
      for (int i = 0; i < 100; i++) {
        String group = "config-read-" + i + "-" + uniqueTopic("g");
        Map<String, String> read = ShareGroupPreflight.configureGroup(admin, group, set, 10_000);
        assertEquals("3", read.get("share.delivery.count.limit"), group + ": " + read);
        assertEquals("15000", read.get("share.record.lock.duration.ms"), group + ": " + read);
      }
    }
  }

  @Test
  void aBrokerWithoutShareGroupsIsRefusedNamingTheFeatureTheVersionAndTheFix() {
    Properties noShare = new Properties();
    noShare.put(EmbeddedKafka.SHARE_VERSION, "0");
    try (EmbeddedKafka broker = EmbeddedKafka.start(noShare);
        Admin admin = new Connection(broker.bootstrapServers(), Map.of(), 10_000).admin()) {
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () -> ShareGroupPreflight.checkShareGroups(admin, broker.bootstrapServers(), 10_000));
      String m = e.getMessage();
      assertTrue(
          m.startsWith(
              "Share groups (KIP-932) are not available on the cluster at '"
                  + broker.bootstrapServers()
                  + "' (metadata.version 4.4"),
          m);
      assertTrue(m.contains("the feature share.version is not enabled"), m);
      assertTrue(
          m.contains(
              "kafka-features.sh --bootstrap-server <broker> upgrade --feature share.version=2"),
          m);
    }
    // The shared broker (share groups on) passes.
    try (Admin admin = new Connection(bootstrap(), Map.of(), 10_000).admin()) {
      ShareGroupPreflight.checkShareGroups(admin, bootstrap(), 10_000);
    }
  }
}
