package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A topic changed under the run: a loss is never under-reported, and a change is named; added
 * partitions lose nothing.
 */
// Its two tests side by side: topics of their own, counts only (no time or rate asserted).
@Execution(ExecutionMode.CONCURRENT)
class TopicChangeIT {

  private static JsonNode reconciliation(GatlingRun run) throws Exception {
    return summaryJson(run).path("protocols").path(0).path("reconciliation");
  }

  @Test
  void aTopicDeletedAndReCreatedSmallerCountsEveryRecordAckedIntoTheOldOneAsLost()
      throws Exception {
    String topic = uniqueTopic("recreated");
    GatlingRun run =
        runGatling(
            TopicChangeSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "change", "recreate"),
            150);
    JsonNode rec = reconciliation(run);
    JsonNode t = rec.path("topics").path(0);
    long acked = t.path("ackedOk").asLong();
    long inNewTopic = endOffsetSum(topic);
    assertTrue(acked > 0 && acked == run.counts("send")[1], rec.toString());
    // The new topic holds only records acked after the re-creation (and no duplicates): every other
    // acked one is lost.
    assertEquals(rec.path("readBack").path("distinct").asLong(), inNewTopic, rec.toString());
    assertEquals(acked - inNewTopic, t.path("lost").asLong(), rec.toString());
    assertTrue(t.path("lost").asLong() > 0, rec.toString());
    assertEquals(
        "deleted and re-created", t.path("change").path("change").asText(), rec.toString());
    assertEquals(
        TopicChangeSimulation.PARTITIONS, t.path("change").path("partitionsBefore").asInt());
    assertEquals(
        TopicChangeSimulation.RECREATED_PARTITIONS,
        t.path("change").path("partitionsAfter").asInt());
    assertTrue(
        run.output()
            .contains(
                "TOPIC CHANGED: '"
                    + topic
                    + "' was deleted and re-created (4 partitions, now 2) between "),
        run.tail());
    // Partitions 2 and 3 are gone; whatever was acked there is counted, and lost.
    JsonNode partitions = t.path("partitions");
    assertEquals(TopicChangeSimulation.PARTITIONS, partitions.size(), partitions.toString());
    assertEquals(-1, partitions.path(3).path("offsetAfter").asLong(), partitions.toString());
    // The lost gate decides: the build fails, naming the topic.
    assertNotEquals(0, run.exitCode());
    assertTrue(
        run.output().contains("kafka reconcile: lost: count of failed events is 0.0 : false"),
        run.tail());
    assertTrue(
        run.output()
            .contains(
                " acked records missing from topic " + topic + " (deleted and re-created during"),
        run.tail());

    // The Kafka page says it too, in a real browser.
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(
            KafkaPageIT.chromium(),
            "--dump-dom",
            reportDir(run).resolve("kafka.html").toUri().toString());
    KafkaPageIT.assertNoScriptErrors(dom);
    assertTrue(
        dom.stdout()
            .contains(
                "Topic " + topic + " was deleted and re-created (4 partitions, now 2) between "),
        dom.stdout());
    assertTrue(dom.stdout().contains("\">gone</td>"), "a row for a partition that is gone");
  }

  @Test
  void partitionsAddedDuringTheRunLoseNothing() throws Exception {
    String topic = uniqueTopic("widened");
    GatlingRun run =
        runGatling(
            TopicChangeSimulation.class.getName(),
            props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "change", "widen"),
            150);
    assertEquals(0, run.exitCode(), run.tail());
    JsonNode rec = reconciliation(run);
    JsonNode t = rec.path("topics").path(0);
    long acked = t.path("ackedOk").asLong();
    assertTrue(acked > 0, rec.toString());
    assertEquals(0, t.path("lost").asLong(), rec.toString());
    assertEquals(0, t.path("duplicates").asLong(), rec.toString());
    assertEquals(acked, rec.path("readBack").path("distinct").asLong(), rec.toString());
    assertEquals(acked, endOffsetSum(topic));
    assertTrue(t.path("change").isNull(), rec.toString());
    JsonNode partitions = t.path("partitions");
    assertEquals(
        TopicChangeSimulation.WIDENED_PARTITIONS, partitions.size(), partitions.toString());
    long onNew = 0;
    for (int p = TopicChangeSimulation.PARTITIONS;
        p < TopicChangeSimulation.WIDENED_PARTITIONS;
        p++) {
      onNew += partitions.path(p).path("ackedRecords").asLong();
    }
    assertTrue(onNew > 0, "records went to the added partitions too: " + partitions);
  }
}
