package kafkaload.internal.verification;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.results.ReconciliationResult.ReadBack;
import kafkaload.internal.results.ReconciliationResult.StuckOffset;
import kafkaload.internal.run.KoLedger;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * Reads the run's records back by run id: per partition found, duplicates and reordering; one read
 * for all topics, since a user's sequence spans them. Under read_committed up to each last stable
 * offset, naming one stuck below its high-water mark after a bounded wait.
 */
final class RecordReadBack {
  /** (partition, user) pairs whose last sequence the reordering check keeps: ~20 MB at most. */
  static final int REORDER_WINDOW = 1 << 18;

  private RecordReadBack() {}

  /** Reads each topic's partitions from its span's {@code before} (missing: 0) to {@code after}. */
  static ReadState read(
      Connection connection,
      RunLedger ledger,
      Map<String, Reconciliation.Span> spans,
      Reconciliation.Reading reading) {
    long t0 = System.nanoTime();
    Map<TopicPartition, Long> from = new HashMap<>();
    Map<TopicPartition, Long> to = new HashMap<>();
    for (Map.Entry<String, Reconciliation.Span> span : spans.entrySet()) {
      for (Map.Entry<Integer, Long> end : span.getValue().after().entrySet()) {
        long start = span.getValue().before().getOrDefault(end.getKey(), 0L);
        if (end.getValue() > start) {
          from.put(new TopicPartition(span.getKey(), end.getKey()), start);
          to.put(new TopicPartition(span.getKey(), end.getKey()), end.getValue());
        }
      }
    }
    ReadState state =
        new ReadState(
            ledger.koLedger(),
            ledger.delivery().abortedLedger(),
            REORDER_WINDOW,
            ledger.sequenceStarts());
    ledger.unreportedStarts().forEach(state::unreported);
    if (reading.isolation() == IsolationLevel.READ_COMMITTED && !to.isEmpty()) {
      state.stuck = stableBounds(connection, to, reading.stuckAfter());
    }
    Duration left = reading.timeout().minusNanos(System.nanoTime() - t0);
    Duration timeout = left.isNegative() ? Duration.ZERO : left;
    // Records deleted below the start offset must read as missing, not make the reader jump to the
    // end.
    byte[] runId = ledger.identity().runIdBytes();
    List<TopicPartition> pending = new ArrayList<>(from.keySet());
    // The run identity's headers are all it reads: values are left in the fetched batches.
    try (KafkaConsumer<byte[], byte[]> consumer =
        reader(connection, "kafkaload-verify", reading.isolation(), timeout).createHeadersOnly()) {
      consumer.assign(pending);
      from.forEach(consumer::seek);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          TopicPartition tp = new TopicPartition(r.topic(), r.partition());
          if (r.offset() < to.get(tp)) {
            state.scanned++;
            long[] id = RunIdentity.recordId(r.headers(), runId);
            if (id != null) {
              state.accept(tp, id[0], id[1]);
            }
          }
        }
        pending.removeIf(tp -> consumer.position(tp) >= to.get(tp));
        consumer.pause(consumer.assignment().stream().filter(tp -> !pending.contains(tp)).toList());
      }
      // Records past a stuck last stable offset cannot be read.
      state.complete = pending.isEmpty() && state.stuck.isEmpty();
    }
    state.seconds = (System.nanoTime() - t0) / 1e9;
    return state;
  }

  /**
   * Lowers {@code to} to each last stable offset once it stops moving, waiting up to {@code
   * stuckAfter}; returns the partitions still below, with their open transactions' producers.
   */
  private static List<StuckOffset> stableBounds(
      Connection connection, Map<TopicPartition, Long> to, Duration stuckAfter) {
    long t0 = System.nanoTime();
    try (Admin admin = connection.admin()) {
      while (true) {
        Map<TopicPartition, Long> below = new TreeMap<>(LagMonitor.BY_TOPIC_PARTITION);
        below.putAll(OffsetQueries.lastStableOffsets(admin, to.keySet(), connection.timeoutMs()));
        below.entrySet().removeIf(e -> e.getValue() >= to.get(e.getKey()));
        long waited = (System.nanoTime() - t0) / 1_000_000;
        if (below.isEmpty()) {
          return List.of();
        }
        if (waited >= stuckAfter.toMillis()) {
          Map<TopicPartition, Map<Long, Long>> open =
              OffsetQueries.openTransactions(admin, below.keySet(), connection.timeoutMs());
          List<StuckOffset> stuck = new ArrayList<>();
          below.forEach(
              (tp, stable) ->
                  stuck.add(
                      new StuckOffset(
                          tp.topic(),
                          tp.partition(),
                          stable,
                          to.get(tp),
                          waited,
                          open.getOrDefault(tp, Map.of()),
                          null)));
          to.putAll(below);
          return stuck;
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return List.of();
        }
      }
    }
  }

  /**
   * What the read-back accumulates in memory that does not grow per user: a bitmap of sequences
   * seen, per-partition counts, and the last sequence of recent (partition, user) pairs.
   */
  static final class ReadState {
    final Roaring64Bitmap seen = new Roaring64Bitmap();

    /**
     * The last sequence of the most recent (partition, user) pairs, at most {@code reorderWindow}:
     * reordering is checked within that many pairs, as in the open model every record is its own
     * user.
     */
    final Map<Long, Long> lastSeq;

    final int reorderWindow;
    final Map<TopicPartition, Integer> partitionIndex = new HashMap<>();
    final Map<TopicPartition, Long> matchedBy = new HashMap<>();
    final Map<TopicPartition, Long> duplicatesBy = new HashMap<>();
    final Map<TopicPartition, Long> reorderedBy = new HashMap<>();
    final Map<String, Long> distinctBy = new HashMap<>();
    final Map<String, Long> koInTopicBy = new HashMap<>();
    final KoLedger koLedger;
    final KoLedger abortedLedger;
    final List<Long> sequenceStarts;

    /** Distinct records found per sequence space (the i-th start's), i.e. per injector. */
    final long[] foundBySpace;

    /** Spaces of injectors that reported no results: found, but never delivered. */
    final boolean[] unreported;

    long scanned;
    long abortedFound;

    /** The (partition, user) pairs {@link #lastSeq} let go. */
    long evicted;

    boolean complete;
    double seconds;

    /** The partitions whose stuck last stable offset bounded the read. */
    List<StuckOffset> stuck = List.of();

    /**
     * {@code abortedLedger}: records of aborted transactions, never delivered; {@code
     * sequenceStarts}: where each injector's sequence space starts (one, from 0, alone).
     */
    ReadState(
        KoLedger koLedger, KoLedger abortedLedger, int reorderWindow, List<Long> sequenceStarts) {
      this.koLedger = koLedger;
      this.abortedLedger = abortedLedger;
      this.sequenceStarts = sequenceStarts.stream().sorted().toList();
      this.foundBySpace = new long[this.sequenceStarts.size()];
      this.unreported = new boolean[this.sequenceStarts.size()];
      this.reorderWindow = reorderWindow;
      this.lastSeq =
          new LinkedHashMap<>(Math.min(reorderWindow, 1 << 16), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
              boolean evict = size() > reorderWindow;
              evicted += evict ? 1 : 0;
              return evict;
            }
          };
    }

    /** One of the run's records, read from {@code p}: its user and run-wide sequence number. */
    void accept(TopicPartition p, long user, long seq) {
      matchedBy.merge(p, 1L, Long::sum);
      if (seen.contains(seq)) {
        duplicatesBy.merge(p, 1L, Long::sum);
      } else {
        seen.addLong(seq);
        int space = space(seq);
        foundBySpace[space]++;
        if (abortedLedger.contains(seq)) {
          abortedFound++; // in the log, never delivered: expected read_uncommitted only
        } else if (!unreported[space]) {
          distinctBy.merge(p.topic(), 1L, Long::sum);
          if (koLedger.contains(seq)) {
            koInTopicBy.merge(p.topic(), 1L, Long::sum);
          }
        }
      }
      int index = partitionIndex.computeIfAbsent(p, x -> partitionIndex.size());
      Long last = lastSeq.put(((long) index << 40) | user, seq);
      if (last != null && seq < last) {
        reorderedBy.merge(p, 1L, Long::sum);
      }
    }

    /** The space starting at {@code start} counts as found only (its injector reported nothing). */
    void unreported(long start) {
      int i = sequenceStarts.indexOf(start);
      if (i >= 0) {
        unreported[i] = true;
      }
    }

    /** The sequence space a sequence number belongs to: the last one starting at or below it. */
    int space(long seq) {
      int i = sequenceStarts.size() - 1;
      while (i > 0 && sequenceStarts.get(i) > seq) {
        i--;
      }
      return i;
    }

    ReadBack summary(IsolationLevel isolation) {
      long distinct = seen.getLongCardinality();
      // Sequence numbers below the highest one read that were not read: sends that failed, or
      // records lost. Counted in each injector's own space, since the spaces lie far apart.
      long gaps = 0;
      for (int i = 0; i < sequenceStarts.size(); i++) {
        long start = sequenceStarts.get(i);
        long below = start == 0 ? 0 : seen.rankLong(start - 1);
        long upTo =
            i + 1 < sequenceStarts.size() ? seen.rankLong(sequenceStarts.get(i + 1) - 1) : distinct;
        if (upTo > below) {
          gaps += seen.select(upTo - 1) + 1 - start - (upTo - below);
        }
      }
      Map<Integer, Long> found = new TreeMap<>();
      IntStream.range(0, foundBySpace.length).forEach(i -> found.put(i, foundBySpace[i]));
      List<Integer> dead =
          IntStream.range(0, unreported.length).filter(i -> unreported[i]).boxed().toList();
      return new ReadBack(
          complete,
          new ReadBack.Counts(
              scanned, sum(matchedBy), distinct, sum(duplicatesBy), gaps, sum(koInTopicBy)),
          new ReadBack.Reordering(sum(reorderedBy), reorderWindow, evicted),
          seconds,
          new ReadBack.Found(found, dead),
          isolation.toString().toLowerCase(Locale.ROOT),
          abortedFound);
    }

    private static long sum(Map<?, Long> counts) {
      return counts.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /**
   * A reader from the earliest offset whose position() and first fetch wait no longer than the read
   * may take when a broker is gone.
   */
  static ConsumerFactory reader(
      Connection connection, String name, IsolationLevel isolation, Duration timeout) {
    return ConsumerFactory.of(connection, name)
        .isolation(isolation)
        .offsetReset("earliest")
        .property("max.poll.records", "5000")
        .property(
            "default.api.timeout.ms", (int) Math.max(1000, Math.min(timeout.toMillis(), 30_000)));
  }
}
