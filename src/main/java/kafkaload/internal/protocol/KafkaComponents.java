package kafkaload.internal.protocol;

import io.gatling.commons.util.Clock;
import io.gatling.core.actor.ActorRef;
import io.gatling.core.controller.throttle.Throttler;
import io.gatling.core.protocol.ProtocolComponents;
import io.gatling.core.session.Session;
import io.gatling.core.stats.StatsEngine;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.OffsetQueries;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.client.ProducerMode;
import kafkaload.internal.client.ProducerPool;
import kafkaload.internal.client.RecordSender;
import kafkaload.internal.client.TopicListener;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.Secrets;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.OffsetBaselines;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.schema.SchemaContext;
import kafkaload.internal.semantics.Semantics;
import kafkaload.internal.verification.InjectorHealth;
import kafkaload.internal.verification.LagMonitor;
import kafkaload.internal.verification.TopicWatch;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.IsolationLevel;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * What a running protocol gives its actions: its connection and producers, Gatling's stats engine,
 * clock and throttler, a thread for sends that could block, the topic readers of consume actions,
 * and the run ledger they write to. Made by {@link KafkaRun} for the protocol's first action, after
 * the checks that create nothing; each action makes its own checks (its schemas), then calls {@link
 * #start()}: the first call creates what the run changes on the cluster (preflight's topic,
 * producers), so a check that refuses the run comes before any of it. Closed when the load ends.
 */
public final class KafkaComponents implements ProtocolComponents {
  private final KafkaProtocol protocol;
  private final KafkaRun run;
  private final Connection connection;
  private final ExecutorService blockingSender;
  private final RunLedger ledger;

  /** The Schema Registry side, made when the first action with a schema is built. */
  private SchemaContext schemas;

  /** What {@link #start()} made; null until then. */
  private volatile Running running;

  private final Map<String, TopicListener> listeners = new ConcurrentHashMap<>();

  /** The semantics' own resources, by type, made on first use and closed at the end. */
  private final Map<Class<?>, AutoCloseable> resources = new LinkedHashMap<>();

  /** The parts that exist once the protocol has started. */
  private record Running(
      ProducerPool producers,
      InjectorHealth health,
      TopicWatch topicWatch,
      Admin lagAdmin,
      LagMonitor lagMonitor) {}

  /**
   * The protocol's components, made for its first action: the checks that create nothing (the knob
   * names, the bootstrap, the topic plan), then the ledger; a refusal stops the embedded broker.
   */
  KafkaComponents(KafkaProtocol protocol, KafkaRun run) {
    this.protocol = protocol;
    this.run = run;
    // A misspelled knob is refused first: before any broker starts or answers.
    protocol.run().snapshot().checkNames();
    try {
      connection = protocol.connection();
      KafkaRun.LOG.info(
          "Kafka target: {}{}; producer properties {}",
          connection.bootstrap(),
          !embedded()
              ? ""
              : protocol.embeddedBrokers() > 0
                  ? " (embedded cluster of %d broker(s) in child processes)"
                      .formatted(protocol.embeddedBrokers())
                  : " (embedded broker)",
          Secrets.masked(protocol.producerProperties()));
      try (Admin admin = connection.admin()) {
        int brokers = Preflight.checkBootstrap(admin, connection);
        TopicsPreflight.checkPlan(admin, protocol, connection, brokers);
      }
      blockingSender =
          Executors.newSingleThreadExecutor(r -> Daemons.thread("kafkaload-blocking-sender", r));
      OffsetBaselines baselines =
          new OffsetBaselines(
              topic -> {
                try (Admin admin = connection.admin()) {
                  return OffsetQueries.offsets(admin, topic, connection.timeoutMs())
                      .orElseThrow(() -> Preflight.missing(topic));
                }
              },
              blockingSender);
      // A distributed run's injectors share one run id: one read-back finds all their records.
      RunIdentity identity =
          !protocol.requests().runIdentity()
              ? null
              : protocol.injector().runId() != null
                  ? new RunIdentity(protocol.injector().runId())
                  : RunIdentity.random();
      ledger = new RunLedger(identity, baselines, protocol.injector());
      ledger.madeWith(protocol);
      Semantics.all().forEach(s -> s.attach(ledger));
    } catch (RuntimeException e) {
      KafkaRun.stopEmbedded(embedded());
      throw e;
    }
  }

