package kafkaload.internal.protocol;

import io.gatling.commons.util.Clock;
import io.gatling.core.CoreComponents;
import io.gatling.core.actor.ActorRef;
import io.gatling.core.controller.throttle.Throttler;
import io.gatling.core.protocol.ProtocolComponents;
import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.client.ProducerMode;
import kafkaload.internal.client.ProducerPool;
import kafkaload.internal.client.RecordSender;
import kafkaload.internal.client.TopicListener;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.SendStats;
import kafkaload.internal.schema.SchemaContext;
import kafkaload.internal.verification.InjectorHealth;
import kafkaload.internal.verification.LagMonitor;
import kafkaload.internal.verification.TopicWatch;
import org.apache.kafka.clients.admin.Admin;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * What a running protocol gives its actions: its connection and producers, Gatling's stats engine, clock and
 * throttler, a thread for sends that could block, the topic readers of consume actions, and the run ledger they
 * write to. Created by {@link KafkaRun} after preflight, before any user starts; closed when the load ends.
 */
public final class KafkaComponents implements ProtocolComponents {
  private final KafkaProtocol protocol;
  private final Connection connection;
  private final boolean embedded;
  private final CoreComponents core;
  private final ProducerPool producers;
  private final RunLedger ledger;
  private final InjectorHealth health;
  private final ExecutorService blockingSender;
  /** The Schema Registry side, made when the first action with a schema is built. */
  private SchemaContext schemas;
  private final Admin lagAdmin;
  private final LagMonitor lagMonitor;
  private final Map<String, TopicListener> listeners = new ConcurrentHashMap<>();
  private final TopicWatch topicWatch;

  KafkaComponents(KafkaProtocol protocol, Connection connection, boolean embedded, CoreComponents core,
      ProducerPool producers, RunLedger ledger, ExecutorService blockingSender, InjectorHealth health) {
    this.protocol = protocol;
    this.connection = connection;
    this.embedded = embedded;
    this.core = core;
    this.producers = producers;
    this.ledger = ledger;
    this.blockingSender = blockingSender;
    this.health = health;
    this.topicWatch = TopicWatch.start(connection, ledger);
    if (protocol.lagGroups().isEmpty()) {
      this.lagAdmin = null;
      this.lagMonitor = null;
    } else {
      this.lagAdmin = connection.admin();
      this.lagMonitor = LagMonitor.start(lagAdmin, protocol.lagGroups(), protocol.lagIntervalMs());
    }
  }

  static KafkaComponents start(KafkaProtocol protocol, CoreComponents core) {
    return KafkaRun.of(core).components(protocol);
  }

  public KafkaProtocol protocol() {
    return protocol;
  }

  /** Where and how the run's clients connect. */
  public Connection connection() {
    return connection;
  }

  public ProducerPool producers() {
    return producers;
  }

  /** The state of this protocol's run: counters, identity, baselines, KOs, faults, results. */
  public RunLedger ledger() {
    return ledger;
  }

  public SendStats stats() {
    return ledger.stats();
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

  /** A sender of records for one action; {@code acks}: where its acks are counted and timed, or null. */
  public RecordSender sender(SendStats.RequestAcks acks) {
    return new RecordSender(producers, ledger, core.clock(), acks);
  }

  /** The injector health of the run this protocol belongs to. */
  public InjectorHealth health() {
    return health;
  }

  /** The lag monitor of the groups under test, or null when none were named. */
  public LagMonitor lagMonitor() {
    return lagMonitor;
  }

  /** The shared reader of a topic for consume actions; created (after checking the topic exists) on first use. */
  public TopicListener listener(String topic) {
    return listeners.computeIfAbsent(topic, t -> {
      try (Admin admin = connection.admin()) {
        Preflight.checkTopic(admin, t, protocol.topicPlan().existing(), connection.timeoutMs());
      }
      return new TopicListener(connection, t, Executors.newSingleThreadScheduledExecutor(r -> {
        Thread th = new Thread(r, "kafkaload-consume-timeouts-" + t);
        th.setDaemon(true);
        return th;
      }), ledger.stats().lateReplies);
    });
  }

  /**
   * The protocol's Schema Registry side, made on first use (when an action with a schema is built, before the load);
   * with no schema.registry.url, the embedded registry is started then.
   */
  public synchronized SchemaContext schemas() {
    if (schemas == null) {
      schemas = SchemaContext.of(protocol.schemaRegistry(), ledger.stats().registryCalls);
    }
    return schemas;
  }

  boolean embedded() {
    return embedded;
  }

  @Override
  public Function1<Session, Session> onStart() {
    return session -> {
      SendStats stats = ledger.stats();
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
      ledger.stats().activeUsers.decrementAndGet();
      if (perUser) {
        blockingSender.execute(() -> producers.closeUser(userId));
      }
      return BoxedUnit.UNIT;
    };
  }

  /** The load is over: stop the readers and the lag sampling, print the counters, close the producers. */
  void close() {
    listeners.values().forEach(TopicListener::close);
    topicWatch.close();
    if (lagMonitor != null) {
      lagMonitor.close();
      lagAdmin.close(Duration.ofSeconds(5));
    }
    System.out.println("[kafkaload] " + ledger.stats().summary());
    blockingSender.shutdownNow();
    producers.close();
  }

  /** For the summary: this protocol's settings, ledger, lag samples and producers. */
  RunSummary.Section section() {
    return new RunSummary.Section(protocol.describe(connection.bootstrap(),
        ledger.identity() == null ? null : ledger.identity().runId()), ledger, lagMonitor, producers.all());
  }
}
