package kafkaload.internal.run;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.results.DrainThroughput;
import kafkaload.internal.results.LoadCpu;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ReconciliationResult.TopicChange;
import org.apache.kafka.common.header.Headers;

/**
 * Everything about one protocol's run that changes while it runs, in one place: actions and clients
 * write it, the verification and the reports read it. Each record's life (sent, acked or failed,
 * found or missing) is in the {@link DeliveryLedger}; the send path, consumes, schemas and users
 * each have their own small counters.
 */
public final class RunLedger {
  private final DeliveryLedger delivery = new DeliveryLedger();
  private final SendPath sendPath = new SendPath();
  private final ConsumeCounters consumes = new ConsumeCounters();
  private final SchemaCounters schemas = new SchemaCounters();
  private final UserCounters users = new UserCounters();
  private final RunIdentity identity;
  private final InjectorShare injector;
  private final AtomicLong sequence;
  private final List<Long> sequenceStarts;
  private final List<Long> unreportedStarts;
  private final OffsetBaselines baselines;
  private final List<ProtocolResults.Fault> faults = new CopyOnWriteArrayList<>();
  private final Map<String, TopicChange> topicChanges = new ConcurrentHashMap<>();
  private final Map<String, Long> topicSeen = new ConcurrentHashMap<>();
  private volatile Reconciled.Result reconciliation;
  private volatile boolean reconciliationGated;
  private volatile String reconciliationError;
  private volatile DrainThroughput consumerThroughput;
  private volatile ProtocolResults.ReconcileBounds deferredReconciliation;
  private final Map<Class<?>, Object> semantics = new ConcurrentHashMap<>();
  private volatile RecordTap[] taps = new RecordTap[0];
  private volatile Object settings;

  /**
   * The ledger of injector {@code injector} ({@link InjectorShare#SINGLE}: the whole run): its own
   * sequence space and user numbers; {@code identity}: the run's identity, or null when records
   * carry no run-identity headers.
   */
  public RunLedger(RunIdentity identity, OffsetBaselines baselines, InjectorShare injector) {
    this(identity, baselines, injector, List.of(injector.sequenceStart()), List.of());
  }

  private RunLedger(
      RunIdentity identity,
      OffsetBaselines baselines,
      InjectorShare injector,
      List<Long> starts,
      List<Long> unreported) {
    this.identity = identity;
    this.baselines = baselines;
    this.injector = injector;
    this.sequence = new AtomicLong(injector.sequenceStart());
    this.sequenceStarts = List.copyOf(starts);
    this.unreportedStarts = List.copyOf(unreported);
  }

  /**
   * The ledger of a whole distributed run, filled by the merge from its injectors' results (acked
   * counts, KOs, baselines), for the one reconciliation after all of them ended; {@code starts}:
   * each injector's first sequence; {@code unreported}: the first sequences of injectors that
   * reported no results (they died), whose records the read-back counts apart, since nothing acked
   * them.
   */
  public static RunLedger merged(
      RunIdentity identity,
      Map<String, TopicOffsets> baselines,
      List<Long> starts,
      List<Long> unreported) {
    OffsetBaselines b =
        new OffsetBaselines(
            topic -> {
              throw new IllegalStateException(
                  "no baseline of topic " + topic + " in the injectors' results");
            },
            Runnable::run);
    baselines.forEach(b::taken);
    return new RunLedger(identity, b, InjectorShare.SINGLE, starts, unreported);
  }

  /** The user part of a record's identity: the Gatling user id, made distinct across injectors. */
  public long identityUser(long gatlingUserId) {
    return injector.user(gatlingUserId);
  }

  /**
   * Where each sequence space of the run starts (one per injector): gaps are counted within each.
   */
  public List<Long> sequenceStarts() {
    return sequenceStarts;
  }

  /**
   * The sequence spaces of injectors that reported no results (a merge with dead injectors), else
   * empty.
   */
  public List<Long> unreportedStarts() {
    return unreportedStarts;
  }

  /** The injector this ledger belongs to. */
  public InjectorShare injector() {
    return injector;
  }

  /** Every record's life: sent, acked or failed, committed or aborted, found or missing. */
  public DeliveryLedger delivery() {
    return delivery;
  }

  /** Time inside producer.send(), sends taken off the event loop, publish delay. */
  public SendPath sendPath() {
    return sendPath;
  }

