package kafkaload.internal.semantic.subscription;

import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.run.KoLedger;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The subscriptions while they run, kept in the protocol's ledger: per subscription the records
 * read by run-wide sequence, the counts, the end-to-end latencies (µs) and, once judged, the
 * verdict. Its consumers' threads write it, each subscription under its own lock.
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
    List<String> groups = s.groups();
    for (int i = 0; i < groups.size(); i++) {
      subscriptions.add(new One(i, groups.get(i), s.consumers()));
    }
    return true;
  }

  synchronized One subscription(int i) {
    return subscriptions.get(i);
  }

  /** The section; null before any subscription started. */
  synchronized SubscriptionFigures figures() {
    if (spec == null) {
      return null;
    }
    return new SubscriptionFigures(
        spec.requestName(),
        spec.topic(),
        partitions,
        subscriptions.stream().map(One::figures).toList());
  }

  /** One subscription: its group's reads. */
  static final class One {
    private final int index;
    private final String group;
    private final int consumers;
    private final Roaring64Bitmap seen = new Roaring64Bitmap();
    private final Histogram e2e = new Histogram(3);
    private long consumed;
    private long otherRuns;
    private long firstMillis = -1;
    private long lastMillis = -1;
    private long expected;
    private long missing;
    private List<Long> missingSample = List.of();
    private String verdict = "the run ended before the subscription's verdict";

    One(int index, String group, int consumers) {
      this.index = index;
      this.group = group;
      this.consumers = consumers;
    }

    String group() {
      return group;
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
     * Every record this injector issued from {@code start} (less the KO'd ones, never acked)
     * against what it read: the verdict, null when it read them all.
     */
    synchronized String reconcile(long start, long issued, KoLedger koLedger) {
      long n = 0;
      long miss = 0;
      List<Long> sample = new ArrayList<>();
      for (long seq = start; seq < start + issued; seq++) {
        if (koLedger.contains(seq)) {
          continue;
        }
        n++;
        if (!seen.contains(seq)) {
          miss++;
          if (sample.size() < MISSING_SAMPLE) {
            sample.add(seq);
          }
        }
      }
      expected = n;
      missing = miss;
      missingSample = List.copyOf(sample);
      verdict =
          miss == 0
              ? null
              : String.format(
                  "%d of %d acked records never read by group '%s' (first sequence numbers: %s)",
                  miss, n, group, sample);
      return verdict;
    }

    /** The verdict as judged elsewhere (it could not be reconciled). */
    synchronized void verdict(String ko) {
      verdict = ko;
    }

    synchronized SubscriptionFigures.Subscription figures() {
      long distinct = seen.getLongCardinality();
      double seconds = (lastMillis - firstMillis) / 1000.0;
      return new SubscriptionFigures.Subscription(
          index,
          group,
          consumers,
          consumed,
          distinct,
          otherRuns,
          seconds > 0 ? consumed / seconds : null,
          Percentiles.ofMicros(e2e),
          expected,
          missing,
          missingSample,
          verdict);
    }
  }
}
