package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.run.RunIdentity;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

/**
 * Transactions under load on the embedded broker, through Gatling as a user runs them: commit and
 * abort counts exact against read_committed and read_uncommitted read-backs of the topic; a
 * producer fenced mid-run is a KO naming its transactional.id, the user goes on with a fresh one
 * and the run ends on time; transactions with acks=1 are refused before any load.
 */
class TransactionsIT {

  @Test
  void commitsAndAbortsAreExactAgainstBothIsolationLevels() throws Exception {
    String topic = uniqueTopic("txn");
    int records = 5;
    int abortEvery = 3;
    GatlingRun run =
        runGatling(
            "simulations.TransactionsSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "topic.partitions",
                "4",
                "txn.users",
                "3",
                "txn.records",
                String.valueOf(records),
                "txn.abortEvery",
                String.valueOf(abortEvery),
                "duration",
                "3",
                "gate.commitP99Ms",
                "600000"),
            120);
    assertEquals(0, run.exitCode(), run.tail());
    long[] commits = run.counts("order txn commit");
    long[] aborts = run.counts("order txn abort");
    long[] sends = run.counts("order txn");
    assertEquals(0, commits[2] + aborts[2] + sends[2], "no KO: " + run.tail());
    long transactions = commits[0] + aborts[0];
    assertTrue(aborts[0] > 0 && commits[0] > 0, "a few transactions in 3 s: " + run.tail());
    // Every abortEvery-th transaction of the request, counted over all its users.
    assertEquals(transactions / abortEvery, aborts[0], run.tail());
    assertEquals(transactions * records, sends[0], "each record timed on its own");

    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode tx = p.path("transactions").path("order txn");
    assertEquals(commits[0], tx.path("committed").asLong(), tx.toString());
    assertEquals(aborts[0], tx.path("aborted").asLong(), tx.toString());
    assertEquals(0, tx.path("failed").asLong(), tx.toString());
    assertEquals(100.0 * aborts[0] / transactions, tx.path("abortRatePct").asDouble(), 1e-6);
    assertEquals(commits[0], tx.path("commitLatencyMs").path("count").asLong());
    assertEquals(records, tx.path("sizeRecords").path("max").asLong());
    assertTrue(tx.path("durationMs").path("p99").asDouble() > 0, tx.toString());

    JsonNode rec = p.path("reconciliation");
    JsonNode rt = rec.path("transactions");
    assertEquals(commits[0] * records, rt.path("committed").asLong(), rec.toString());
    assertEquals(aborts[0] * records, rt.path("aborted").asLong(), rec.toString());
    assertEquals(0, rt.path("lost").asLong(), rec.toString());
    assertEquals(0, rt.path("abortedVisible").asLong(), rec.toString());
    assertEquals("read_committed", rec.path("readBack").path("isolationLevel").asText());
    assertEquals(commits[0] * records, rec.path("readBack").path("distinct").asLong());
    assertEquals(0, rec.path("duplicates").asLong(), "markers are not duplicates: " + rec);
    assertTrue(
        run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : true"));
    assertTrue(
        run.output().contains("transactions: committed " + commits[0] * records + " | aborted "),
        run.tail());

    // The topic read by a client of our own, at both isolation levels.
    assertEquals(commits[0] * records, readRunRecords(topic, "read_committed"));
    assertEquals(transactions * records, readRunRecords(topic, "read_uncommitted"));

    // One transactional.id per producer the run made, each unique to this run and injector.
    String runId = p.path("config").path("runId").asText();
    try (Admin admin = admin()) {
      Set<String> ids = new HashSet<>();
      for (TransactionListing l : admin.listTransactions().all().get()) {
        if (l.transactionalId().contains(runId)) {
          ids.add(l.transactionalId());
        }
      }
      assertFalse(ids.isEmpty(), "the run's transactional ids carry its run id " + runId);
      assertTrue(ids.size() <= 3, "at most one producer per user at once: " + ids);
      ids.forEach(
          id ->
              assertTrue(
                  id.startsWith("kafkaload-tx-" + runId + "-i0-"), "run and injector in " + id));
    }
    // The Kafka page, rendered: the transactions table and the committed/aborted/lost line.
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(
            KafkaPageIT.chromium(),
            "--dump-dom",
            reportDir(run).resolve("kafka.html").toUri().toString());
    KafkaPageIT.assertNoConsoleErrors(dom);
    KafkaPageIT.assertNoScriptErrors(dom);
    assertTrue(dom.stdout().contains("data-rendered=\"true\""), "the page script ran to its end");
    Matcher table = Pattern.compile("<div id=\"transactions\">(.*?)</div>").matcher(dom.stdout());
    assertTrue(table.find(), "the transactions section");
    assertTrue(table.group(1).contains("<td class=\"l \">order txn</td>"), table.group(1));
    assertTrue(
        dom.stdout()
            .contains(
                "Transactions: "
                    + String.format(java.util.Locale.ROOT, "%,d", commits[0] * records)
                    + " records committed, "
                    + String.format(java.util.Locale.ROOT, "%,d", aborts[0] * records)
                    + " aborted"),
        dom.stdout());
  }