  /** End-to-end latency of consumes, late replies. */
  public ConsumeCounters consumes() {
    return consumes;
  }

  /** Serialization with schemas and Schema Registry calls. */
  public SchemaCounters schemas() {
    return schemas;
  }

  /**
   * A semantic's own counters in this run, made on first use: each semantic keeps its state here
   * under its own type, so the ledger stays the one owner of what changes during a run.
   */
  public <T> T semantic(Class<T> type, java.util.function.Supplier<T> make) {
    return type.cast(semantics.computeIfAbsent(type, t -> make.get()));
  }

  /**
   * Adds a semantic's part in every record's path; the taps stamp in their {@link
   * RecordTap#stampOrder()}, equal ones in the order added.
   */
  public synchronized void tap(RecordTap tap) {
    RecordTap[] more = java.util.Arrays.copyOf(taps, taps.length + 1);
    more[taps.length] = tap;
    java.util.Arrays.sort(more, java.util.Comparator.comparingInt(RecordTap::stampOrder));
    taps = more;
  }

  /** The settings the run was made with (its protocol), for the semantics when they attach. */
  public void madeWith(Object settings) {
    this.settings = settings;
  }

  /** The settings the run was made with, when of {@code type}; else null (a ledger of a test). */
  public <T> T settings(Class<T> type) {
    return type.isInstance(settings) ? type.cast(settings) : null;
  }

  /** A record about to be sent: each tap stamps its headers, in their order. */
  public void stamp(Headers headers) {
    for (RecordTap t : taps) {
      t.stamp(headers);
    }
  }

  /** A record handed to the producer (serialized key and value, either may be null). */
  public void sent(byte[] key, byte[] value) {
    for (RecordTap t : taps) {
      t.sent(key, value);
    }
  }

  /** A record a consume read back (see {@link RecordTap#read}), for the taps. */
  public void read(
      String request, Headers headers, long producedMillis, long readMillis, boolean ok) {
    for (RecordTap t : taps) {
      t.read(request, headers, producedMillis, readMillis, ok);
    }
  }

  /** A request-reply's outcome (see {@link RecordTap#replied}), for the taps. */
  public void replied(
      String request, Headers sent, Headers reply, long sentMillis, long endMillis, boolean ok) {
    for (RecordTap t : taps) {
      t.replied(request, sent, reply, sentMillis, endMillis, ok);
    }
  }

  /** The broker's answer to a record sent (see {@link RecordTap#answered}), for the taps. */
  public void answered(
      String topic, int partition, long sentMillis, long atMillis, Exception error) {
    for (RecordTap t : taps) {
      t.answered(topic, partition, sentMillis, atMillis, error);
    }
  }

  /** A record's publish delay (see {@link RecordTap#publishDelayed}), for the taps. */
  public void publishDelayed(long delayMicros) {
    for (RecordTap t : taps) {
      t.publishDelayed(delayMicros);
    }
  }

  /** A record's ack latency (see {@link RecordTap#ackedAfter}), for the taps. */
  public void ackedAfter(long latencyMicros) {
    for (RecordTap t : taps) {
      t.ackedAfter(latencyMicros);
    }
  }

  /** A record read by a subscription (see {@link RecordTap#consumed}), for the taps. */
  public void consumed(long e2eMicros) {
    for (RecordTap t : taps) {
      t.consumed(e2eMicros);
    }
  }

  /** The producers' metrics when the results are made, for the taps. */
  public void producerMetricsAtEnd(Map<String, Double> metrics) {
    for (RecordTap t : taps) {
      t.producerMetrics(metrics);
    }
  }

  /** A semantic's counters when it ran, else null. */
  public <T> T semanticIfUsed(Class<T> type) {
    return type.cast(semantics.get(type));
  }

  /** Virtual users alive and at peak. */
  public UserCounters users() {
    return users;
  }

