package kafkaload.internal.semantic.subscription;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.stream.LongStream;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.run.KoLedger;
import kafkaload.internal.semantic.subscription.SubscriptionFigures.Coverage;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The subscriptions while they run, kept in the protocol's ledger: per subscription and topic (one
 * group each) the records read by run-wide sequence, the counts, the end-to-end latencies (µs) and,
 * once judged, the verdict. Its consumers' threads write it, each group under its own lock.
 */
final class SubscriptionCounters {
  /** Sequence numbers kept as a sample of the missing records. */
  static final int MISSING_SAMPLE = 20;

  private SubscriptionSpec spec;
  private int partitions;
  private final List<One> subscriptions = new ArrayList<>();

  /** The subscriptions start; false when this protocol already ran some (one set per protocol). */
  synchronized boolean started(SubscriptionSpec s, int topicPartitions) {
    if (spec != null) {
      return false;
    }
    spec = s;
    partitions = topicPartitions;
    s.groupsByTopic().forEach(g -> subscriptions.add(new One(g, s.consumers())));
    return true;
  }

  /** Subscription {@code i}'s groups, one per topic, in the topics' order. */
  synchronized List<One> subscription(int i) {
    return subscriptions.stream().filter(o -> o.g.subscription() == i).toList();
  }

  /**
   * Subscription {@code i} reconciled, each of its groups against the records acked into its topic
   * ({@code owedByTopic}: acked, less those of aborted transactions), the run's KO'd records not
   * owed; the sequence numbers from {@code start} ({@code issued} of them) that none of its groups
   * read are the sample a failing group names. The verdict: null when every group read every record
   * owed to it, else each failing group's, naming its topic and group.
   */
  String reconcile(
      int i, ToLongFunction<String> owedByTopic, long start, long issued, KoLedger koLedger) {
    List<One> groups = subscription(i);
    // The sample walks every issued sequence number: taken once, and only when a group missed some.
    AtomicReference<List<Long>> sample = new AtomicReference<>();
    Supplier<List<Long>> unread =
        () -> sample.updateAndGet(s -> s != null ? s : unread(groups, start, issued, koLedger));
    List<String> kos =
        groups.stream()
            .map(g -> g.reconcile(owedByTopic.applyAsLong(g.topic()), koLedger, unread))
            .filter(Objects::nonNull)
            .toList();
    return kos.isEmpty() ? null : String.join("; ", kos);
  }

  /** The first sequence numbers from {@code start} that none of {@code groups} read. */
  private static List<Long> unread(List<One> groups, long start, long issued, KoLedger koLedger) {
    return LongStream.range(start, start + issued)
        .filter(seq -> !koLedger.contains(seq) && groups.stream().noneMatch(g -> g.saw(seq)))
        .limit(MISSING_SAMPLE)
        .boxed()
        .toList();
  }

  /** The section; null before any subscription started. */
  synchronized SubscriptionFigures figures() {
    if (spec == null) {
      return null;
    }
    return new SubscriptionFigures(
        spec.requestName(),
        spec.topics().size() == 1 ? spec.topics().get(0) : null,
        spec.topics().size(),
        partitions,
        subscriptions.stream().map(One::figures).toList());
  }

  /** One subscription's group on one topic: its reads. */
  static final class One {
    private final SubscriptionSpec.Group g;
    private final int consumers;
    private final Roaring64Bitmap seen = new Roaring64Bitmap();
    private final Histogram e2e = new Histogram(3);
    private long consumed;
    private long otherRuns;
    private long firstMillis = -1;
    private long lastMillis = -1;
    private Coverage coverage = new Coverage(0, 0, List.of());
    private String verdict = "the run ended before the subscription's verdict";

    One(SubscriptionSpec.Group g, int consumers) {
      this.g = g;
      this.consumers = consumers;
    }

    String group() {
      return g.name();
    }

    String topic() {
      return g.topic();
    }

    private synchronized boolean saw(long seq) {
      return seen.contains(seq);
    }

    /** A record of this run, read at {@code nowMillis}; {@code e2eMicros} below 0: not timed. */
    synchronized void read(long seq, long e2eMicros, long nowMillis) {
      consumed++;
      seen.addLong(seq);
      if (e2eMicros >= 0) {
        e2e.recordValue(e2eMicros);
      }
      if (firstMillis < 0) {
        firstMillis = nowMillis;
      }
      lastMillis = nowMillis;
    }

    synchronized void otherRun() {
      otherRuns++;
    }

    synchronized long distinct() {
      return seen.getLongCardinality();
    }

    /**
     * The {@code owed} records acked into its topic against the distinct records of the run it
     * read, less the KO'd ones (not owed, even when written): the verdict, null when it read them
     * all; {@code unread} the subscription's first unread sequence numbers, named when it failed.
     */
    synchronized String reconcile(long owed, KoLedger koLedger, Supplier<List<Long>> unread) {
      Roaring64Bitmap ko = KoLedger.fromPortable(koLedger.serialized(), "KO ledger");
      long read = Roaring64Bitmap.andNot(seen, ko).getLongCardinality();
      long missing = Math.max(0, owed - read);
      List<Long> missingSample = missing == 0 ? List.of() : List.copyOf(unread.get());
      coverage = new Coverage(owed, missing, missingSample);
      verdict =
          missing == 0
              ? null
              : String.format(
                  "topic '%s': %d of %d acked records never read by group '%s' of subscription"
                      + " %d%s",
                  g.topic(),
                  missing,
                  owed,
                  g.name(),
                  g.subscription(),
                  missingSample.isEmpty()
                      ? ""
                      : " (first sequence numbers unread: " + missingSample + ")");
      return verdict;
    }

    /** The verdict as judged elsewhere (it could not be reconciled). */
    synchronized void verdict(String ko) {
      verdict = ko;
    }

    synchronized SubscriptionFigures.Subscription figures() {
      double seconds = (lastMillis - firstMillis) / 1000.0;
      return new SubscriptionFigures.Subscription(
          g.subscription(),
          g.topic(),
          g.name(),
          consumers,
          new SubscriptionFigures.Reads(
              consumed,
              distinct(),
              otherRuns,
              seconds > 0 ? consumed / seconds : null,
              Percentiles.ofMicros(e2e)),
          coverage,
          verdict);
    }
  }
}
