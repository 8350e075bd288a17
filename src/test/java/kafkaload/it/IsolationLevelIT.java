package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.verification.LagMonitor;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * isolation.level on the embedded broker: consume actions under read_committed never see a record
 * of an aborted transaction and see a committed one, read_uncommitted sees both, the protocol's
 * default comes from -Disolation.level and the summary says which level each request read with; a
 * bad value is refused before any load and before any topic is created; the lag monitor under
 * read_committed measures to the last stable offset.
 */
@Execution(ExecutionMode.CONCURRENT)
class IsolationLevelIT {

  @Test
  void readCommittedConsumersDoNotSeeAbortedRecords() throws Exception {
    String topic = uniqueTopic("isolation");
    GatlingRun run =
        runGatling(
            IsolationSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "isolation.level",
                "read_committed"),
            120);
    long users = IsolationSimulation.USERS;
    assertArrayEquals(
        new long[] {users, 0, users}, run.counts("aborted, read_committed"), run.tail());
    assertArrayEquals(
        new long[] {users, users, 0}, run.counts("aborted, read_uncommitted"), run.tail());
    assertArrayEquals(
        new long[] {users, 0, users},
        run.counts("aborted, protocol default"),
        "-Disolation.level=read_committed is the protocol's default\n" + run.tail());
    assertArrayEquals(
        new long[] {users, users, 0}, run.counts("committed, read_committed"), run.tail());
    assertArrayEquals(
        new long[] {users, users, 0}, run.counts("committed, read_uncommitted"), run.tail());

    JsonNode readers = summaryJson(run).path("protocols").path(0).path("readers");
    assertEquals("read_committed", readers.path("isolationLevel").asText(), readers.toString());
    JsonNode byRequest = readers.path("byRequest");
    assertEquals("read_committed", byRequest.path("aborted, read_committed").asText());
    assertEquals("read_uncommitted", byRequest.path("aborted, read_uncommitted").asText());
    assertEquals("read_committed", byRequest.path("aborted, protocol default").asText());
    String page = java.nio.file.Files.readString(reportDir(run).resolve("kafka.html"));
    assertTrue(
        page.matches("(?s).*\"aborted, read_uncommitted\"\\s*:\\s*\"read_uncommitted\".*"),
        "the page's data names each request's isolation level");
  }

  @Test
  void aBadIsolationLevelIsRefusedBeforeAnyLoad() throws Exception {
    String topic = uniqueTopic("isolation-bad");
    GatlingRun run =
        runGatling(
            IsolationSimulation.class.getName(),
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "isolation.level",
                "read_comitted"),
            120);
    assertNotEquals(0, run.exitCode(), run.tail());
    String line =
        run.output()
            .lines()
            .filter(l -> l.startsWith("[kafkaload] ERROR: "))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no error line in:\n" + run.tail()));
    assertTrue(
        line.contains(
            "-Disolation.level: isolation.level 'read_comitted' is not one of Kafka's values, "
                + "read_committed or read_uncommitted"),
        line);
    assertFalse(run.output().contains("---- Requests"), "no load ran:\n" + run.tail());
    try (Admin admin = admin()) {
      assertFalse(
          admin.listTopics().names().get(30, TimeUnit.SECONDS).contains(topic),
          "the topic was not created");
    }
  }

  /**
   * The lag monitor's two measures on a partition with an open transaction: a group that has read
   * all it can read_committed (its offset at the last stable offset) has no lag read_committed, and
   * the open transaction's records as lag read_uncommitted.
   */
  @Test
  void lagUnderReadCommittedRunsToTheLastStableOffset() throws Exception {
    String topic = uniqueTopic("isolation-lag");
    createTopic(topic, 1);
    String group = uniqueTopic("isolation-lag-group");
    TopicPartition tp = new TopicPartition(topic, 0);
    try (KafkaProducer<String, String> p =
            new KafkaProducer<>(
                Map.of("bootstrap.servers", bootstrap(), "transactional.id", "lag-" + topic),
                new StringSerializer(),
                new StringSerializer());
        Admin admin = admin()) {
      p.initTransactions();
      p.beginTransaction();
      for (int i = 0; i < 5; i++) {
        p.send(new ProducerRecord<>(topic, 0, "k", "committed"));
      }
      p.commitTransaction();
      p.beginTransaction();
      for (int i = 0; i < 3; i++) {
        p.send(new ProducerRecord<>(topic, 0, "k", "open"));
      }
      p.flush();
      long stable = OffsetQueries.lastStableOffsets(admin, List.of(tp), 10_000).get(tp);
      admin
          .alterConsumerGroupOffsets(group, Map.of(tp, new OffsetAndMetadata(stable)))
          .all()
          .get(30, TimeUnit.SECONDS);
      assertEquals(
          Map.of(tp, 0L),
          LagMonitor.lag(admin, group, IsolationLevel.READ_COMMITTED),
          "nothing a read_committed group can read is left");
      assertEquals(
          Map.of(tp, 3L),
          LagMonitor.lag(admin, group, IsolationLevel.READ_UNCOMMITTED),
          "the open transaction's records, to the high-water mark");
      p.abortTransaction();
    }
  }
}
