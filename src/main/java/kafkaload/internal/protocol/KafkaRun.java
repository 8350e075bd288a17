package kafkaload.internal.protocol;

import io.gatling.core.CoreComponents;
import java.io.EOFException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import kafkaload.internal.broker.EmbeddedCluster;
import kafkaload.internal.broker.EmbeddedKafka;
import kafkaload.internal.config.Console;
import kafkaload.internal.history.BaselineGate;
import kafkaload.internal.history.MarkdownSummary;
import kafkaload.internal.history.RunHistory;
import kafkaload.internal.metrics.LiveMetrics;
import kafkaload.internal.report.AssertionsJUnitReport;
import kafkaload.internal.report.GatlingVerdicts;
import kafkaload.internal.report.KafkaPage;
import kafkaload.internal.report.LatencySources;
import kafkaload.internal.report.ReconciliationPrinter;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.results.BaselineComparison;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.schema.EmbeddedRegistry;
import kafkaload.internal.verification.InjectorHealth;
import kafkaload.internal.verification.Reconciliation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.runtime.BoxedUnit;

/** One Gatling run's Kafka side: the protocols' components, health, and the files at the end. */
final class KafkaRun {
  static final Logger LOG = LoggerFactory.getLogger(KafkaRun.class);

  /** The runs going on in this JVM (Gatling's core to its run): each leaves at its end. */
  private static final Map<CoreComponents, KafkaRun> RUNS = new IdentityHashMap<>();

  /** Gatling's core of this run (its components use its stats engine, clock and throttler). */
  final CoreComponents core;

  private final Map<KafkaProtocol, KafkaComponents> components = new IdentityHashMap<>();
  private final Map<String, String> parameters = new TreeMap<>();
  private final Optional<Path> simulationLog = AssertionsJUnitReport.currentSimulationLog();
  private final long startMillis = System.currentTimeMillis();
  private final AtomicBoolean reportsWritten = new AtomicBoolean();
  private InjectorHealth health;
  private volatile RunSummary summary;

  /** The live endpoint; null without -Dmetrics.port. */
  volatile LiveMetrics metrics;

  /** The comparison with the baseline and the history folder, set by the baseline verdict. */
  volatile BaselineComparison baseline;

  volatile Path historyDir;
  volatile String historyLabel = "";
  private volatile boolean ended;

  /** -Ddry.run: the host's end of the run in place of the JVM's exit, or null (DryRunEnd). */
  private final Runnable dryRunHost = DryRunEnd.host();

  /** -Ddry.run: the plan was printed and the run's end asked for. */
  private final AtomicBoolean dryRunEnded = new AtomicBoolean();

  private KafkaRun(CoreComponents core) {
    this.core = core;
  }

  static KafkaRun of(CoreComponents core) {
    synchronized (RUNS) {
      return RUNS.computeIfAbsent(core, KafkaRun::started);
    }
  }

  /** A run starts on {@code core}: its end is registered, its files pending. */
  private static KafkaRun started(CoreComponents core) {
    // An earlier run of this JVM writes its files now, with its verdict lines, and is let go.
    RunFiles.writeNow();
    // A run starts: note the verdict lines Gatling prints on this thread (the one building the
    // scenarios, which runs Gatling), forgetting an earlier run's in the same JVM.
    GatlingVerdicts.listen();
    KafkaRun r = new KafkaRun(core);
    core.actorSystem()
        .registerOnTermination(
            () -> {
              try {
                r.end();
              } catch (RuntimeException | LinkageError e) { // the actor system would hide it
                LOG.error("could not summarise the run", e);
                Console.err("[kafkaload] could not summarise the run: " + e);
              } finally {
                r.ended = true;
              }
              return BoxedUnit.UNIT;
            });
    // Its files need Gatling's report, written after the actor system is gone: later.
    RunFiles.pending(r);
    return r;
  }

  /**
   * This protocol's components, made for its first action and shared: the checks that create
   * nothing are made now; what changes the cluster waits for {@link KafkaComponents#start()},
   * called by each action after its own checks.
   */
  synchronized KafkaComponents components(KafkaProtocol protocol) {
    return components.computeIfAbsent(
        protocol,
        p -> {
          KafkaComponents c = new KafkaComponents(p, this);
          parameters.putAll(p.run().parameters());
          return c;
        });
  }

