package kafkaload.protocol;

import io.gatling.commons.util.Clock;
import io.gatling.core.CoreComponents;
import io.gatling.core.actor.ActorRef;
import io.gatling.core.controller.throttle.Throttler;
import io.gatling.core.protocol.ProtocolComponents;
import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.action.TopicListener;
import kafkaload.admin.Preflight;
import kafkaload.broker.EmbeddedCluster;
import kafkaload.broker.EmbeddedKafka;
import kafkaload.config.Secrets;
import kafkaload.verification.KoLedger;
import kafkaload.verification.LagMonitor;
import kafkaload.verification.OffsetBaselines;
import kafkaload.verification.Reconciliation;
import kafkaload.verification.RunIdentity;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * What a running simulation shares between its Kafka actions: the producers, Gatling's stats engine and clock,
 * the throttler, and a thread for sends that could block. Created once, after preflight, before any user starts.
 */
public final class KafkaComponents implements ProtocolComponents {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaComponents.class);

  private final KafkaProtocol protocol;
  private final String bootstrap;
  private final ProducerPool producers;
  private final CoreComponents core;
  private final SendStats stats = new SendStats();
  private final ExecutorService blockingSender;
  private final boolean embedded;
  private final RunIdentity identity;
  private final Map<Long, AtomicLong> userSequences = new ConcurrentHashMap<>();
  private final OffsetBaselines baselines;
  private final KoLedger koLedger = new KoLedger();
  private final LagMonitor lagMonitor;
  private final Admin lagAdmin;

  private KafkaComponents(KafkaProtocol protocol, String bootstrap, boolean embedded, ProducerPool producers,
      CoreComponents core, Map<Integer, Long> offsetsBefore) {
    this.protocol = protocol;
    this.identity = protocol.runIdentity() ? RunIdentity.random() : null;
    this.bootstrap = bootstrap;
    this.embedded = embedded;
    this.producers = producers;
    this.core = core;
    if (protocol.lagGroups().isEmpty()) {
      this.lagAdmin = null;
      this.lagMonitor = null;
    } else {
      this.lagAdmin = Preflight.admin(bootstrap, protocol.producerProperties(), protocol.topicPlan().bootstrapTimeoutMs());
      this.lagMonitor = LagMonitor.start(lagAdmin, protocol.lagGroups(), protocol.lagIntervalMs());
    }
    this.blockingSender = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "kafkaload-blocking-sender");
      t.setDaemon(true);
      return t;
    });
    long timeoutMs = protocol.topicPlan().bootstrapTimeoutMs();
    this.baselines = new OffsetBaselines(topic -> {
      try (Admin admin = Preflight.admin(bootstrap, protocol.producerProperties(), timeoutMs)) {
        return Preflight.endOffsets(admin, topic, timeoutMs);
      }
    }, blockingSender);
    if (protocol.topic() != null) {
      baselines.taken(protocol.topic(), offsetsBefore);
    }
  }

  static KafkaComponents start(KafkaProtocol protocol, CoreComponents core) {
    return KafkaRun.of(core).components(protocol, () -> create(protocol, core));
  }

  private static KafkaComponents create(KafkaProtocol protocol, CoreComponents core) {
    boolean embedded = protocol.bootstrapServers() == null;
      String bootstrap = protocol.targetBootstrap();
      LOG.info("Kafka target: {}{}; producer properties {}", bootstrap, !embedded ? ""
          : protocol.embeddedBrokers() > 0
              ? " (embedded cluster of " + protocol.embeddedBrokers() + " broker(s) in child processes)"
          : " (embedded broker)",
          Secrets.masked(protocol.producerProperties()));
      try {
        return preflightAndConnect(protocol, core, bootstrap, embedded);
      } catch (RuntimeException e) {
        if (embedded) {
          // The run stops here: an in-JVM broker left running would keep the JVM alive after Gatling gives up.
          EmbeddedKafka.stopShared();
          EmbeddedCluster.stopShared();
        }
        throw e;
      }
  }

  private static KafkaComponents preflightAndConnect(KafkaProtocol protocol, CoreComponents core, String bootstrap,
      boolean embedded) {
      List<String> warm = new ArrayList<>();
      Map<Integer, Long> offsetsBefore = Map.of();
      TopicPlan plan = protocol.topicPlan();
      try (Admin admin = Preflight.admin(bootstrap, protocol.producerProperties(), plan.bootstrapTimeoutMs())) {
        Preflight.checkBootstrap(admin, bootstrap, protocol.producerProperties(), plan.bootstrapTimeoutMs());
        if (protocol.topic() != null) {
          Preflight.checkTopic(admin, protocol.topic(), plan, plan.bootstrapTimeoutMs());
          if (acksAll(protocol.producerProperties())) {
            Preflight.checkInSyncReplicas(admin, protocol.topic(), plan.bootstrapTimeoutMs());
          }
          Preflight.checkBatchFits(admin, protocol.topic(), protocol.producerProperties(), plan.bootstrapTimeoutMs());
          warm.add(protocol.topic());
          // Reconciliation compares against these: taken before any record of this run is sent.
          offsetsBefore = Preflight.endOffsets(admin, protocol.topic(), plan.bootstrapTimeoutMs());
        }
      }
      return new KafkaComponents(protocol, bootstrap, embedded, new ProducerPool(protocol, bootstrap, warm), core,
          offsetsBefore);
  }

  /** acks=all (or -1): each send waits for min.insync.replicas in-sync replicas. */
  private static boolean acksAll(Map<String, Object> producerProperties) {
    Object acks = producerProperties.get("acks");
    return acks != null && (acks.toString().trim().equalsIgnoreCase("all") || acks.toString().trim().equals("-1"));
  }

  public KafkaProtocol protocol() {
    return protocol;
  }

  public String bootstrap() {
    return bootstrap;
  }

  public ProducerPool producers() {
    return producers;
  }

  public SendStats stats() {
    return stats;
  }

  public StatsEngine statsEngine() {
    return core.statsEngine();
  }

  public Clock clock() {
    return core.clock();
  }

  /** Gatling's throttler, present only when the simulation calls throttle(...). */
  public ActorRef<Throttler.Command> throttler() {
    return core.throttler().isDefined() ? core.throttler().get() : null;
  }

  public ExecutorService blockingSender() {
    return blockingSender;
  }

  /** The run's identity, or null when the protocol turned run-identity headers off. */
  public RunIdentity identity() {
    return identity;
  }

  /** The next sequence number of this virtual user's records: 0, 1, 2, ... */
  public long nextSequence(long userId) {
    return userSequences.computeIfAbsent(userId, id -> new AtomicLong()).getAndIncrement();
  }

  /** The identities of the run's KO'd records, which the read-back must not count as delivered. */
  public KoLedger koLedger() {
    return koLedger;
  }

  /** End offsets of every topic the run sends to, each taken before its first record of this run. */
  public OffsetBaselines baselines() {
    return baselines;
  }

  private volatile Reconciliation.Result reconciliation;
  private volatile String reconciliationError;
  private volatile boolean reconciliationGated;
  private final List<kafkaload.broker.FaultEvent> faults = new java.util.concurrent.CopyOnWriteArrayList<>();

  /** The broker faults done during the run, in order. */
  public List<kafkaload.broker.FaultEvent> faults() {
    return faults;
  }

  /** Why the reconciliation could not run (for example: the cluster was gone), or null. */
  public String reconciliationError() {
    return reconciliationError;
  }

  public void reconciliationError(String reason) {
    this.reconciliationError = reason;
  }

  /** The reconciliation of this run, once reconcile() has run; null before. */
  public Reconciliation.Result reconciliation() {
    return reconciliation;
  }

  /** {@code gated}: by a reconcile() step, with its verdicts; false for the offset comparison made at the end. */
  public void reconciliation(Reconciliation.Result r, boolean gated) {
    this.reconciliation = r;
    this.reconciliationGated = gated;
  }

  public boolean reconciliationGated() {
    return reconciliationGated;
  }

  /**
   * The offset comparison always runs: when the load sent records and no reconcile() step judged them (the
   * simulation has none, -Dverify=false, or maxDuration cut it short), compare acked records with end offsets now.
   */
  void reconcileIfNotDone() {
    if (reconciliation != null || reconciliationError != null || stats.acked.sum() + stats.failed.sum() == 0) {
      return;
    }
    try {
      Reconciliation.Result r = Reconciliation.run(this, false, java.time.Duration.ZERO);
      reconciliation(r, false);
      System.out.println(kafkaload.report.ReconciliationPrinter.format(r)
          + "  (no reconcile() step judged this run: the offset comparison only, not gated; add "
          + "reconciled(...) for the read-back and the gates)");
    } catch (RuntimeException e) {
      reconciliationError("could not compare offsets after the run: " + e.getMessage());
    }
  }


  @Override
  public Function1<Session, Session> onStart() {
    return session -> {
      stats.peakUsers.accumulate(stats.activeUsers.incrementAndGet());
      health.userStarted(session.eventLoop());
      return session;
    };
  }

  @Override
  public Function1<Session, BoxedUnit> onExit() {
    boolean perUser = protocol.producerMode() == ProducerMode.PER_USER;
    return session -> {
      long userId = session.userId();
      stats.activeUsers.decrementAndGet();
      userSequences.remove(userId);
      if (perUser) {
        blockingSender.execute(() -> producers.closeUser(userId));
      }
      return BoxedUnit.UNIT;
    };
  }

  boolean embedded() {
    return embedded;
  }

  private volatile kafkaload.verification.InjectorHealth health;

  /** The injector health of the run this protocol belongs to. */
  public kafkaload.verification.InjectorHealth health() {
    return health;
  }

  void health(kafkaload.verification.InjectorHealth health) {
    this.health = health;
  }

  private final Map<String, TopicListener> listeners = new ConcurrentHashMap<>();

  /** The shared reader of a topic for consume actions; created (after checking the topic exists) on first use. */
  public TopicListener listener(String topic) {
    return listeners.computeIfAbsent(topic, t -> {
      TopicPlan plan = protocol.topicPlan();
      try (Admin admin = Preflight.admin(bootstrap, protocol.producerProperties(), plan.bootstrapTimeoutMs())) {
        Preflight.checkTopic(admin, t, new TopicPlan(false, 1, (short) 1, 1, false, plan.bootstrapTimeoutMs()),
            plan.bootstrapTimeoutMs());
      }
      return new TopicListener(bootstrap, protocol.producerProperties(), t,
          java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, "kafkaload-consume-timeouts-" + t);
            th.setDaemon(true);
            return th;
          }), stats.lateReplies);
    });
  }

  private volatile Map<String, Object> consumerThroughput;

  /** The figures of a drain (the consumer-throughput test) for kafka-summary.json, or null when none ran. */
  public Map<String, Object> consumerThroughput() {
    return consumerThroughput;
  }

  public void consumerThroughput(Map<String, Object> figures) {
    this.consumerThroughput = figures;
  }

  /** The lag monitor of the groups under test, or null when none were named. */
  public LagMonitor lagMonitor() {
    return lagMonitor;
  }

  void close() {
    listeners.values().forEach(TopicListener::close);
    if (lagMonitor != null) {
      lagMonitor.close();
      lagAdmin.close(java.time.Duration.ofSeconds(5));
    }
    System.out.println("[kafkaload] " + stats.summary());
    blockingSender.shutdownNow();
    producers.close();
  }
}
