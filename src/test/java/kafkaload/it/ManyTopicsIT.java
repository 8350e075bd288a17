package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A run spread over many topics (docs/traffic.md, "Many topics"): the shipped many-topic OMB
 * workload, its topics created in batches by preflight, every acked record read back across all of
 * them, the console and the page bounded (one line and the worst few, not a row per topic).
 */
class ManyTopicsIT {
  static final Path WORKLOAD =
      Path.of("src/test/resources/workloads/100-topics-4-partitions-100b.yaml").toAbsolutePath();

  /** Runs the shipped workload over {@code topics} topics of {@code partitions} partitions. */
  static GatlingRun run(String prefix, int topics, int partitions, int rate, int seconds)
      throws Exception {
    return runGatling(
        "simulations.OmbWorkloadSimulation",
        props(
            "kafka.bootstrap.servers",
            bootstrap(),
            "topic",
            prefix,
            "workload",
            WORKLOAD.toString(),
            "topics",
            String.valueOf(topics),
            "topic.partitions",
            String.valueOf(partitions),
            "rate",
            String.valueOf(rate),
            "warmup",
            "0",
            "duration",
            String.valueOf(seconds)),
        240);
  }

  @Test
  void fiftyTopicsEveryRecordReconciledAndTheSummaryBounded() throws Exception {
    String prefix = uniqueTopic("many");
    GatlingRun run = run(prefix, 50, 2, 1000, 5);
    assertEquals(0, run.exitCode(), run.tail());
    assertTrue(
        run.output().contains("[kafkaload] OMB workload '100 topics / 4 partitions / 100 B'")
            && run.output().contains("-Dtopics=100"),
        run.tail());
    long ok = run.counts("send")[1];
    assertEquals(0, run.counts("send")[2], run.tail());
    // Every send the schedule made (1,000/s for 5 s), acked: a count, not a speed.
    assertEquals(1000 * 5, ok, run.tail());

    // Console: one line over the 50 topics, then the worst 5, not 50 tables.
    String out = run.output();
    assertTrue(out.contains("---- Reconciliation of 50 topics"), run.tail());
    assertTrue(
        out.contains(
            "  50 topics, 100 partitions: 0 with records lost, 0 with duplicates; acked OK per topic"),
        run.tail());
    assertEquals(5, out.lines().filter(l -> l.startsWith("  topic '" + prefix + "-")).count());

    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode rec = p.path("reconciliation");
    assertEquals(50, rec.path("topics").size(), "every topic reconciled");
    assertEquals(ok, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(ok, rec.path("readBack").path("distinct").asLong(), "every record read back");
    assertTrue(rec.path("readBack").path("complete").asBoolean(), rec.toString());
    assertEquals(0, rec.path("lost").asLong(), rec.toString());
    assertEquals(0, rec.path("duplicates").asLong(), rec.toString());

    JsonNode spread = p.path("topicSpread");
    assertEquals(50, spread.path("topics").asInt(), spread.toString());
    assertEquals(100, spread.path("partitions").asLong(), spread.toString());
    assertEquals(ok, spread.path("ackedOk").asLong(), spread.toString());
    assertEquals(ok, spread.path("delivered").asLong(), spread.toString());
    assertEquals(0, spread.path("lost").asLong(), spread.toString());
    assertEquals(0, spread.path("topicsWithLost").asInt(), spread.toString());
    assertEquals(10, spread.path("worst").size(), "bounded: the worst 10 of 50");
    // Round robin: each topic got its fiftieth of the records, give or take one.
    assertEquals(ok / 50.0, spread.path("minAckedOk").asDouble(), 1.0, spread.toString());
    assertEquals(ok / 50.0, spread.path("maxAckedOk").asDouble(), 1.0, spread.toString());

    long inTopics = 0;
    for (int i = 0; i < 50; i++) {
      long n = endOffsetSum(prefix + "-" + i);
      assertTrue(n > 0, prefix + "-" + i + " got records");
      inTopics += n;
    }
    assertEquals(ok, inTopics, "the records are in the 50 topics, no more");

    String page = Files.readString(reportDir(run).resolve("kafka.html"));
    assertTrue(page.contains("id=\"topicSpreadSection\""), "the page's Topics section");
    assertTrue(page.contains("\"topicSpread\""), "drawn from the summary's topicSpread");
  }

  @Test
  void aTopicWithFewerPartitionsThanPlannedIsRefusedByNameBeforeAnyLoad() throws Exception {
    String prefix = uniqueTopic("many-short");
    createTopic(prefix + "-3", 1);
    GatlingRun run = run(prefix, 20, 2, 100, 2);
    assertNotEquals(0, run.exitCode(), run.tail());
    String line =
        run.output()
            .lines()
            .filter(l -> l.startsWith("[kafkaload] ERROR: "))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no ERROR line in:\n" + run.tail()));
    assertTrue(
        line.contains(
            "1 topic(s) already exist with fewer partitions than the 2 planned: '"
                + prefix
                + "-3' (1)"),
        line);
    assertFalse(run.output().contains("---- Requests"), run.tail());
  }

  /** 500 topics of 4 partitions (docs/traffic.md; bench/many-topics.sh measures the heap). */
  @Test
  @Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
  @Tag("quiet") // alone: 2,000 partitions on the fork's broker (preflight's 10 s leader wait)
  void fiveHundredTopicsOfFourPartitions() throws Exception {
    String prefix = uniqueTopic("many500");
    GatlingRun run = run(prefix, 500, 4, 5000, 20);
    assertEquals(0, run.exitCode(), run.tail());
    long ok = run.counts("send")[1];
    // The embedded broker's first appends to 2,000 fresh partitions are slow on a small machine:
    // the rate is bench/many-topics.sh's to measure; here every record counts: each of the sends
    // the schedule made (5,000/s for 20 s), however late, acked.
    assertEquals(0, run.counts("send")[2], run.tail());
    assertEquals(5000 * 20, ok, run.tail());
    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode rec = p.path("reconciliation");
    assertEquals(500, rec.path("topics").size(), rec.path("topics").size() + " topics");
    assertEquals(ok, rec.path("readBack").path("distinct").asLong(), "every record read back");
    assertEquals(ok, rec.path("ackedOk").asLong(), rec.toString());
    assertEquals(0, rec.path("lost").asLong());
    JsonNode spread = p.path("topicSpread");
    assertEquals(2000, spread.path("partitions").asLong(), spread.toString());
    assertEquals(10, spread.path("worst").size(), spread.toString());
  }
}
