package kafkaload.internal.run;

import java.util.Optional;

/**
 * A topic that was deleted, or deleted and created again, while the run sent to it: its offsets
 * before and after cannot be compared, and the records acked into the old topic are gone.
 *
 * @param topic the topic's name
 * @param change "deleted" or "deleted and re-created"
 * @param lastSeenMillis the last time the run saw the topic as it was (epoch ms)
 * @param seenChangedMillis the first time the run saw it changed (epoch ms)
 * @param partitionsBefore the partitions the topic had when the run took its baseline
 * @param partitionsAfter the partitions it has now (0 when deleted)
 */
public record TopicChange(
    String topic,
    String change,
    long lastSeenMillis,
    long seenChangedMillis,
    int partitionsBefore,
    int partitionsAfter) {
  public static final String DELETED = "deleted";
  public static final String RECREATED = "deleted and re-created";

  /**
   * The change between the baseline and the partitions the topic has now (empty: the topic is
   * gone).
   */
  public static TopicChange of(
      String topic,
      TopicOffsets baseline,
      Optional<Integer> partitionsNow,
      long lastSeenMillis,
      long seenChangedMillis) {
    return new TopicChange(
        topic,
        partitionsNow.isPresent() ? RECREATED : DELETED,
        lastSeenMillis,
        seenChangedMillis,
        baseline.endOffsets().size(),
        partitionsNow.orElse(0));
  }
}
