package kafkaload.internal.admin;

/**
 * What preflight checks or prepares for the default topic before any load.
 *
 * @param create create the topic when it is missing, with {@code partitions} and {@code
 *     replicationFactor}
 * @param partitions partitions of a topic created by preflight
 * @param replicationFactor replication factor of a topic created by preflight
 * @param concurrency planned number of concurrent producers (users); the topic should have at least
 *     this many partitions
 * @param strictPartitions fail instead of warning when partitions {@code <} concurrency
 * @param bootstrapTimeoutMs how long the bootstrap servers get to answer
 * @param minInsyncReplicas the topic config min.insync.replicas of a topic created by preflight; 0:
 *     the broker's
 */
public record TopicPlan(
    boolean create,
    int partitions,
    short replicationFactor,
    int concurrency,
    boolean strictPartitions,
    long bootstrapTimeoutMs,
    int minInsyncReplicas) {

  public static final TopicPlan DEFAULT = new TopicPlan(false, 16, (short) 1, 1, false, 10_000);

  /** A plan that leaves min.insync.replicas to the broker. */
  public TopicPlan(
      boolean create,
      int partitions,
      short replicationFactor,
      int concurrency,
      boolean strictPartitions,
      long bootstrapTimeoutMs) {
    this(
        create,
        partitions,
        replicationFactor,
        concurrency,
        strictPartitions,
        bootstrapTimeoutMs,
        0);
  }

  /** Create the topic when it is missing, with these partitions and replication factor. */
  public TopicPlan withCreate(int partitions, short replicationFactor) {
    return new TopicPlan(
        true,
        partitions,
        replicationFactor,
        concurrency,
        strictPartitions,
        bootstrapTimeoutMs,
        minInsyncReplicas);
  }

  public TopicPlan withConcurrency(int users, boolean strict) {
    return new TopicPlan(
        create,
        partitions,
        replicationFactor,
        users,
        strict,
        bootstrapTimeoutMs,
        minInsyncReplicas);
  }

  public TopicPlan withBootstrapTimeoutMs(long ms) {
    return new TopicPlan(
        create,
        partitions,
        replicationFactor,
        concurrency,
        strictPartitions,
        ms,
        minInsyncReplicas);
  }

  public TopicPlan withMinInsyncReplicas(int n) {
    return new TopicPlan(
        create,
        partitions,
        replicationFactor,
        concurrency,
        strictPartitions,
        bootstrapTimeoutMs,
        n);
  }

  /** A plan that only checks that a topic exists: never creates it, no partition expectation. */
  public TopicPlan existing() {
    return new TopicPlan(false, 1, (short) 1, 1, false, bootstrapTimeoutMs);
  }
}
