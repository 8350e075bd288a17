package kafkaload.internal.run;

import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.results.Throughput;
import org.HdrHistogram.Histogram;

/**
 * Every record's life in one place: sent, acked or failed, committed or aborted, found or missing.
 * One method per event, private counters read through typed snapshots; a record found is counted
 * once as acked and once as found, nowhere else.
 */
public final class DeliveryLedger {
  private final LongAdder sent = new LongAdder();

  /** The run's acks: the whole protocol's records, bytes and the span of its throughput. */
  private final RequestAcks run = new RequestAcks(false);

  private final LongAdder failed = new LongAdder();

  /** Sent records that then failed: in flight = sent - acked - these (no shared writer). */
  private final LongAdder sentThenFailed = new LongAdder();

  private final LongAdder inFlightElsewhere = new LongAdder();
  private final LongAdder committed = new LongAdder();
  private final LongAdder aborted = new LongAdder();

  private final PartitionCounters partitions = new PartitionCounters();
  private final Map<String, RequestAcks> requests = new ConcurrentHashMap<>();

  /** The identities of the run's KO'd records, which the read-back must not count as delivered. */
  private final KoLedger koLedger = new KoLedger();

  /** Acked records whose transaction aborted: never visible to read_committed readers. */
  private final KoLedger abortedLedger = new KoLedger();

  /** Per topic, acked records no reader is owed (aborted or failed transactions). */
  private final Map<String, LongAdder> notOwed = new ConcurrentHashMap<>();

  private final LongAdder inDoubt = new LongAdder();

  /** Per topic, what the last read-back found of the records acked into it. */
  private final Map<String, Found> found = new ConcurrentHashMap<>();

  /** The whole protocol's counts at one moment. */
  public record Snapshot(
      long sent,
      long acked,
      long failed,
      long inFlight,
      long ackedBytes,
      long committed,
      long aborted,
      long inDoubt) {}

  /** One topic's read-back: run's records found (distinct, acked), acked records missing. */
  public record Found(long found, long missing) {}

  /**
   * One request name's acks, or the whole protocol's: count, bytes, the earliest and latest ack
   * (epoch ms, a rate's span) and (when {@code timed}) the latency; warm-up and measured names
   * differ, so each has its rate. A sender holds one and names it in {@link #acked}.
   */
  public static final class RequestAcks {
    private final boolean timed;
    private final LongAdder count = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAccumulator first = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator last = new LongAccumulator(Math::max, Long.MIN_VALUE);

    /** Written by the I/O thread of every producer that sends under this name. */
    private final LatencyRecorder latencyMicros = new LatencyRecorder();

    /** The whole run's latency: the injector's sampling moves each second's interval in. */
    private final Histogram total = new Histogram(3);

    private RequestAcks(boolean timed) {
      this.timed = timed;
    }

    /** The latency recorded since the last call, also added to the whole run's. */
    private synchronized Histogram drain() {
      Histogram interval = latencyMicros.interval();
      total.add(interval);
      return interval;
    }

    private synchronized Histogram total() {
      drain();
      return total.copy();
    }

    private void acked(long bytes, long atMillis, long latencyMicros) {
      count.increment();
      this.bytes.add(bytes);
      first.accumulate(atMillis);
      last.accumulate(atMillis);
      if (timed) {
        this.latencyMicros.record(latencyMicros);
      }
    }

    /** The records and bytes, and their rate from the first ack to the last. */
    private Throughput.RequestThroughput throughput() {
      long n = count.sum();
      long b = bytes.sum();
      return new Throughput.RequestThroughput(n, b, Throughput.span(n, b, first.get(), last.get()));
    }
  }

  /** The ack accounting of one request name; {@code timed} false for fire-and-forget sends. */
  public RequestAcks requestAcks(String requestName, boolean timed) {
    return requests.computeIfAbsent(requestName, n -> new RequestAcks(timed));
  }

  /** A record was handed to a producer: it is in flight until {@link #acked} or {@link #failed}. */
  public void sent() {
    sent.increment();
  }

  /** The broker acked a record: {@code acks} its request's account (null: timed by the action). */
  public void acked(
      RequestAcks acks,
      String topic,
      int partition,
      long bytes,
      long atMillis,
      long latencyMicros) {
    run.acked(bytes, atMillis, latencyMicros);
    partitions.acked(topic, partition, bytes);
    if (acks != null) {
      acks.acked(bytes, atMillis, latencyMicros);
    }
  }

  /** A send is KO: {@code wasSent} leaves in-flight; {@code sequence} so the read-back skips it. */
  public void failed(long sequence, boolean wasSent) {
    if (wasSent) {
      sentThenFailed.increment();
    }
    failed.increment();
    koLedger.add(sequence);
  }

  /** A transaction of {@code records} acked records committed: visible to read_committed. */
  public void committed(long records) {
    committed.add(records);
  }

  /** A transaction of {@code records} acked records aborted: in the log, never visible. */
  public void aborted(long records) {
    aborted.add(records);
  }

