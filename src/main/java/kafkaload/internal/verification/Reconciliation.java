package kafkaload.internal.verification;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.TopicBatches;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.results.ReconciliationResult.ExactlyOnce;
import kafkaload.internal.results.ReconciliationResult.Partition;
import kafkaload.internal.results.ReconciliationResult.TopicChange;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.PartitionCounters;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.Reconciled.Result;
import kafkaload.internal.run.Reconciled.TopicResult;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TopicOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * Compares what the run says it wrote with what the broker holds: acked records against each
 * partition's offset delta, and with a read-back ({@link RecordReadBack}) duplicates, reordering
 * and lost records.
 *
 * <p>Offsets are not records (markers, aborted records, compaction), so the delta is a bound; the
 * read-back counts records, read_committed by default up to each last stable offset, which equals
 * the high-water mark without transactions. A last stable offset stuck below it is named with its
 * producers after a bounded wait.
 */
public final class Reconciliation {
  /** How long a last stable offset may stay below its high-water mark before it is stuck. */
  static final Duration STUCK_AFTER = Duration.ofSeconds(10);

  private Reconciliation() {}

  /**
   * What to reconcile: the run's {@code ledger} (default topic first) over {@code connection}; the
   * {@code producers} to flush; the {@code reading}; the pipeline {@code output} to judge
   * exactly-once on (null: none, see {@link ExactlyOnceCheck}).
   */
  @RecordBuilder
  public record Request(
      Connection connection,
      RunLedger ledger,
      List<ProducerHandle> producers,
      String defaultTopic,
      Reading reading,
      ExactlyOnceCheck.Output output)
      implements ReconciliationRequestBuilder.With {
    public Request {
      producers = List.copyOf(producers);
    }

    /** The offset comparison alone: no producer to flush, no read-back, no pipeline. */
    public static Request of(Connection connection, RunLedger ledger, String defaultTopic) {
      Reading off = Reading.committed(false, Duration.ZERO);
      return new Request(connection, ledger, List.of(), defaultTopic, off, null);
    }

    /** A read_committed read-back when {@code on}, within {@code timeout}. */
    public Request withReadBack(boolean on, Duration timeout) {
      return withReading(Reading.committed(on, timeout));
    }
  }

  /**
   * The read-back: when {@code on}, within {@code timeout}, with {@code isolation}; with
   * read_committed a partition stuck below its high-water mark for {@code stuckAfter} is read to
   * there and named.
   */
  public record Reading(
      boolean on, Duration timeout, IsolationLevel isolation, Duration stuckAfter) {
    /** read_committed: delivered when a read_committed consumer sees it (see the class comment). */
    public static Reading committed(boolean on, Duration timeout) {
      // At most STUCK_AFTER and half the read-back's time: a stuck offset named in time.
      Duration stuckAfter = Collections.min(List.of(timeout.dividedBy(2), STUCK_AFTER));
      return new Reading(on, timeout, IsolationLevel.READ_COMMITTED, stuckAfter);
    }
  }

  /** Flushes, snapshots end offsets, reads the records back and judges exactly-once if asked. */
  public static Result run(Request request) {
    RunLedger ledger = request.ledger();
    long inFlight = ledger.delivery().inFlight();
    request.producers().forEach(h -> h.producer().flush());
    Map<String, Span> spans = offsets(request.connection(), ledger, request.defaultTopic());
    RecordReadBack.ReadState state =
        request.reading().on() && ledger.identity() != null
            ? RecordReadBack.read(request.connection(), ledger, spans, request.reading())
            : null;
    List<TopicResult> topics =
        spans.keySet().stream().map(t -> topic(t, ledger, spans.get(t), state)).toList();
    if (state != null && state.complete) {
      topics.forEach(t -> ledger.delivery().readBack(t.topic(), t.delivered(), t.lost()));
    }
    DeliveryLedger.Snapshot d = ledger.delivery().snapshot();
    return new Result(
        ledger.identity() == null ? null : ledger.identity().runId(),
        inFlight,
        state == null ? null : state.summary(request.reading().isolation()),
        topics,
        state == null ? List.of() : state.stuck,
        request.output() == null ? null : exactlyOnce(request, state),
        d.committed() + d.aborted() + d.inDoubt() == 0
            ? null
            : new Reconciled.Transactions(d.committed(), d.aborted(), d.inDoubt()));
  }

