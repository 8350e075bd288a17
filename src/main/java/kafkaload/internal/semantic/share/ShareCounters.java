package kafkaload.internal.semantic.share;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import kafkaload.internal.report.Histograms;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.run.KoLedger;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * What one share group's consumers did, with one owner: deliveries, settled outcomes (after the
 * broker's confirmation), per-consumer figures, latencies, lag samples and each record's outcome by
 * identity. Consumers write; the report reads {@link #results()}.
 */
public final class ShareCounters {
  /** The group's fixed settings, as the action resolved them. */
  public record Setup(
      ShareGroupResults.Settings settings, int deliveryLimit, List<Long> processingMsPerRecord) {
    public Setup {
      processingMsPerRecord = List.copyOf(processingMsPerRecord);
    }
  }

  /** One consumer's counts and the span of its accepts. */
  private static final class Consumer {
    final LongAdder acquired = new LongAdder();
    final LongAdder accepted = new LongAdder();
    final LongAdder refused = new LongAdder();
    final AtomicLong firstNanos = new AtomicLong();
    final AtomicLong lastNanos = new AtomicLong();
  }

  private final Setup setup;
  private final Map<Integer, Consumer> consumers = new ConcurrentHashMap<>();
  private final LongAdder acquired = new LongAdder();
  private final LongAdder polls = new LongAdder();
  private final LongAdder accepted = new LongAdder();
  private final LongAdder released = new LongAdder();
  private final LongAdder rejected = new LongAdder();
  private final LongAdder redelivered = new LongAdder();
  private final LongAdder archived = new LongAdder();
  private final LongAdder refused = new LongAdder();
  private final LongAdder renewed = new LongAdder();
  private final LongAdder otherRuns = new LongAdder();
  private final Map<Integer, LongAdder> deliveryCounts = new ConcurrentHashMap<>();
  // Whole-run histograms, read more than once (the summary, the console line).
  private final ConcurrentHistogram endToEndMicros = new ConcurrentHistogram(3);
  private final ConcurrentHistogram commitMicros = new ConcurrentHistogram(3);
  private final AtomicReference<Integer> lockDurationMs = new AtomicReference<>();
  private final List<ProtocolResults.LagPoint> lag = new CopyOnWriteArrayList<>();
  private volatile ShareGroupResults.LagVerdict lagVerdict;
  private volatile ShareGroupResults.Reconciliation reconciliation;
  private volatile boolean leftToMerge;

  // Each record's outcome by its run-wide sequence number; guarded by this.
  private final ShareOutcomes seqs = ShareOutcomes.empty();
  // Records of the run settled for good (accepted, rejected or archived), each counted once.
  private final Roaring64Bitmap settledSeqs = new Roaring64Bitmap();
  private final AtomicLong settledOfRun = new AtomicLong();

  public ShareCounters(Setup setup) {
    this.setup = setup;
  }

  private Consumer consumer(int index) {
    return consumers.computeIfAbsent(index, i -> new Consumer());
  }

  /** Consumer {@code index} acquired a record at its {@code deliveryCount}-th delivery. */
  public void acquired(int index, int deliveryCount) {
    acquired.increment();
    consumer(index).acquired.increment();
    deliveryCounts.computeIfAbsent(Math.max(1, deliveryCount), c -> new LongAdder()).increment();
    if (deliveryCount > 1) {
      redelivered.increment();
    }
  }

  /**
   * The broker renewed the acquisition locks of {@code records} records (AcknowledgeType.RENEW).
   */
  public void renewed(int records) {
    renewed.add(records);
  }

  /** A consumer's poll delivered records (counted once per poll, whatever it carried). */
  public void polled() {
    polls.increment();
  }

  /** A record of the topic that another run produced (counted at its first delivery only). */
  public void otherRun() {
    otherRuns.increment();
  }

  /** The acquisition lock the broker gave the consumers. */
  public void lockDuration(int ms) {
    lockDurationMs.compareAndSet(null, ms);
  }

  /** The broker confirmed consumer {@code index}'s ACCEPT of {@code seq} (-1: no identity). */
  public void accepted(int index, long seq, long e2eMicros) {
    accepted.increment();
    Consumer c = consumer(index);
    c.accepted.increment();
    long now = System.nanoTime();
    c.firstNanos.compareAndSet(0, now);
    c.lastNanos.accumulateAndGet(now, Math::max);
    endToEndMicros.recordValue(Math.max(0, e2eMicros));
    mark(seq, o -> o.accepted().contains(seq) ? o.acceptedTwice() : o.accepted(), true);
  }

  /** A RELEASE confirmed; at the delivery limit the broker archives the record instead. */
  public void released(long seq, int deliveryCount) {
    released.increment();
    archived(seq, deliveryCount);
  }

  /**
   * A RELEASE or REJECT confirmed though sent after its lock expired: neither (the expiry gave the
   * record back); archived at the limit, as the expiry would.
   */
  public void lockExpired(long seq, int deliveryCount) {
    archived(seq, deliveryCount);
  }

  /** The broker confirmed a REJECT: the record is archived, never offered again. */
  public void rejected(long seq) {
    rejected.increment();
    mark(seq, ShareOutcomes::rejected, true);
  }

  /** An acknowledgement refused (lock expired): archived at the limit, else redelivered. */
  public void refused(int index, long seq, int deliveryCount) {
    refused.increment();
    consumer(index).refused.increment();
    mark(seq, ShareOutcomes::refused, false);
    archived(seq, deliveryCount);
  }

  /** At the delivery limit the broker archives the record (never offered again). */
  private void archived(long seq, int deliveryCount) {
    if (deliveryCount >= setup.deliveryLimit()) {
      archived.increment();
      mark(seq, ShareOutcomes::archived, true);
    }
  }

  /** Adds {@code seq} (none below 0) to the set {@code in} picks; {@code settles}: for good. */
  private void mark(long seq, Function<ShareOutcomes, Roaring64Bitmap> in, boolean settles) {
    if (seq >= 0) {
      synchronized (this) {
        in.apply(seqs).addLong(seq);
        if (settles && !settledSeqs.contains(seq)) {
          settledSeqs.addLong(seq);
          settledOfRun.incrementAndGet();
        }
      }
    }
  }

  /** Distinct records of the run settled for good; at the records produced, nothing is left. */
  public long settledOfRun() {
    return settledOfRun.get();
  }

  /** One acknowledgement commit took {@code micros}. */
  public void committed(long micros) {
    commitMicros.recordValue(Math.max(0, micros));
  }

  /** The group's lag (records not yet settled) at {@code second} of its run. */
  public void lag(double second, long total) {
    lag.add(new ProtocolResults.LagPoint(Math.round(second * 10) / 10.0, total));
  }

  public List<ProtocolResults.LagPoint> lagSamples() {
    return List.copyOf(lag);
  }

  public void lagVerdict(ShareGroupResults.LagVerdict verdict) {
    this.lagVerdict = verdict;
  }

  public long acquired() {
    return acquired.sum();
  }

  /** Reconciles the run's produced records with what the group settled; kept and returned. */
  public synchronized ShareGroupResults.Reconciliation reconcile(
      long start, long issued, KoLedger koLedger) {
    reconciliation =
        seqs.copy()
            .reconcile(List.of(new ShareOutcomes.Range(start, issued)), koLedger, otherRuns.sum());
    return reconciliation;
  }

  /** The merge reconciles (an injector of a distributed run): {@link #records()} hands it over. */
  public void leaveToMerge() {
    leftToMerge = true;
  }

  /** What an injector hands the merge to reconcile; null unless {@link #leaveToMerge()} ran. */
  public synchronized ShareRecords records() {
    return leftToMerge ? seqs.copy().records(otherRuns.sum()) : null;
  }

  /** The group's figures now: each consumer's rate over the group's span, and their spread. */
  public ShareGroupResults results() {
    List<ShareGroupResults.ShareConsumer> per = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (Consumer c : consumers.values()) {
      if (c.firstNanos.get() != 0) {
        first = Math.min(first, c.firstNanos.get());
        last = Math.max(last, c.lastNanos.get());
      }
    }
    double span = first == Long.MAX_VALUE ? 0 : (last - first) / 1e9;
    // The span in epoch ms, for a merge to rate every injector's consumers over one span.
    long nowMillis = System.currentTimeMillis();
    long nowNanos = System.nanoTime();
    Long firstMillis = first == Long.MAX_VALUE ? null : nowMillis - (nowNanos - first) / 1_000_000;
    Long lastMillis = first == Long.MAX_VALUE ? null : nowMillis - (nowNanos - last) / 1_000_000;
    for (int i = 0; i < setup.settings().consumers(); i++) {
      Consumer c = consumers.getOrDefault(i, new Consumer());
      double seconds = c.firstNanos.get() == 0 ? 0 : (c.lastNanos.get() - c.firstNanos.get()) / 1e9;
      Double rate = span > 0 ? c.accepted.sum() / span : null;
      if (rate != null) {
        rates.add(rate);
      }
      per.add(
          new ShareGroupResults.ShareConsumer(
              i,
              c.acquired.sum(),
              c.accepted.sum(),
              c.refused.sum(),
              seconds,
              rate,
              i < setup.processingMsPerRecord().size() ? setup.processingMsPerRecord().get(i) : 0,
              null));
    }
    Map<Integer, Long> counts = new TreeMap<>();
    deliveryCounts.forEach((k, v) -> counts.put(k, v.sum()));
    Histogram e2e = endToEndMicros.copy();
    Histogram commits = commitMicros.copy();
    return new ShareGroupResults(
        setup.settings(),
        lockDurationMs.get(),
        new ShareGroupResults.Deliveries(
            acquired.sum(),
            polls.sum(),
            accepted.sum(),
            released.sum(),
            rejected.sum(),
            redelivered.sum(),
            archived.sum(),
            refused.sum(),
            renewed.sum(),
            counts),
        new ShareGroupResults.Latency(
            Percentiles.ofMicros(e2e),
            Percentiles.ofMicros(commits),
            Histograms.encode(e2e),
            Histograms.encode(commits)),
        new ShareGroupResults.Work(per, spreadPct(rates), firstMillis, lastMillis),
        new ShareGroupResults.GroupLag(lagSamples(), lagVerdict),
        reconciliation,
        null);
  }

  /** The coefficient of variation of the rates, in %; null with fewer than two. */
  public static Double spreadPct(List<Double> rates) {
    double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    if (rates.size() < 2 || mean == 0) {
      return null;
    }
    double var =
        rates.stream().mapToDouble(r -> (r - mean) * (r - mean)).sum() / (rates.size() - 1);
    return 100 * Math.sqrt(var) / mean;
  }
}
