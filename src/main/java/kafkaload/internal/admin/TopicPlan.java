package kafkaload.internal.admin;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * What preflight checks or prepares for the default topic before any load; a {@code with…} replaces
 * one small part.
 *
 * @param creation whether and how preflight creates the topic when it is missing
 * @param concurrency planned number of concurrent producers (users); the topic should have at least
 *     this many partitions
 * @param strictPartitions fail instead of warning when partitions {@code <} concurrency
 * @param bootstrapTimeoutMs how long the bootstrap servers get to answer
 */
@RecordBuilder
public record TopicPlan(
    Creation creation, int concurrency, boolean strictPartitions, long bootstrapTimeoutMs)
    implements TopicPlanBuilder.With {

  public static final TopicPlan DEFAULT = new TopicPlan(false, 16, (short) 1, 1, false, 10_000, 0);

  /**
   * A topic created by preflight.
   *
   * @param create create the topic when it is missing, with {@code partitions} and {@code
   *     replicationFactor}
   * @param minInsyncReplicas the topic config min.insync.replicas; 0: the broker's
   * @param configs other topic configs of a created topic (an OMB driver file's topicConfig)
   */
  @RecordBuilder
  public record Creation(
      boolean create,
      int partitions,
      short replicationFactor,
      int minInsyncReplicas,
      Map<String, String> configs)
      implements TopicPlanCreationBuilder.With {
    public Creation {
      configs = Map.copyOf(configs);
    }

    public Creation(
        boolean create, int partitions, short replicationFactor, int minInsyncReplicas) {
      this(create, partitions, replicationFactor, minInsyncReplicas, Map.of());
    }
  }

  public TopicPlan(
      boolean create,
      int partitions,
      short replicationFactor,
      int concurrency,
      boolean strictPartitions,
      long bootstrapTimeoutMs,
      int minInsyncReplicas) {
    this(
        new Creation(create, partitions, replicationFactor, minInsyncReplicas),
        concurrency,
        strictPartitions,
        bootstrapTimeoutMs);
  }

  /** Create the topic when it is missing. */
  public boolean create() {
    return creation.create();
  }

  /** Partitions of a topic created by preflight. */
  public int partitions() {
    return creation.partitions();
  }

  /** Replication factor of a topic created by preflight. */
  public short replicationFactor() {
    return creation.replicationFactor();
  }

  /** The topic config min.insync.replicas of a topic created by preflight; 0: the broker's. */
  public int minInsyncReplicas() {
    return creation.minInsyncReplicas();
  }

  /** Create the topic when it is missing, with these partitions and replication factor. */
  public TopicPlan withCreate(int partitions, short replicationFactor) {
    return withCreation(
        new Creation(true, partitions, replicationFactor, minInsyncReplicas(), creation.configs()));
  }

  public TopicPlan withConcurrency(int users, boolean strict) {
    return withConcurrency(users).withStrictPartitions(strict);
  }

  public TopicPlan withMinInsyncReplicas(int n) {
    return withCreation(creation.withMinInsyncReplicas(n));
  }

  /** With topic config {@code name} = {@code value} on a created topic, beside the others. */
  public TopicPlan withConfig(String name, String value) {
    Map<String, String> configs = new TreeMap<>(creation.configs());
    configs.put(name, value);
    return withCreation(creation.withConfigs(configs));
  }

  /** The configs of a created topic: min.insync.replicas when set, and the others. */
  public Map<String, String> createdConfigs() {
    Map<String, String> all = new TreeMap<>(creation.configs());
    if (minInsyncReplicas() > 0) {
      all.put("min.insync.replicas", String.valueOf(minInsyncReplicas()));
    }
    return all;
  }

  /** The topic as preflight creates it: partitions, replication factor and configs. */
  public NewTopic newTopic(String name) {
    NewTopic t = new NewTopic(name, partitions(), replicationFactor());
    return createdConfigs().isEmpty() ? t : t.configs(createdConfigs());
  }

  /** A plan that only checks that a topic exists: never creates it, no partition expectation. */
  public TopicPlan existing() {
    return new TopicPlan(false, 1, (short) 1, 1, false, bootstrapTimeoutMs, 0);
  }
}