  /** Records of any run in the topic, read at {@code isolation} to the end. */
  private static long readRunRecords(String topic, String isolation) {
    Properties props = new Properties();
    props.put("bootstrap.servers", bootstrap());
    props.put("isolation.level", isolation);
    props.put("enable.auto.commit", "false");
    long n = 0;
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> parts =
          c.partitionsFor(topic).stream()
              .map(i -> new TopicPartition(topic, i.partition()))
              .toList();
      c.assign(parts);
      c.seekToBeginning(parts);
      Map<TopicPartition, Long> end = c.endOffsets(parts);
      long deadline = System.currentTimeMillis() + 30_000;
      while (System.currentTimeMillis() < deadline
          && parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          if (r.headers().lastHeader(RunIdentity.RUN_HEADER) != null) {
            n++;
          }
        }
      }
    }
    return n;
  }

  @Test
  void aFencedProducerIsAKoNamingItsIdAndTheUserGoesOnWithAFreshOne() throws Exception {
    String topic = uniqueTopic("fence");
    String prefix = "fence-" + topic;
    GatlingRun run =
        runGatling(
            FencingSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "prefix", prefix),
            120);
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(run.output().contains("[test] intruder fenced " + prefix + "-0"), run.tail());
    long[] commits = run.counts("fenced txn commit");
    assertTrue(commits[2] >= 1, "the fenced producer's transaction is a KO: " + run.tail());
    // Which error the fenced commit gets depends on where it crosses the fence (Kafka 4's
    // transaction version 2): ProducerFencedException, InvalidProducerEpochException,
    // InvalidTxnStateException, or an unexpected server error in EndTxn. Each is named.
    Matcher ko =
        Pattern.compile(
                "transaction of transactional.id "
                    + Pattern.quote(prefix)
                    + "-0 failed: [A-Za-z]+Exception: ")
            .matcher(run.output());
    assertTrue(ko.find(), "the KO names the exception and the id: " + run.tail());
    // The user went on with a fresh producer, with an id of its own: commits after the fence.
    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode tx = p.path("transactions").path("fenced txn");
    assertEquals(commits[2], tx.path("failed").asLong(), tx.toString());
    assertEquals(commits[1], tx.path("committed").asLong(), tx.toString());
    try (Admin admin = admin()) {
      Map<String, TransactionState> states = new java.util.TreeMap<>();
      admin.listTransactions().all().get().stream()
          .filter(l -> l.transactionalId().startsWith(prefix + "-"))
          .forEach(l -> states.put(l.transactionalId(), l.state()));
      // The fresh producer (a new id when the error said fenced, else the same id, whose
      // initTransactions comes after the intruder's) committed the user's last transaction.
      String last =
          states.keySet().stream()
              .max(
                  java.util.Comparator.comparingInt(
                      id -> Integer.parseInt(id.substring(prefix.length() + 1))))
              .orElseThrow();
      assertEquals(TransactionState.COMPLETE_COMMIT, states.get(last), "ids: " + states);
    }
    assertTrue(commits[1] > 0, run.tail());
    // Records of the fenced transaction: the broker aborted them; owed to no reader, so not lost.
    JsonNode rec = p.path("reconciliation");
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("kafka reconcile: lost"), run.tail());
    assertEquals(3 * commits[1], rec.path("transactions").path("committed").asLong());
    // The user went on after the fence: the run ended by itself, not at its maxDuration (60 s).
    double seconds = summaryJson(run).path("durationSeconds").asDouble();
    assertTrue(seconds < 60, "the run ends on time: " + seconds + " s");
  }

  @Test
  void transactionsWithoutIdempotenceAreRefusedBeforeAnyLoadAndCreateNothing() throws Exception {
    String topic = uniqueTopic("txbad");
    GatlingRun run =
        runGatling(
            "simulations.TransactionsSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "acks",
                "1",
                "enable.idempotence",
                "false"),
            90);
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output()
            .contains("'order txn' is transactional but enable.idempotence=false: transactions"),
        run.tail());
    try (Admin admin = admin()) {
      assertFalse(
          admin.listTopics().names().get().contains(topic), "the refused run made its topic");
    }
  }
}
