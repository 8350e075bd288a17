package kafkaload.internal.run;

import static java.util.Locale.ROOT;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import kafkaload.internal.results.ReconciliationResult;

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

  /** The change from the baseline to the partitions now (empty: the topic is gone). */
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

  /** "deleted and re-created (16 partitions, now 3) between 12:00:05 and 12:00:10 UTC". */
  public String describe() {
    DateTimeFormatter time = DateTimeFormatter.ofPattern("HH:mm:ss", ROOT).withZone(ZoneOffset.UTC);
    return String.format(
        ROOT,
        "%s (%d partitions, now %d) between %s and %s UTC",
        change,
        partitionsBefore,
        partitionsAfter,
        time.format(Instant.ofEpochMilli(lastSeenMillis)),
        time.format(Instant.ofEpochMilli(seenChangedMillis)));
  }

  /** As kafka-summary.json shows it. */
  public ReconciliationResult.TopicChange toResult() {
    return new ReconciliationResult.TopicChange(
        topic, change, lastSeenMillis, seenChangedMillis, partitionsBefore, partitionsAfter);
  }
}
