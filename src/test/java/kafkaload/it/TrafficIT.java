package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Traffic like production on the embedded broker (docs/traffic.md): Zipf keys read back from the
 * topic, the top key's share against Zipf's law; each key on the partition Kafka's default
 * partitioner picks; the traffic section and its part of the Kafka page.
 */
class TrafficIT {
  /** The records read back from the topic: how many, and how many per key. */
  record ReadBack(long records, Map<String, Long> perKey) {
    long top() {
      return perKey.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }
  }

  /** Zipf's law: the most frequent key's share, 1 / H(n, s). */
  static double zipfTopShare(int n, double s) {
    double h = 0;
    for (int i = 1; i <= n; i++) {
      h += 1 / Math.pow(i, s);
    }
    return 1 / h;
  }

  /**
   * Reads the whole topic, counting records per key and checking each keyed record's partition is
   * the default partitioner's (murmur2 of the key) without keeping the records.
   */
  static ReadBack readBack(String topic, long expected) {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap());
    p.put("enable.auto.commit", "false");
    p.put("max.poll.records", "5000");
    Map<String, Long> perKey = new HashMap<>();
    long records = 0;
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions =
          c.partitionsFor(topic).stream()
              .map(i -> new TopicPartition(topic, i.partition()))
              .toList();
      int count = partitions.size();
      c.assign(partitions);
      c.seekToBeginning(partitions);
      long deadline = System.currentTimeMillis() + 120_000;
      while (records < expected && System.currentTimeMillis() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          records++;
          assertNotNull(r.key(), "every record has a key");
          assertEquals(
              Utils.toPositive(Utils.murmur2(r.key())) % count,
              r.partition(),
              "the default partitioner's partition for " + str(r.key()));
          perKey.merge(str(r.key()), 1L, Long::sum);
        }
      }
    }
    return new ReadBack(records, perKey);
  }

  /** Runs ProductionTrafficSimulation with Zipf keys and returns the run; checks it passed. */
  private static GatlingRun run(String topic, int rate, int seconds, int keys, double s)
      throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.ProductionTrafficSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "rate",
                String.valueOf(rate),
                "warmup",
                "0",
                "duration",
                String.valueOf(seconds),
                "key.count",
                String.valueOf(keys),
                "key.zipfExponent",
                String.valueOf(s),
                "recordSize.dist",
                "percentiles:p50=100,p90=400,p99=1000",
                "value.compressibility",
                "0.6",
                // batches of ~10 KB: lz4's frame and the first copy of the text are a batch's cost
                "topic.partitions",
                "4",
                "linger.ms",
                "100"),
            seconds + 240);
    assertEquals(0, run.exitCode(), run.tail());
    return run;
  }

  private static void topKeyWithinFivePercentOfTheLaw(ReadBack back, int keys, double s) {
    double law = zipfTopShare(keys, s);
    double seen = (double) back.top() / back.records();
    assertTrue(
        Math.abs(seen - law) <= 0.05 * law,
        "top key's share " + seen + " vs Zipf's law " + law + " over " + back.records());
    assertEquals(back.top(), back.perKey().get("key-0"), "key-0 is the most frequent");
  }

  @Test
  void zipfKeysReadBackFollowTheLawAndThePageShowsTheSkew() throws Exception {
    String topic = uniqueTopic("traffic");
    // 30,000 records on 100 keys, s = 1.2: the top key's law is 27 %, and 5 % of it is over 5
    // standard errors of its share
    int keys = 100;
    GatlingRun run = run(topic, 3000, 10, keys, 1.2);
    long ok = run.counts("send")[1];
    ReadBack back = readBack(topic, ok);
    assertEquals(ok, back.records(), "every acked record read back");
    topKeyWithinFivePercentOfTheLaw(back, keys, 1.2);

    JsonNode t = summaryJson(run).path("protocols").path(0).path("traffic");
    assertEquals(ok, t.path("records").asLong(), t.toString());
    assertEquals(0, t.path("keyless").asLong());
    JsonNode top = t.path("topKeys").path(0);
    assertEquals("key-0", top.path("key").asText(), t.toString());
    assertEquals(back.perKey().get("key-0"), top.path("records").asLong());
    JsonNode sizes = t.path("sizes");
    assertEquals(100, sizes.path("p50").asDouble(), 10, sizes.toString());
    assertEquals(400, sizes.path("p90").asDouble(), 40, sizes.toString());
    assertTrue(sizes.path("max").asLong() <= 1000 * 1.01, sizes.toString());
    JsonNode batching = t.path("batching");
    assertTrue(batching.path("batchSizeAvg").asDouble() > 0, batching.toString());
    assertTrue(batching.path("recordsPerRequestAvg").asDouble() > 0, batching.toString());
    // lz4 (the default compression.type) on values 60 % repeated text, in batches of ~10 KB
    double rate = batching.path("compressionRateAvg").asDouble();
    assertTrue(rate > 0.2 && rate < 0.7, batching.toString());

    String page = Files.readString(reportDir(run).resolve("kafka.html"));
    assertTrue(page.contains("id=\"trafficSection\""), "the page has the traffic part");
    assertTrue(page.contains("records-per-request-avg"));
    KafkaPageCheck.assertConsistent(reportDir(run));
  }

  /** The figure: a million records, the top key's share within 5 % of Zipf's law. */
  @Test
  @Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
  void aMillionZipfKeysReadBackFollowTheLaw() throws Exception {
    String topic = uniqueTopic("traffic-1m");
    int keys = 10_000;
    GatlingRun run = run(topic, 20_000, 50, keys, 1.0);
    long ok = run.counts("send")[1];
    assertTrue(ok >= 1_000_000, "a million records acked, got " + ok);
    ReadBack back = readBack(topic, ok);
    assertEquals(ok, back.records(), "every acked record read back");
    topKeyWithinFivePercentOfTheLaw(back, keys, 1.0);
  }
}
