package kafkaload.internal.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.run.TopicOffsets;
import kafkaload.it.KafkaTestSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.Test;

/** The end offsets of topics described a moment ago, on the shared embedded broker. */
class TopicBatchesIT {
  @Test
  void aTopicDeletedSinceItWasDescribedIsLeftOutAndTheOthersKept() throws Exception {
    String kept = KafkaTestSupport.uniqueTopic("batches-kept");
    String deleted = KafkaTestSupport.uniqueTopic("batches-deleted");
    KafkaTestSupport.createTopic(kept, 2);
    KafkaTestSupport.createTopic(deleted, 2);
    try (Admin admin = KafkaTestSupport.admin()) {
      Map<String, TopicDescription> described =
          TopicBatches.describe(admin, List.of(kept, deleted), 30_000);
      assertEquals(2, described.size(), described.toString());
      admin.deleteTopics(List.of(deleted)).all().get(30, TimeUnit.SECONDS);
      while (!TopicBatches.describe(admin, List.of(deleted), 30_000).isEmpty()) {
        Thread.sleep(50);
      }
      Map<String, TopicOffsets> offsets =
          TopicBatches.endOffsets(admin, described, 30_000, TopicBatches.INTERRUPTED);
      assertEquals(List.of(kept), List.copyOf(offsets.keySet()), offsets.toString());
      assertEquals(Map.of(0, 0L, 1, 0L), offsets.get(kept).endOffsets());
    }
  }
}