  /**
   * A topic's end offsets at the run's start ({@code before}; empty: read from 0) and end ({@code
   * after}), and how it changed since its baseline (null: it did not).
   */
  record Span(Map<Integer, Long> before, Map<Integer, Long> after, TopicChange change) {}

  /** Every topic the run took a baseline of, the default topic first. */
  private static Map<String, Span> offsets(
      Connection connection, RunLedger ledger, String defaultTopic) {
    Map<String, TopicOffsets> taken = ledger.baselines().taken();
    // The default topic first (none: every send names its topic), the others in taken's order: a
    // stable sort.
    List<String> topics = new ArrayList<>(taken.keySet());
    topics.sort(Comparator.comparing(topic -> !topic.equals(defaultTopic)));
    Map<String, Span> spans = new LinkedHashMap<>();
    try (Admin admin = connection.admin()) {
      // One call per batch of topics, not per topic: a run may spread over hundreds.
      Map<String, TopicOffsets> current =
          TopicBatches.offsets(admin, topics, connection.timeoutMs());
      for (String topic : topics) {
        TopicOffsets base = taken.get(topic);
        Optional<TopicOffsets> now = Optional.ofNullable(current.get(topic));
        Map<Integer, Long> after = now.map(TopicOffsets::endOffsets).orElse(Map.of());
        if (now.isPresent() && now.get().topicId().equals(base.topicId())) {
          spans.put(topic, new Span(base.endOffsets(), after, null));
        } else {
          // Not the topic the run started with: whatever of the run's is there now was written from
          // offset 0. The topic watch's record of the same change, when it saw it, is kept.
          TopicChange change =
              TopicChange.of(
                  topic,
                  base.endOffsets().size(),
                  now.map(o -> o.endOffsets().size()),
                  ledger.topicLastSeen(topic, base),
                  System.currentTimeMillis());
          TopicChange seen = ledger.topicChanges().get(topic);
          if (seen != null && seen.change().equals(change.change())) {
            change = seen;
          }
          ledger.topicChanged(change);
          spans.put(topic, new Span(Map.of(), after, change));
        }
      }
    }
    return spans;
  }

  /** One topic: acked records and offsets per partition, and what a read-back found there. */
  private static TopicResult topic(
      String topic, RunLedger ledger, Span span, RecordReadBack.ReadState state) {
    Map<Integer, PartitionCounters.Count> acked = ledger.delivery().ackedByPartition(topic);
    // Every partition the run acked records on, even one the topic no longer has: those records
    // are lost.
    SortedSet<Integer> ids = new TreeSet<>(span.after().keySet());
    ids.addAll(acked.keySet());
    List<Partition> partitions = new ArrayList<>();
    for (int p : ids) {
      PartitionCounters.Count a = acked.getOrDefault(p, new PartitionCounters.Count(0, 0));
      TopicPartition tp = new TopicPartition(topic, p);
      partitions.add(
          new Partition(
              p,
              span.before().getOrDefault(p, 0L),
              span.after().getOrDefault(p, -1L),
              a.records(),
              a.bytes(),
              state == null ? null : state.matchedBy.getOrDefault(tp, 0L),
              state == null ? null : state.duplicatesBy.getOrDefault(tp, 0L),
              state == null ? null : state.reorderedBy.getOrDefault(tp, 0L)));
    }
    return new TopicResult(
        topic,
        partitions.stream().mapToLong(Partition::ackedRecords).sum(),
        partitions.stream().mapToLong(Partition::offsetDelta).sum(),
        state == null || !state.complete
            ? -1
            : state.distinctBy.getOrDefault(topic, 0L) - state.koInTopicBy.getOrDefault(topic, 0L),
        state == null ? -1 : partitions.stream().mapToLong(Partition::duplicates).sum(),
        partitions,
        span.change(),
        ledger.delivery().notOwed(topic));
  }

  /** The pipeline's exactly-once verdict, judged on what the read-back found. */
  private static ExactlyOnce exactlyOnce(Request request, RecordReadBack.ReadState state) {
    String topic = request.output().topic();
    if (state == null) {
      return ExactlyOnce.unjudged(topic, "it needs the read-back and the run-identity headers");
    }
    try {
      return ExactlyOnceCheck.run(
          request.connection(),
          request.ledger().identity().runIdBytes(),
          state.seen,
          state.complete,
          request.output(),
          request.reading().timeout());
    } catch (RuntimeException e) {
      return ExactlyOnce.unjudged(topic, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }
}