  /**
   * A protocol started, after the broker start and preflight: the injector's health is sampled from
   * the first one on (its timeline is the run's, not the setup's), and the live endpoint started.
   * Returns the run's health.
   */
  synchronized InjectorHealth started(KafkaProtocol protocol, RunLedger ledger) {
    if (health == null) {
      health =
          InjectorHealth.start(
              protocol.injectorBounds(),
              () -> startedComponents().stream().map(KafkaComponents::ledger).toList(),
              () -> KafkaComponents.producers(startedComponents()));
    }
    if (metrics == null && protocol.run().metrics() != null) {
      metrics = RunMetrics.start(protocol, ledger, health, this::startedComponents);
    }
    return health;
  }

  /** -Ddry.run: the first user's start prints the plan and ends the run; no user goes on. */
  void dryRunEnd() {
    List<KafkaComponents> all = allComponents();
    DryRun.end(
        all.stream().map(KafkaComponents::protocol).toList(),
        () -> stopEmbedded(all.stream().anyMatch(KafkaComponents::embedded)),
        dryRunHost,
        dryRunEnded);
  }

  /** The run stops the embedded broker and registry: a broker left running keeps the JVM alive. */
  static void stopEmbedded(boolean embedded) {
    if (embedded) {
      EmbeddedKafka.stopShared();
      EmbeddedCluster.stopShared();
    }
    EmbeddedRegistry.stopShared();
  }

  /** The summary of these started protocols' components, as they stand now. */
  RunSummary summaryOf(List<KafkaComponents> started) {
    return RunSummary.of(
        started.stream().map(KafkaComponents::section).toList(),
        parameters,
        new RunSummary.Injector(
            health.samples(),
            health.loadSamples(),
            health.verdict(),
            health.loadWindow(),
            health.measuredWindow(),
            health.warmUpWindow(),
            health.eventLoopDelay(),
            health.bounds(),
            // an embedded broker in this JVM: its CPU is in the process's
            health.loadCpu(EmbeddedKafka.runningInThisJvm())),
        startMillis,
        System.currentTimeMillis());
  }

  /** Each baseline figure's verdict in words, by its request name, for the JUnit file. */
  private Map<String, String> baselineDetails() {
    Map<String, String> out = new TreeMap<>();
    if (baseline != null) {
      baseline.figures().forEach(f -> out.put(BaselineGate.REQUEST_PREFIX + f.name(), f.verdict()));
      if (!baseline.flags().isEmpty()) {
        out.put(BaselineGate.REQUEST_PREFIX + "comparable", String.join("; ", baseline.flags()));
      }
    }
    return out;
  }

  /** The started protocols' components (the health sampler's and the live endpoint's). */
  synchronized List<KafkaComponents> startedComponents() {
    return components.values().stream().filter(KafkaComponents::started).toList();
  }

  /** Every protocol's components, started or not: a copy the caller may change. */
  private synchronized List<KafkaComponents> allComponents() {
    return new ArrayList<>(components.values());
  }

  /** The run is over: its files, then the live endpoint, last, so it serves the run's end. */
  private void end() {
    try {
      endLoad();
    } finally {
      if (metrics != null) {
        metrics.close(); // after its linger: a last scrape sees the verdicts and the end
      }
    }
  }

  /** The load is over: summarise while producers still answer, then close them and the broker. */
  private void endLoad() {
    List<KafkaComponents> all = allComponents();
    synchronized (RUNS) {
      RUNS.remove(core);
    }
    // Components never started (a check refused the run) have nothing to summarise or close.
    boolean anyEmbedded = all.stream().anyMatch(KafkaComponents::embedded);
    all.removeIf(c -> !c.started());
    if (all.isEmpty()) {
      stopEmbedded(anyEmbedded);
      return;
    }
    if (dryRunEnded.get()) {
      // A dry run ended by its host: its clients and threads closed, no summary, no file.
      health.close(); // started components: the health started with the first
      all.forEach(c -> c.close(null, true));
      stopEmbedded(anyEmbedded);
      return;
    }
    health.loadEnded();
    all.forEach(KafkaRun::reconcileIfNotDone);
    health.close();
    InjectorHealth.Verdict verdict = health.verdict();
    if (verdict.saturated()) {
      Console.out(
          "[kafkaload] WARNING: the injector was saturated: results below are not trustworthy (%s)"
              .formatted(String.join("; ", verdict.reasons())));
    }
    summary = summaryOf(all);
    String sources = LatencySources.describe(summary.results().latencySources());
    if (sources != null) {
      Console.out("[kafkaload] " + sources);
    }
    all.forEach(c -> c.close(summary.results().injector().cpu().loadCpu(), false));
    stopEmbedded(anyEmbedded);
  }

