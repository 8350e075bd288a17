package kafkaload.internal.protocol;

import java.util.List;
import java.util.Map;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicBatches;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.run.OffsetBaselines;
import kafkaload.internal.run.TopicOffsets;
import org.apache.kafka.clients.admin.Admin;

/**
 * The protocol's default topic before any load: one topic checked as {@link Preflight} does, or
 * many ({@code topics(prefix, n)}) in batches ({@link TopicBatches}); each topic's baseline taken.
 */
final class TopicsPreflight {
  private TopicsPreflight() {}

  /** The checks that create nothing. */
  static void checkPlan(Admin admin, KafkaProtocol protocol, Connection connection, int brokers) {
    Topics topics = protocol.topics();
    long timeoutMs = connection.timeoutMs();
    boolean acksAll = protocol.acksAll();
    if (topics.many()) {
      TopicBatches.checkPlan(admin, topics.names(), topics.plan(), timeoutMs, acksAll, brokers);
    } else if (topics.topic() != null) {
      Preflight.checkPlan(admin, topics.topic(), topics.plan(), timeoutMs, acksAll, brokers);
    }
  }

  /**
   * Creates what the plan says and checks it; the baselines of every default topic taken into
   * {@code baselines}. Returns the topics whose metadata the producers fetch before the load.
   */
  static List<String> prepare(
      KafkaProtocol protocol, Connection connection, OffsetBaselines baselines) {
    Topics topics = protocol.topics();
    if (topics.topic() == null) {
      return List.of();
    }
    TopicPlan plan = topics.plan();
    long timeoutMs = connection.timeoutMs();
    try (Admin admin = connection.admin()) {
      if (topics.many()) {
        Map<String, TopicOffsets> offsets =
            TopicBatches.prepare(admin, topics.names(), plan, timeoutMs);
        String first = topics.names().get(0);
        // Created alike: one topic's configuration stands for all.
        Preflight.checkBatchFits(admin, first, protocol.producerProperties(), timeoutMs);
        offsets.forEach(baselines::taken);
        return topics.names();
      }
      String topic = topics.topic();
      Preflight.checkTopic(admin, topic, plan, timeoutMs);
      if (protocol.acksAll()) {
        Preflight.checkInSyncReplicas(admin, topic, timeoutMs);
      }
      Preflight.checkBatchFits(admin, topic, protocol.producerProperties(), timeoutMs);
      baselines.taken(
          topic,
          OffsetQueries.offsets(admin, topic, timeoutMs)
              .orElseThrow(() -> Preflight.missing(topic)));
      return List.of(topic);
    }
  }
}