  /**
   * Preflight's side effects, the producers, the topic watch and the lag sampling, once: called by
   * every action when Gatling builds it, after that action's own checks, before any user starts.
   */
  public synchronized KafkaComponents start() {
    if (running == null) {
      ProducerPool producers;
      InjectorHealth health;
      try {
        List<String> warm = TopicsPreflight.prepare(protocol, connection, ledger.baselines());
        producers =
            new ProducerPool(
                protocol.producers().mode(),
                protocol.producers().poolSize(),
                connection,
                warm,
                protocol.injector().clientIdPrefix());
        health = run.started(protocol, ledger);
      } catch (RuntimeException e) {
        KafkaRun.stopEmbedded(embedded());
        throw e;
      }
      TopicWatch topicWatch = TopicWatch.start(connection, ledger);
      Admin lagAdmin = protocol.lagGroups().isEmpty() ? null : connection.admin();
      LagMonitor lagMonitor =
          lagAdmin == null
              ? null
              : LagMonitor.start(
                  lagAdmin,
                  protocol.lagGroups(),
                  protocol.lag().intervalMs(),
                  protocol.lagIsolationLevel(),
                  health.startNanos());
      running = new Running(producers, health, topicWatch, lagAdmin, lagMonitor);
    }
    return this;
  }

  /** Whether {@link #start()} ran. */
  boolean started() {
    return running != null;
  }

  private Running running() {
    Running r = running;
    if (r == null) {
      throw new IllegalStateException(
          "the Kafka protocol has not started: an action must call start() when built");
    }
    return r;
  }

  public KafkaProtocol protocol() {
    return protocol;
  }

  /** Where and how the run's clients connect. */
  public Connection connection() {
    return connection;
  }

  public ProducerPool producers() {
    return running().producers();
  }

  /** The state of this protocol's run: counters, identity, baselines, KOs, faults, results. */
  public RunLedger ledger() {
    return ledger;
  }

  public StatsEngine statsEngine() {
    return run.core.statsEngine();
  }

  public Clock clock() {
    return run.core.clock();
  }

  /** Gatling's throttler, present only when the simulation calls throttle(...). */
  public ActorRef<Throttler.Command> throttler() {
    return run.core.throttler().isDefined() ? run.core.throttler().get() : null;
  }

  /**
   * A sender of records for one action; {@code acks}: where its acks are counted and timed, or
   * null.
   */
  public RecordSender sender(DeliveryLedger.RequestAcks acks) {
    return new RecordSender(running().producers(), ledger, run.core.clock(), acks);
  }

  /**
   * A semantic's own resource in this run (its producers, its threads), made on first use by {@code
   * make} and closed when the load ends, after the protocol's own clients.
   */
  public synchronized <T extends AutoCloseable> T resource(Class<T> type, Supplier<T> make) {
    return type.cast(resources.computeIfAbsent(type, k -> make.get()));
  }

  /** The producers open now of started components. */
  static List<ProducerHandle> producers(List<KafkaComponents> started) {
    return started.stream().flatMap(c -> c.producers().all().stream()).toList();
  }

  /** The live Prometheus endpoint (-Dmetrics.port); null when there is none. */
  public kafkaload.internal.metrics.LiveMetrics metrics() {
    return run.metrics;
  }

  /** The injector health of the run this protocol belongs to. */
  public InjectorHealth health() {
    return running().health();
  }

  /** The lag monitor of the groups under test, or null when none were named. */
  public LagMonitor lagMonitor() {
    return running().lagMonitor();
  }

