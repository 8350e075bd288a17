package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The reconciliation of a run's acked records against its topics, as the summary shows it: totals
 * over the topics, the read-back (null when off), and each topic with its partitions. The totals
 * are written flat.
 *
 * @param gated the verdicts came from a reconcile() step (false: the offset comparison made at the
 *     end)
 * @param stuckLastStableOffsets partitions whose last stable offset stayed below the high-water
 *     mark (an open transaction) so the read_committed read-back could not see past it
 * @param exactlyOnce the exactly-once verdict of a pipeline's output; absent when none was asked
 */
public record ReconciliationResult(
    boolean gated,
    @JsonUnwrapped Totals totals,
    ReadBack readBack,
    List<StuckOffset> stuckLastStableOffsets,
    List<Topic> topics,
    @JsonInclude(JsonInclude.Include.NON_NULL) ExactlyOnce exactlyOnce,
    @JsonInclude(JsonInclude.Include.NON_NULL) Transactions transactions) {

  /**
   * The totals over the topics.
   *
   * @param duplicatesByIdentity {@code duplicates} counts record identities (a read-back ran);
   *     false: it is {@code unaccountedUpperBound}, offsets not matched by acked records
   *     (transaction markers and other writers count too)
   */
  public record Totals(
      long ackedOk,
      long offsetDelta,
      long inFlightAtEnd,
      long lost,
      long duplicates,
      double duplicatePct,
      boolean duplicatesByIdentity,
      long unaccountedUpperBound) {}

  /**
   * Committed inputs against the pipeline's committed outputs by identity: {@code holds} when each
   * has exactly one; {@code abortedOutputs}: aborted outputs (read_uncommitted), null when not
   * counted; {@code failure}: why not.
   */
  public record ExactlyOnce(
      String outputTopic,
      @JsonUnwrapped Outputs counts,
      boolean complete,
      double seconds,
      List<Long> missingSample,
      boolean holds,
      String failure) {
    private static final String BROKEN = "EXACTLY-ONCE BROKEN on '";

    public ExactlyOnce {
      missingSample = missingSample == null ? null : List.copyOf(missingSample);
    }

    /**
     * The committed inputs and outputs counted by identity; {@code abortedOutputs} null when not
     * counted.
     */
    public record Outputs(
        long committedInputs,
        long committedOutputs,
        long distinctOutputs,
        long duplicates,
        long missing,
        long unexpected,
        Long abortedOutputs) {
      public Outputs {
        abortedOutputs = measured(abortedOutputs);
      }
    }

    /**
     * These counts with their verdict ({@code holds}, {@code failure}); {@code error}: why they
     * could not be judged, or null.
     */
    public ExactlyOnce verdict(String error) {
      String failure =
          error != null ? "exactly-once on '" + outputTopic + "' not judged: " + error : broken();
      return new ExactlyOnce(
          outputTopic, counts, complete, seconds, missingSample, failure == null, failure);
    }

    /** A verdict that could not be reached, with its reason. */
    public static ExactlyOnce unjudged(String outputTopic, String error) {
      return new ExactlyOnce(
              outputTopic, new Outputs(0, 0, 0, 0, 0, 0, 0L), false, 0, List.of(), false, null)
          .verdict(error);
    }

    /** Whether the counts were judged (the verdict holds or names how it broke). */
    public boolean judged() {
      return failure == null || failure.startsWith(BROKEN);
    }

    /** How these counts break exactly-once, or null when they hold. */
    private String broken() {
      List<String> wrong = new ArrayList<>();
      if (counts.missing() > 0) {
        wrong.add(
            "%s committed input(s) without a committed output (first sequence numbers %s)"
                .formatted(counts.missing(), missingSample));
      }
      if (counts.duplicates() > 0) {
        wrong.add(counts.duplicates() + " duplicate committed output(s)");
      }
      if (counts.unexpected() > 0) {
        wrong.add(counts.unexpected() + " committed output(s) of this run with no committed input");
      }
      if (!complete && wrong.isEmpty()) {
        wrong.add("the read-back did not finish");
      }
      return wrong.isEmpty()
          ? null
          : BROKEN
              + "%s': %s (%s committed inputs, %s distinct committed outputs)"
                  .formatted(
                      outputTopic,
                      String.join("; ", wrong),
                      counts.committedInputs(),
                      counts.distinctOutputs());
    }
  }

  /**
   * The run's transactional records (null without any): {@code committed}, {@code aborted}
   * (invisible to read_committed, not lost), {@code inDoubt} (failed, the broker decided; not
   * lost); {@code abortedFound} seen by the read-back, {@code abortedVisible} by a read_committed
   * one (a breach); {@code lost} committed ones missing.
   */
  public record Transactions(
      long committed,
      long aborted,
      long inDoubt,
      long lost,
      Long abortedFound,
      Long abortedVisible) {}

  /**
   * The read-back; {@code complete} false when out of time or a last stable offset stayed stuck.
   * The groups are written flat.
   */
  public record ReadBack(
      boolean complete,
      @JsonUnwrapped Counts counts,
      @JsonUnwrapped Reordering reordering,
      double seconds,
      @JsonUnwrapped Found found,
      String isolationLevel,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long abortedFound) {

    /** Aborted records a read_committed read-back saw: a breach of isolation (else 0). */
    public long abortedVisible() {
      return "read_committed".equals(isolationLevel) && abortedFound != null ? abortedFound : 0;
    }

    /**
     * What it read and matched. {@code koInTopic}: KO'd records in the topic anyway, not delivered.
     */
    public record Counts(
        long scanned, long matched, long distinct, long duplicates, long gaps, long koInTopic) {}

    /**
     * Records out of order, checked within {@code reorderWindow} (partition, user) pairs, {@code
     * reorderWindowEvicted} let go.
     */
    public record Reordering(long reordered, int reorderWindow, long reorderWindowEvicted) {}

    /**
     * {@code foundByInjector}: records found per injector; {@code unreportedInjectors}: dead ones,
     * whose records found count for them alone.
     */
    public record Found(Map<Integer, Long> foundByInjector, List<Integer> unreportedInjectors) {
      public Found {
        foundByInjector =
            foundByInjector == null
                ? null
                : Collections.unmodifiableMap(new TreeMap<>(foundByInjector));
        unreportedInjectors = unreportedInjectors == null ? null : List.copyOf(unreportedInjectors);
      }

      /** Records found in the topic from injectors that reported no results. */
      public long foundUnreported() {
        return unreportedInjectors.stream()
            .mapToLong(i -> foundByInjector.getOrDefault(i, 0L))
            .sum();
      }
    }
  }

  /**
   * A partition whose last stable offset stayed below its high-water mark for {@code waitedMillis}:
   * an open transaction hides every later record from read_committed. {@code openTransactions}:
   * producer id → start offset; {@code text}: the same in words, made from the rest when null.
   */
  public record StuckOffset(
      String topic,
      int partition,
      long lastStableOffset,
      long highWatermark,
      long waitedMillis,
      Map<Long, Long> openTransactions,
      String text) {
    public StuckOffset {
      if (text == null) {
        openTransactions = Map.copyOf(openTransactions);
        text =
            String.format(
                Locale.ROOT,
                "%s-%d: last stable offset %d below high-water mark %d for %.1f s; %s",
                topic,
                partition,
                lastStableOffset,
                highWatermark,
                waitedMillis / 1000.0,
                openTransactions.isEmpty()
                    ? "no open transaction named by the broker"
                    : openTransactions.entrySet().stream()
                        .sorted(Map.Entry.comparingByKey())
                        .map(e -> e.getKey() + " (since offset " + e.getValue() + ")")
                        .collect(
                            Collectors.joining(
                                ", ", "open transaction(s) of producer id(s) ", "")));
      }
    }

    /** "orders-3: last stable offset 120 below high-water mark 130 for 10.0 s; ..." */
    public String describe() {
      return text;
    }
  }

  /**
   * One topic; {@code change} and {@code changeText} (the same in words) when it was deleted or
   * re-created during the run, else null. {@code delivered}: the distinct acked records read back;
   * null without a complete read-back (an older file's -1 reads as null).
   */
  public record Topic(
      String topic,
      long ackedOk,
      long offsetDelta,
      long lost,
      long duplicates,
      long unaccountedUpperBound,
      Long delivered,
      TopicChange change,
      String changeText,
      List<Partition> partitions) {
    public Topic {
      delivered = measured(delivered);
    }
  }

  /**
   * A topic that was deleted, or deleted and created again, while the run sent to it, as far as the
   * run saw: its offsets before and after cannot be compared, and the records acked into the old
   * topic are gone.
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
     * The change from the baseline's partitions to the partitions now (empty: the topic is gone).
     */
    public static TopicChange of(
        String topic,
        int partitionsBefore,
        Optional<Integer> partitionsNow,
        long lastSeenMillis,
        long seenChangedMillis) {
      return new TopicChange(
          topic,
          partitionsNow.isPresent() ? RECREATED : DELETED,
          lastSeenMillis,
          seenChangedMillis,
          partitionsBefore,
          partitionsNow.orElse(0));
    }

    /** "deleted and re-created (16 partitions, now 3) between 12:00:05 and 12:00:10 UTC". */
    public String describe() {
      return String.format(
          Locale.ROOT,
          "%s (%d partitions, now %d) between %tT and %tT UTC",
          change,
          partitionsBefore,
          partitionsAfter,
          Instant.ofEpochMilli(lastSeenMillis).atZone(ZoneOffset.UTC),
          Instant.ofEpochMilli(seenChangedMillis).atZone(ZoneOffset.UTC));
    }
  }

  /**
   * One partition; {@code offsetAfter} -1 when the topic no longer has it; the read-back's counts
   * ({@code readBack}, {@code duplicates}, {@code reordered}) null without a read-back (an older
   * file's -1 reads as null).
   */
  public record Partition(
      int partition,
      long offsetBefore,
      long offsetAfter,
      long ackedRecords,
      long ackedBytes,
      Long readBack,
      Long duplicates,
      Long reordered) {
    public Partition {
      readBack = measured(readBack);
      duplicates = measured(duplicates);
      reordered = measured(reordered);
    }

    public boolean gone() {
      return offsetAfter < 0;
    }

    public long offsetDelta() {
      return gone() ? 0 : offsetAfter - offsetBefore;
    }
  }

  /** An unmeasured count is null, never a sentinel: -1 (as older files hold) becomes null. */
  private static Long measured(Long count) {
    return count != null && count < 0 ? null : count;
  }
}