  /**
   * An acked record of an aborted transaction: owed to no reader ({@link #aborted(long)} counts).
   */
  public void abortedRecord(String topic, long sequence) {
    notOwed.computeIfAbsent(topic, t -> new LongAdder()).increment();
    abortedLedger.add(sequence);
  }

  /**
   * An acked record of a failed transaction: not owed; if found, counted as KO'd, not delivered.
   */
  public void inDoubtRecord(String topic, long sequence) {
    notOwed.computeIfAbsent(topic, t -> new LongAdder()).increment();
    inDoubt.increment();
    koLedger.add(sequence);
  }

  /** Acked records of {@code topic} whose transaction aborted or failed: no reader is owed them. */
  public long notOwed(String topic) {
    LongAdder n = notOwed.get(topic);
    return n == null ? 0 : n.sum();
  }

  /** The identities of acked records whose transaction aborted. */
  public KoLedger abortedLedger() {
    return abortedLedger;
  }

  /** Adds another injector's transactional records (the merge); in-doubt ones come as KOs. */
  public void transactionsElsewhere(
      long committedRecords,
      long abortedRecords,
      long inDoubtRecords,
      byte[] serializedAborted,
      Map<String, Long> notOwedByTopic) {
    committed.add(committedRecords);
    aborted.add(abortedRecords);
    inDoubt.add(inDoubtRecords);
    if (serializedAborted != null) {
      abortedLedger.addSerialized(serializedAborted);
    }
    if (notOwedByTopic != null) {
      notOwedByTopic.forEach((t, n) -> notOwed.computeIfAbsent(t, x -> new LongAdder()).add(n));
    }
  }

  /** Per topic, acked records not owed (see {@link #notOwed(String)}), sorted. */
  public Map<String, Long> notOwedByTopic() {
    Map<String, Long> out = new TreeMap<>();
    notOwed.forEach((t, n) -> out.put(t, n.sum()));
    return out;
  }

  /** {@code topic}'s read-back: records of the run found there, acked records missing. */
  public void readBack(String topic, long foundRecords, long missingRecords) {
    found.put(topic, new Found(foundRecords, missingRecords));
  }

  /** Adds an injector's acked counts of one partition (the merge of a distributed run). */
  public void ackedElsewhere(String topic, int partition, long records, long bytes) {
    partitions.add(topic, partition, records, bytes);
  }

  /** Adds an injector's records still in flight at its end (the merge of a distributed run). */
  public void inFlightElsewhere(long records) {
    inFlightElsewhere.add(records);
  }

  /** Adds the KO'd identities of another injector (the merge of a distributed run). */
  public void failedElsewhere(byte[] serializedKoLedger) {
    koLedger.addSerialized(serializedKoLedger);
  }

  public Snapshot snapshot() {
    long done = sentThenFailed.sum();
    long a = run.count.sum();
    // Read after the acks and failures: a record counted there was counted as sent before.
    long s = sent.sum();
    return new Snapshot(
        s,
        a,
        failed.sum(),
        Math.max(0, s - a - done) + inFlightElsewhere.sum(),
        run.bytes.sum(),
        committed.sum(),
        aborted.sum(),
        inDoubt.sum());
  }

  /** Records acked so far (cheaper than a snapshot, for the injector's per-second sample). */
  public long ackedCount() {
    return run.count.sum();
  }

  public long ackedBytes() {
    return run.bytes.sum();
  }

  public long inFlight() {
    return snapshot().inFlight();
  }

  /** Whether the KO ledger holds this sequence (read-only view for the read-back). */
  public KoLedger koLedger() {
    return koLedger;
  }

  /** The topics with at least one acked record, sorted. */
  public SortedSet<String> ackedTopics() {
    return partitions.topics();
  }

  /** A sorted snapshot for one topic: partition → acked records and bytes. */
  public Map<Integer, PartitionCounters.Count> ackedByPartition(String topic) {
    return partitions.snapshot(topic);
  }

  /** Per topic, what the last read-back found; empty before one ran. */
  public Map<String, Found> found() {
    return new TreeMap<>(found);
  }

  /** Per request name: acked records and bytes, and their rate from the first ack to the last. */
  public Map<String, Throughput.RequestThroughput> throughputByRequest() {
    Map<String, Throughput.RequestThroughput> out = new TreeMap<>();
    requests.forEach((name, r) -> out.put(name, r.throughput()));
    return out;
  }

  /** The protocol's whole ack rate, from the run's first ack to its last. */
  public Throughput.AckRate ackSpan() {
    return run.throughput().rate();
  }

  /** Whole-run ack-latency histograms per ack-timed request name. */
  public Map<String, Histogram> ackLatencyHistograms() {
    Map<String, Histogram> out = new TreeMap<>();
    requests.entrySet().stream()
        .filter(e -> e.getValue().timed)
        .forEach(e -> out.put(e.getKey(), e.getValue().total()));
    return out;
  }

  /** Ack latency of ack-timed requests since the last call (the per-second sample), µs. */
  public Histogram ackLatencySinceLast() {
    Histogram all = new Histogram(3);
    requests.values().stream().filter(r -> r.timed).forEach(r -> all.add(r.drain()));
    return all;
  }
}
