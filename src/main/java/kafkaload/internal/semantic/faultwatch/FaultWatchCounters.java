package kafkaload.internal.semantic.faultwatch;

import static kafkaload.internal.verification.LagMonitor.BY_TOPIC_PARTITION;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.run.RecordTap;
import kafkaload.internal.verification.InjectorHealth;
import org.apache.kafka.common.TopicPartition;

/**
 * What the fault watch sees of a run with a fault plan, in its ledger: every ack's time per
 * partition ({@link AckTimes}), every KO by partition, reason and send time (to {@link
 * #KO_BUCKET_MS} ms), and the cluster's leaders and ISRs ({@link MetadataHistory}). A tap of the
 * ledger from the load's start ({@link #started}); cheap on the producers' I/O threads: an ack
 * costs a lookup and a max.
 */
final class FaultWatchCounters implements RecordTap {
  /** KOs are counted per bucket of this many ms of their send time. */
  static final long KO_BUCKET_MS = 100;

  /** Gaps and KOs older than this are dropped once every fault that could need them is settled. */
  static final long RETAIN_MS = 10 * 60_000;

  private record KoKey(TopicPartition tp, String reason, long bucket) {}

  private final AckTimes acks = new AckTimes();
  private final Map<KoKey, LongAdder> kos = new ConcurrentHashMap<>();
  private final MetadataHistory metadata = new MetadataHistory();
  private final LongAdder polls = new LongAdder();
  private final LongAdder pollErrors = new LongAdder();
  private volatile String lastPollError;
  private volatile long startMillis = -1;
  private volatile InjectorHealth health;
  private volatile FaultImpact last;

  /** Faults whose figures are final (their windows long past), by index in the run's faults. */
  private final Map<Integer, FaultImpact.Fault> settled = new ConcurrentHashMap<>();

  /** The load started at {@code millis} (epoch): the faults' time base. */
  void started(long millis, InjectorHealth health) {
    this.startMillis = millis;
    this.health = health;
  }

  boolean isStarted() {
    return startMillis >= 0;
  }

  @Override
  public void sent(byte[] key, byte[] value) {
    // Nothing: the answer is what counts.
  }

  @Override
  public void answered(
      String topic, int partition, long sentMillis, long atMillis, Exception error) {
    if (error == null) {
      acks.acked(topic, partition, sentMillis, atMillis);
    } else {
      kos.computeIfAbsent(
              new KoKey(
                  new TopicPartition(topic, partition),
                  error.getClass().getSimpleName(),
                  Math.floorDiv(sentMillis, KO_BUCKET_MS)),
              k -> new LongAdder())
          .increment();
    }
  }

  /** The topics acked so far. */
  Set<String> ackedTopics() {
    return acks.topics();
  }

  MetadataHistory metadata() {
    return metadata;
  }

  void polled(String error) {
    polls.increment();
    if (error != null) {
      pollErrors.increment();
      lastPollError = error;
    }
  }

  /**
   * Called now and then by the watcher: a fault whose window ended long ago gets its final figures,
   * then the past no unsettled fault can need is dropped.
   */
  void settle(long nowMillis, List<ProtocolResults.Fault> faults) {
    if (!isStarted()) {
      return;
    }
    long now = nowMillis - startMillis;
    FaultAnalysis.Observed o = null;
    for (int i = 0; i < faults.size(); i++) {
      FaultAnalysis.Span s = FaultAnalysis.Span.of(faults.get(i));
      if (!settled.containsKey(i) && now > s.untilMs() + FaultAnalysis.AFTER_MS + RETAIN_MS / 2) {
        o = o == null ? observed() : o;
        settled.put(i, FaultAnalysis.analyse(faults, o).get(i));
      }
    }
    if (settled.size() == faults.size()) {
      long before = nowMillis - RETAIN_MS;
      acks.prune(before);
      kos.keySet().removeIf(k -> (k.bucket() + 1) * KO_BUCKET_MS < before);
    }
  }

  /**
   * The section: each fault's figures (settled ones as they were settled), null before the load.
   */
  FaultImpact figures(List<ProtocolResults.Fault> faults, Long lost, Long duplicates) {
    if (!isStarted()) {
      return null;
    }
    List<FaultImpact.Fault> all = FaultAnalysis.analyse(faults, observed());
    List<FaultImpact.Fault> out =
        IntStream.range(0, all.size()).mapToObj(i -> settled.getOrDefault(i, all.get(i))).toList();
    last =
        new FaultImpact(
            out, lost, duplicates, AckTimes.GAP_MS, polls.sum(), pollErrors.sum(), lastPollError);
    return last;
  }

  /** The section as the run's results last made it; null before. */
  FaultImpact last() {
    return last;
  }

  /** What was observed so far, in ms after the load's start. */
  FaultAnalysis.Observed observed() {
    long origin = startMillis;
    MetadataHistory.Snapshot m = metadata.snapshot();
    Map<TopicPartition, Long> firstAt = new java.util.TreeMap<>(BY_TOPIC_PARTITION);
    m.firstAtMs().forEach((tp, t) -> firstAt.put(tp, t - origin));
    MetadataHistory.Snapshot relative =
        new MetadataHistory.Snapshot(
            m.first(), firstAt, m.changes().stream().map(c -> c.since(origin)).toList());
    List<FaultAnalysis.KoBucket> ko = new ArrayList<>();
    kos.forEach(
        (k, n) ->
            ko.add(
                new FaultAnalysis.KoBucket(
                    k.tp(), k.reason(), k.bucket() * KO_BUCKET_MS - origin, n.sum())));
    return new FaultAnalysis.Observed(
        acks.traces(origin), relative, ko, KO_BUCKET_MS, latency(origin));
  }

  /** The timeline's seconds (the injector health's), on the faults' time base. */
  private List<FaultAnalysis.LatencySecond> latency(long origin) {
    InjectorHealth h = health;
    double loadStart = h == null ? Double.NaN : h.loadWindow()[0];
    if (Double.isNaN(loadStart)) {
      return List.of();
    }
    // A second sampled twice is its first sample's.
    Map<Long, FaultAnalysis.LatencySecond> bySecond = new LinkedHashMap<>();
    for (InjectorSample s : h.samples()) {
      long end = Math.round((s.second() - loadStart) * 1000);
      bySecond.putIfAbsent(
          end, new FaultAnalysis.LatencySecond(end, s.load().ackP99Ms(), s.load().ackMaxMs()));
    }
    return List.copyOf(bySecond.values());
  }
}