  /** When records were sent and no reconcile() judged them, offsets are compared now. */
  private static void reconcileIfNotDone(KafkaComponents c) {
    RunLedger ledger = c.ledger();
    // A distributed run's merge compares the offsets of all injectors at once.
    if (ledger.injector().distributed()
        || ledger.reconciliation() != null
        || ledger.reconciliationError() != null
        || ledger.delivery().snapshot().acked() + ledger.delivery().snapshot().failed() == 0) {
      return;
    }
    try {
      Reconciled.Result r =
          Reconciliation.run(
              Reconciliation.Request.of(c.connection(), ledger, c.protocol().topic())
                  .withProducers(c.producers().all()));
      ledger.reconciliation(r, false);
      Console.out(
          ReconciliationPrinter.format(r)
              + "  (no reconcile() step judged this run: the offset comparison only, not gated; add "
              + "reconciled(...) for the read-back and the gates)");
    } catch (RuntimeException e) {
      Console.configError(e);
      ledger.reconciliationError("could not compare offsets after the run: " + e.getMessage());
    }
  }

  /** Writes the run's files after Gatling's report; false while the run has not ended. */
  boolean writeReports() {
    if (!ended) {
      return false;
    }
    if (simulationLog.isEmpty() || summary == null || !reportsWritten.compareAndSet(false, true)) {
      return true;
    }
    Path log = simulationLog.get();
    Path dir = log.getParent();
    RunResults results = summary.results();
    try {
      Optional<AssertionsJUnitReport.Verdicts> printed = AssertionsJUnitReport.printed(log);
      AssertionsJUnitReport.Verdicts verdicts =
          printed.orElseGet(() -> AssertionsJUnitReport.validate(log, core.configuration()));
      String from = printed.isPresent() ? "gatling-console" : "simulation.log";
      results = results.withGates(AssertionsJUnitReport.rows(verdicts), from);
      if (Files.isRegularFile(dir.resolve("index.html"))) {
        Console.out(
            "[kafkaload] JUnit assertions: "
                + AssertionsJUnitReport.write(log, verdicts, baselineDetails()));
      }
    } catch (EOFException e) {
      Console.err(
          "[kafkaload] no assertions judged: %s ends before any result (the run stopped before its load)"
              .formatted(log));
    } catch (Exception | LinkageError e) {
      Console.err("[kafkaload] could not judge the assertions from " + log + ": " + e);
    }
    if (baseline != null) {
      results = results.withBaseline(baseline);
    }
    try {
      // Everything since the load's end (the reconciliation, Gatling's parse and report, the
      // verdicts above) is CPU after the load.
      results = results.withCpuAtReport(RunLedger.processCpuSeconds());
      summary.withResults(results).write(dir);
      Console.out(
          "[kafkaload] Kafka page: file://%s (data: kafka-summary.json)"
              .formatted(KafkaPage.write(dir, results).toAbsolutePath()));
    } catch (Exception e) {
      Console.err("[kafkaload] could not write the Kafka page in " + dir + ": " + e);
    }
    try {
      Path md = dir.resolve("kafka-summary.md");
      Files.writeString(md, MarkdownSummary.of(results, historyLabel));
      Console.out("[kafkaload] Markdown summary: " + md.toAbsolutePath());
      if (historyDir != null) {
        Console.out(
            "[kafkaload] added to the history: "
                + RunHistory.add(historyDir, results, historyLabel).toAbsolutePath());
      }
    } catch (Exception e) {
      Console.err("[kafkaload] could not write the Markdown summary or the history: " + e);
    }
    return true;
  }
}