  /**
   * The line the run prints when its load ends; {@code cpu}: the process CPU split at the measured
   * load, or null.
   */
  public String summaryLine(LoadCpu cpu) {
    DeliveryLedger.Snapshot d = delivery.snapshot();
    return String.format(
        "Kafka sends: %d acked OK, %d failed, %d still in flight at the end (neither OK nor KO); "
            + "time inside producer.send(): %.1f ms total, %.1f ms max; %d sends taken off the event loop; "
            + "%d late replies; %d concurrent users at peak; injector CPU so far: %.1f s%s%s",
        d.acked(),
        d.failed(),
        d.inFlight(),
        sendPath.blockedNanos() / 1e6,
        sendPath.maxBlockedNanos() / 1e6,
        sendPath.offloadedCount(),
        consumes.lateReplies(),
        users.peak(),
        processCpuSeconds(),
        cpu == null
            ? ""
            // the measured load's share: during it, per acked record, and before it; the in-JVM
            // broker named when its CPU is in the figures
            : String.format(
                Locale.ROOT,
                " (during the measured load: %.1f s for %d acked records, %s per message; before it: %.1f s%s)",
                cpu.duringSeconds(),
                cpu.ackedDuring(),
                cpu.microsPerMessage() == null
                    ? "n/a"
                    : String.format(Locale.ROOT, "%.1f µs", cpu.microsPerMessage()),
                cpu.beforeSeconds(),
                cpu.brokerInJvm() ? "; the embedded broker in this JVM counts too" : ""),
        schemas.serializedCount() + schemas.registryCalls() == 0
            ? ""
            : String.format(
                "; %d records serialized " + "with schemas; %d Schema Registry calls",
                schemas.serializedCount(), schemas.registryCalls()));
  }

  /** CPU time of this whole JVM (all threads), before Gatling spends more on its report. */
  public static double processCpuSeconds() {
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime() / 1e9
        : Double.NaN;
  }

  /** The run's identity, or null when the protocol turned run-identity headers off. */
  public RunIdentity identity() {
    return identity;
  }

  /**
   * The next record's run-wide sequence number: 0, 1, 2, ... over all users, so nothing is kept per
   * user (from the injector's own start in a distributed run).
   */
  public long nextSequence() {
    return sequence.getAndIncrement();
  }

  /** How many sequence numbers were handed out so far. */
  public long sequencesIssued() {
    return sequence.get() - injector.sequenceStart();
  }

  /** The identities of the run's KO'd records, which the read-back must not count as delivered. */
  public KoLedger koLedger() {
    return delivery.koLedger();
  }

  /**
   * End offsets of every topic the run sends to, each taken before its first record of this run.
   */
  public OffsetBaselines baselines() {
    return baselines;
  }

  /** The broker faults done during the run, in order. */
  public List<ProtocolResults.Fault> faults() {
    return faults;
  }

  /** Topics deleted, or deleted and re-created, during the run, as the topic watch saw them. */
  public Map<String, TopicChange> topicChanges() {
    return topicChanges;
  }

  public void topicChanged(TopicChange change) {
    topicChanges.put(change.topic(), change);
  }

  /** The topic watch saw the topic as its baseline did, at this time (epoch ms). */
  public void topicSeen(String topic, long millis) {
    topicSeen.put(topic, millis);
  }

  /** The last time the run saw the topic as its baseline did, or the baseline's own time. */
  public long topicLastSeen(String topic, TopicOffsets baseline) {
    return topicSeen.getOrDefault(topic, baseline.atMillis());
  }

  /** The reconciliation of this run, once made; null before. */
  public Reconciled.Result reconciliation() {
    return reconciliation;
  }

  /**
   * {@code gated}: by a reconcile() step, with its verdicts; false for the offset comparison made
   * at the end.
   */
  public void reconciliation(Reconciled.Result r, boolean gated) {
    this.reconciliation = r;
    this.reconciliationGated = gated;
  }

  public boolean reconciliationGated() {
    return reconciliationGated;
  }

  /** Why the reconciliation could not run (for example: the cluster was gone), or null. */
  public String reconciliationError() {
    return reconciliationError;
  }

  public void reconciliationError(String reason) {
    this.reconciliationError = reason;
  }

  /**
   * The figures of a drain (the consumer-throughput test) for kafka-summary.json, or null when none
   * ran.
   */
  public DrainThroughput consumerThroughput() {
    return consumerThroughput;
  }

  public void consumerThroughput(DrainThroughput figures) {
    this.consumerThroughput = figures;
  }

  /**
   * The bounds of a reconcile() step that an injector of a distributed run leaves to the merge
   * (which reconciles all injectors' records at once). Null when no step ran.
   */
  public ProtocolResults.ReconcileBounds deferredReconciliation() {
    return deferredReconciliation;
  }

  public void deferReconciliation(ProtocolResults.ReconcileBounds bounds) {
    this.deferredReconciliation = bounds;
  }
}