  /**
   * The shared reader of a topic for consume actions, one per isolation level; created (after
   * checking the topic exists) on first use.
   */
  public TopicListener listener(String topic, IsolationLevel isolation) {
    return listeners.computeIfAbsent(
        topic + "\u0000" + isolation,
        key -> {
          try (Admin admin = connection.admin()) {
            Preflight.checkTopic(
                admin, topic, protocol.topicPlan().existing(), connection.timeoutMs());
          }
          return new TopicListener(
              connection,
              topic,
              isolation,
              Daemons.timer("kafkaload-consume-timeouts-" + topic),
              ledger.consumes());
        });
  }

  /**
   * The protocol's Schema Registry side, made on first use (when an action with a schema is built,
   * before the load); with no schema.registry.url, the embedded registry is started then.
   */
  public synchronized SchemaContext schemas() {
    if (schemas == null) {
      schemas =
          SchemaContext.of(
              protocol.schemaRegistry(), ledger.schemas().registryCallCounter(), ledger.injector());
    }
    return schemas;
  }

  /** Whether it runs on the embedded broker(s): no bootstrap servers. */
  boolean embedded() {
    return protocol.bootstrapServers() == null;
  }

  @Override
  public Function1<Session, Session> onStart() {
    if (protocol.run().dryRun()) {
      return session -> {
        run.dryRunEnd();
        return session;
      };
    }
    return session -> {
      ledger.users().started();
      running().health().userStarted(session.eventLoop());
      return session;
    };
  }

  @Override
  public Function1<Session, BoxedUnit> onExit() {
    boolean perUser = protocol.producers().mode() == ProducerMode.PER_USER;
    return session -> {
      long userId = session.userId();
      ledger.users().exited();
      if (perUser) {
        blockingSender.execute(() -> running().producers().closeUser(userId));
      }
      return BoxedUnit.UNIT;
    };
  }

  /**
   * The load is over: stop the readers and the lag sampling, print the counters (with the process
   * CPU split at the measured load, or null) unless {@code quietly} (a dry run's end in a host
   * JVM), close the producers and the semantics' resources.
   */
  void close(kafkaload.internal.results.LoadCpu loadCpu, boolean quietly) {
    Running r = running();
    listeners.values().forEach(TopicListener::close);
    r.topicWatch().close();
    if (r.lagMonitor() != null) {
      r.lagMonitor().close();
      r.lagAdmin().close(Duration.ofSeconds(5));
    }
    if (!quietly) {
      Console.out("[kafkaload] " + ledger.summaryLine(loadCpu));
    }
    blockingSender.shutdownNow();
    r.producers().close();
    synchronized (this) {
      for (AutoCloseable resource : resources.values()) {
        try {
          resource.close();
        } catch (Exception e) {
          Console.err("[kafkaload] closing " + resource.getClass().getSimpleName() + ": " + e);
        }
      }
      resources.clear();
    }
  }

  /**
   * The run's results as they stand (every started protocol), for the baseline gate after the load.
   */
  public kafkaload.internal.results.RunResults snapshot() {
    return run.summaryOf(run.startedComponents()).results();
  }

  /** The comparison with the baseline, for the summary, the page and the Markdown summary. */
  public void baselineCompared(kafkaload.internal.results.BaselineComparison comparison) {
    run.baseline = comparison;
  }

  /** Adds the run to this history folder once its gates are judged. */
  public void history(java.nio.file.Path dir, String label) {
    run.historyDir = dir;
    run.historyLabel = label == null ? "" : label;
  }

  /** For the summary: this protocol's settings, ledger, lag samples and producers. */
  RunSummary.Section section() {
    return new RunSummary.Section(
        protocol.describe(
            connection.bootstrap(), ledger.identity() == null ? null : ledger.identity().runId()),
        ledger,
        running().lagMonitor(),
        running().producers().all(),
        ConsumerFactory.name(protocol.isolationLevel()));
  }
}
