package kafkaload.internal.verification;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.KoLedger;
import kafkaload.internal.run.PartitionCounters;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.Reconciled.ExactlyOnce;
import kafkaload.internal.run.Reconciled.PartitionResult;
import kafkaload.internal.run.Reconciled.ReadBack;
import kafkaload.internal.run.Reconciled.Result;
import kafkaload.internal.run.Reconciled.StuckOffset;
import kafkaload.internal.run.Reconciled.TopicResult;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TopicChange;
import kafkaload.internal.run.TopicOffsets;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * Compares what the run says it wrote with what the broker holds, for every topic the run sent to:
 * records acked OK against the end-offset delta of every partition, and, when read-back is on, the
 * run's own records read back by run id, counting per partition the duplicates (by record
 * identity), the reordering within a user's sequence, and the acked records that are missing
 * (lost). One read-back covers all topics, since a user's sequence numbers span them.
 *
 * <p>Offsets are not records: transaction markers and aborted records take offsets, compaction
 * frees some. So the offset delta is only a bound (see {@link
 * kafkaload.internal.run.Reconciled.TopicResult#unaccountedUpperBound()}); the read-back counts
 * records. It reads read_committed by default, up to each partition's last stable offset (LSO):
 * what a downstream read_committed application can see, and for non-transactional records the same
 * as reading to the high-water mark, since then LSO = high-water mark. A LSO that stays below the
 * high-water mark (a transaction left open) is named, with the producer ids holding it, after a
 * bounded wait instead of holding the read-back until its timeout.
 */
public final class Reconciliation {
  /**
   * (partition, user) pairs whose last sequence number the reordering check keeps: about 20 MB at
   * most.
   */
  static final int REORDER_WINDOW = 1 << 18;

  /**
   * How long a last stable offset may stay below its high-water mark before the partition is named
   * as stuck.
   */
  static final Duration STUCK_AFTER = Duration.ofSeconds(10);

  private Reconciliation() {}

  /**
   * Flushes the producers, snapshots end offsets and, if asked, reads the run's records back within
   * the timeout.
   */
  public static Result run(
      Connection connection,
      RunLedger ledger,
      List<ProducerHandle> producers,
      String defaultTopic,
      boolean readBack,
      Duration timeout) {
    // read_committed: a record counts as delivered when a read_committed consumer can see it; see
    // the class comment.
    return run(
        connection,
        ledger,
        producers,
        defaultTopic,
        readBack,
        timeout,
        IsolationLevel.READ_COMMITTED,
        stuckAfter(timeout));
  }

  /**
   * At most {@link #STUCK_AFTER}, and at most half the read-back's time, so a stuck offset is named
   * in time.
   */
  static Duration stuckAfter(Duration timeout) {
    Duration half = timeout.dividedBy(2);
    return half.compareTo(STUCK_AFTER) < 0 ? half : STUCK_AFTER;
  }

  /**
   * As above, reading back with {@code isolation}; with read_committed, a partition whose last
   * stable offset stays below its high-water mark for {@code stuckAfter} is read up to that offset
   * and named in the result.
   */
  public static Result run(
      Connection connection,
      RunLedger ledger,
      List<ProducerHandle> producers,
      String defaultTopic,
      boolean readBack,
      Duration timeout,
      IsolationLevel isolation,
      Duration stuckAfter) {
    return run(
        connection,
        ledger,
        producers,
        defaultTopic,
        readBack,
        timeout,
        isolation,
        stuckAfter,
        null);
  }

  /**
   * The read_committed reconciliation, then, when {@code output} is given, the exactly-once verdict
   * of the pipeline that reads the run's topics and writes {@code output}: every record the
   * read-back found must have exactly one committed output there ({@link ExactlyOnceCheck}).
   */
  public static Result run(
      Connection connection,
      RunLedger ledger,
      List<ProducerHandle> producers,
      String defaultTopic,
      boolean readBack,
      Duration timeout,
      ExactlyOnceCheck.Output output) {
    return run(
        connection,
        ledger,
        producers,
        defaultTopic,
        readBack,
        timeout,
        IsolationLevel.READ_COMMITTED,
        stuckAfter(timeout),
        output);
  }

  private static Result run(
      Connection connection,
      RunLedger ledger,
      List<ProducerHandle> producers,
      String defaultTopic,
      boolean readBack,
      Duration timeout,
      IsolationLevel isolation,
      Duration stuckAfter,
      ExactlyOnceCheck.Output output) {
    long inFlight = ledger.delivery().inFlight();
    for (ProducerHandle h : producers) {
      h.producer().flush();
    }
    Map<String, TopicOffsets> baselines = new LinkedHashMap<>();
    Map<String, TopicOffsets> taken = ledger.baselines().taken();
    if (taken.containsKey(defaultTopic)) {
      baselines.put(defaultTopic, taken.get(defaultTopic));
    }
    baselines.putAll(taken);
    // Per topic: the offsets the run's records start from, and where they end now.
    Map<String, Map<Integer, Long>> before = new LinkedHashMap<>();
    Map<String, Map<Integer, Long>> after = new LinkedHashMap<>();
    Map<String, TopicChange> changes = new HashMap<>();
    try (Admin admin = connection.admin()) {
      for (Map.Entry<String, TopicOffsets> e : baselines.entrySet()) {
        String topic = e.getKey();
        TopicOffsets base = e.getValue();
        Optional<TopicOffsets> now = OffsetQueries.offsets(admin, topic, connection.timeoutMs());
        after.put(topic, now.map(TopicOffsets::endOffsets).orElse(Map.of()));
        if (now.isPresent() && now.get().topicId().equals(base.topicId())) {
          before.put(topic, base.endOffsets());
        } else {
          // Not the topic the run started with: whatever of the run's is there now was written from
          // offset 0.
          before.put(topic, Map.of());
          TopicChange seen = ledger.topicChanges().get(topic);
          changes.put(
              topic,
              seen != null
                      && seen.change()
                          .equals(now.isPresent() ? TopicChange.RECREATED : TopicChange.DELETED)
                  ? seen
                  : TopicChange.of(
                      topic,
                      base,
                      now.map(o -> o.endOffsets().size()),
                      ledger.topicLastSeen(topic, base),
                      System.currentTimeMillis()));
          ledger.topicChanged(changes.get(topic));
        }
      }
    }
    ReadState state = null;
    List<StuckOffset> stuck = List.of();
    if (readBack && ledger.identity() != null) {
      long t0 = System.nanoTime();
      Map<TopicPartition, Long> from = new HashMap<>();
      Map<TopicPartition, Long> to = new HashMap<>();
      after.forEach(
          (topic, offsets) ->
              offsets.forEach(
                  (partition, end) -> {
                    long start = before.get(topic).getOrDefault(partition, 0L);
                    if (end > start) {
                      from.put(new TopicPartition(topic, partition), start);
                      to.put(new TopicPartition(topic, partition), end);
                    }
                  }));
      if (isolation == IsolationLevel.READ_COMMITTED && !to.isEmpty()) {
        stuck = stableBounds(connection, to, stuckAfter);
      }
      Duration left = timeout.minusNanos(System.nanoTime() - t0);
      state =
          read(connection, ledger, from, to, isolation, left.isNegative() ? Duration.ZERO : left);
      state.seconds = (System.nanoTime() - t0) / 1e9;
      if (!stuck.isEmpty()) {
        state.complete = false; // records past a stuck last stable offset cannot be read
      }
    }

    List<TopicResult> topics = new ArrayList<>();
    for (String topic : before.keySet()) {
      Map<Integer, PartitionCounters.Count> acked = ledger.delivery().ackedByPartition(topic);
      // Every partition the run acked records on, even one the topic no longer has: those records
      // are lost.
      SortedSet<Integer> ids = new TreeSet<>(after.get(topic).keySet());
      ids.addAll(acked.keySet());
      List<PartitionResult> partitions = new ArrayList<>();
      long ackedOk = 0;
      long delta = 0;
      for (int p : ids) {
        Long end = after.get(topic).get(p);
        long b = before.get(topic).getOrDefault(p, 0L);
        PartitionCounters.Count a = acked.getOrDefault(p, new PartitionCounters.Count(0, 0));
        ackedOk += a.records();
        delta += end == null ? 0 : end - b;
        TopicPartition tp = new TopicPartition(topic, p);
        partitions.add(
            new PartitionResult(
                p,
                b,
                end == null ? -1 : end,
                a.records(),
                a.bytes(),
                state == null ? -1 : state.matchedBy.getOrDefault(tp, 0L),
                state == null ? -1 : state.duplicatesBy.getOrDefault(tp, 0L),
                state == null ? -1 : state.reorderedBy.getOrDefault(tp, 0L)));
      }
      topics.add(
          new TopicResult(
              topic,
              ackedOk,
              delta,
              state == null || !state.complete
                  ? -1
                  : state.distinctBy.getOrDefault(topic, 0L)
                      - state.koInTopicBy.getOrDefault(topic, 0L),
              state == null ? -1 : partitions.stream().mapToLong(PartitionResult::duplicates).sum(),
              partitions,
              changes.get(topic),
              ledger.delivery().notOwed(topic)));
    }
    if (state != null && state.complete) {
      topics.forEach(t -> ledger.delivery().readBack(t.topic(), t.delivered(), t.lost()));
    }
    DeliveryLedger.Snapshot d = ledger.delivery().snapshot();
    Result result =
        new Result(
            ledger.identity() == null ? null : ledger.identity().runId(),
            inFlight,
            state == null ? null : state.summary(isolation),
            topics,
            stuck,
            null,
            d.committed() + d.aborted() + d.inDoubt() == 0
                ? null
                : new Reconciled.Transactions(d.committed(), d.aborted(), d.inDoubt()));
    if (output == null) {
      return result;
    }
    ExactlyOnce verdict;
    if (state == null) {
      verdict =
          ExactlyOnce.unjudged(
              output.topic(), "it needs the read-back and the run-identity headers");
    } else {
      try {
        verdict =
            ExactlyOnceCheck.run(
                connection,
                ledger.identity().runIdBytes(),
                state.seen,
                state.complete,
                output,
                timeout);
      } catch (RuntimeException e) {
        verdict =
            ExactlyOnce.unjudged(
                output.topic(), e.getClass().getSimpleName() + ": " + e.getMessage());
      }
    }
    return result.withExactlyOnce(verdict);
  }

  /**
   * Lowers {@code to} (high-water marks) to each partition's last stable offset once it stops
   * moving up to the high-water mark: waits while a last stable offset is below it, up to {@code
   * stuckAfter}; the partitions still below then are returned, with the producers whose open
   * transactions hold them.
   */
  private static List<StuckOffset> stableBounds(
      Connection connection, Map<TopicPartition, Long> to, Duration stuckAfter) {
    long t0 = System.nanoTime();
    try (Admin admin = connection.admin()) {
      while (true) {
        Map<TopicPartition, Long> lso =
            OffsetQueries.lastStableOffsets(admin, to.keySet(), connection.timeoutMs());
        Map<TopicPartition, Long> below =
            new TreeMap<>(
                Comparator.comparing(TopicPartition::topic)
                    .thenComparing(TopicPartition::partition));
        lso.forEach(
            (tp, stable) -> {
              if (stable < to.get(tp)) {
                below.put(tp, stable);
              }
            });
        long waited = (System.nanoTime() - t0) / 1_000_000;
        if (below.isEmpty()) {
          return List.of();
        }
        if (waited >= stuckAfter.toMillis()) {
          Map<TopicPartition, Map<Long, Long>> open =
              OffsetQueries.openTransactions(admin, below.keySet(), connection.timeoutMs());
          List<StuckOffset> stuck = new ArrayList<>();
          below.forEach(
              (tp, stable) -> {
                stuck.add(
                    new StuckOffset(
                        tp.topic(),
                        tp.partition(),
                        stable,
                        to.get(tp),
                        waited,
                        open.getOrDefault(tp, Map.of())));
                to.put(tp, stable);
              });
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
   * What the read-back accumulates, in memory that does not grow per virtual user: one bit per
   * run-wide sequence number seen (a compressed bitmap, about a bit per record), per-partition
   * counts, and for the reordering check the last sequence of the most recent (partition, user)
   * pairs only.
   */
  static final class ReadState {
    final Roaring64Bitmap seen = new Roaring64Bitmap();
    final ReorderWindow lastSeq;
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
    long matched;
    long duplicates;
    long reordered;
    boolean complete;
    double seconds;

    ReadState(KoLedger koLedger, int reorderWindow) {
      this(koLedger, reorderWindow, List.of(0L));
    }

    /**
     * {@code sequenceStarts}: where each injector's sequence space starts (one space, from 0, for
     * one JVM).
     */
    ReadState(KoLedger koLedger, int reorderWindow, List<Long> sequenceStarts) {
      this(koLedger, new KoLedger(), reorderWindow, sequenceStarts);
    }

    /** {@code abortedLedger}: records of aborted transactions, never delivered. */
    ReadState(
        KoLedger koLedger, KoLedger abortedLedger, int reorderWindow, List<Long> sequenceStarts) {
      this.koLedger = koLedger;
      this.abortedLedger = abortedLedger;
      this.sequenceStarts = sequenceStarts.stream().sorted().toList();
      this.foundBySpace = new long[this.sequenceStarts.size()];
      this.unreported = new boolean[this.sequenceStarts.size()];
      this.lastSeq = new ReorderWindow(reorderWindow);
    }

    void accept(ConsumerRecord<byte[], byte[]> r, byte[] runId) {
      scanned++;
      Header run = r.headers().lastHeader(RunIdentity.RUN_HEADER);
      if (run == null || !Arrays.equals(run.value(), runId)) {
        return;
      }
      long[] id = RunIdentity.parse(value(r, RunIdentity.SEQ_HEADER));
      if (id != null) {
        accept(new TopicPartition(r.topic(), r.partition()), id[0], id[1]);
      }
    }

    /** One of the run's records, read from {@code p}: its user and run-wide sequence number. */
    void accept(TopicPartition p, long user, long seq) {
      matched++;
      matchedBy.merge(p, 1L, Long::sum);
      if (seen.contains(seq)) {
        duplicates++;
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
        reordered++;
        reorderedBy.merge(p, 1L, Long::sum);
      }
    }

    /**
     * The records of the space starting at {@code start} count as found only (their injector
     * reported nothing).
     */
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

    /** Bytes the read-back's set of sequence numbers takes. */
    long seenBytes() {
      return seen.getLongSizeInBytes();
    }

    ReadBack summary() {
      return summary(IsolationLevel.READ_COMMITTED);
    }

    ReadBack summary(IsolationLevel isolation) {
      long distinct = seen.getLongCardinality();
      // Sequence numbers below the highest one read that were not read: sends that failed, or
      // records lost.
      // Counted in each injector's own space, since the spaces lie far apart.
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
      long koInTopic = koInTopicBy.values().stream().mapToLong(Long::longValue).sum();
      Map<Integer, Long> found = new TreeMap<>();
      List<Integer> dead = new ArrayList<>();
      for (int i = 0; i < foundBySpace.length; i++) {
        found.put(i, foundBySpace[i]);
        if (unreported[i]) {
          dead.add(i);
        }
      }
      return new ReadBack(
          complete,
          scanned,
          matched,
          distinct,
          duplicates,
          gaps,
          reordered,
          koInTopic,
          lastSeq.capacity(),
          lastSeq.evicted(),
          seconds,
          found,
          dead,
          isolation.toString().toLowerCase(Locale.ROOT),
          abortedFound);
    }

    private static byte[] value(ConsumerRecord<byte[], byte[]> r, String header) {
      Header h = r.headers().lastHeader(header);
      return h == null ? null : h.value();
    }
  }

  /**
   * The last sequence number of the most recently read (partition, user) pairs, at most {@code
   * capacity} of them: reordering is checked between a user's records that are read within that
   * many pairs of each other. In the open model every record is its own user, so an unbounded map
   * would grow by one entry per record.
   */
  static final class ReorderWindow extends LinkedHashMap<Long, Long> {
    private final int capacity;
    private long evicted;

    ReorderWindow(int capacity) {
      super(Math.min(capacity, 1 << 16), 0.75f, true);
      this.capacity = capacity;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
      if (size() > capacity) {
        evicted++;
        return true;
      }
      return false;
    }

    int capacity() {
      return capacity;
    }

    long evicted() {
      return evicted;
    }
  }

  /**
   * Reads {@code from} (inclusive) to {@code to} (exclusive) of each partition, within {@code
   * timeout}.
   */
  private static ReadState read(
      Connection connection,
      RunLedger ledger,
      Map<TopicPartition, Long> from,
      Map<TopicPartition, Long> to,
      IsolationLevel isolation,
      Duration timeout) {
    ReadState state =
        new ReadState(
            ledger.koLedger(),
            ledger.delivery().abortedLedger(),
            REORDER_WINDOW,
            ledger.sequenceStarts());
    ledger.unreportedStarts().forEach(state::unreported);
    // Records deleted below the start offset must read as missing, not make the reader jump to the
    // end.
    ConsumerFactory consumers =
        ConsumerFactory.of(connection, "kafkaload-verify")
            .isolation(isolation)
            .offsetReset("earliest")
            .property("max.poll.records", "5000")
            // position() and the first fetch must not wait longer than the read-back may take when
            // a broker is gone.
            .property(
                "default.api.timeout.ms",
                (int) Math.max(1000, Math.min(timeout.toMillis(), 30_000)));
    byte[] runId = ledger.identity().runIdBytes();
    List<TopicPartition> pending = new ArrayList<>(from.keySet());
    try (KafkaConsumer<byte[], byte[]> consumer = consumers.create()) {
      consumer.assign(pending);
      from.forEach(consumer::seek);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          if (r.offset() < to.get(new TopicPartition(r.topic(), r.partition()))) {
            state.accept(r, runId);
          }
        }
        pending.removeIf(tp -> consumer.position(tp) >= to.get(tp));
        consumer.pause(consumer.assignment().stream().filter(tp -> !pending.contains(tp)).toList());
      }
      state.complete = pending.isEmpty();
    }
    return state;
  }
}
