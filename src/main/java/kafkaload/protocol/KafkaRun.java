package kafkaload.protocol;

import io.gatling.core.CoreComponents;
import io.gatling.shared.model.assertion.AssertionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import kafkaload.broker.EmbeddedCluster;
import kafkaload.broker.EmbeddedKafka;
import kafkaload.config.InjectorBounds;
import kafkaload.report.AssertionsJUnitReport;
import kafkaload.report.KafkaPage;
import kafkaload.report.RunSummary;
import kafkaload.verification.InjectorHealth;

/**
 * One Gatling run's Kafka side: the components of each protocol (shared by the scenarios that use it), the
 * injector-health sampler, and, when the run ends, the summary JSON, the Kafka page and the JUnit assertions file
 * beside Gatling's report.
 */
final class KafkaRun {
  private static final Map<CoreComponents, KafkaRun> RUNS = new IdentityHashMap<>();

  private final CoreComponents core;
  private final Map<KafkaProtocol, KafkaComponents> components = new IdentityHashMap<>();
  private final Optional<Path> simulationLog = AssertionsJUnitReport.currentSimulationLog();
  private final long startMillis = System.currentTimeMillis();
  private InjectorHealth health;
  private volatile RunSummary summary;

  private KafkaRun(CoreComponents core) {
    this.core = core;
  }

  static KafkaRun of(CoreComponents core) {
    synchronized (RUNS) {
      KafkaRun run = RUNS.get(core);
      if (run == null) {
        run = new KafkaRun(core);
        RUNS.put(core, run);
        KafkaRun r = run;
        core.actorSystem().registerOnTermination(() -> {
          r.end();
          return scala.runtime.BoxedUnit.UNIT;
        });
        // Gatling writes its report after the actor system is gone; the files that need it come at JVM exit.
        Runtime.getRuntime().addShutdownHook(new Thread(r::writeReports, "kafkaload-reports"));
      }
      return run;
    }
  }

  synchronized KafkaComponents components(KafkaProtocol protocol, Supplier<KafkaComponents> create) {
    KafkaComponents c = components.get(protocol);
    if (c == null) {
      c = create.get();
      components.put(protocol, c);
      if (health == null) {
        health = InjectorHealth.start(InjectorBounds.fromSystemProperties(), this::allStats, this::allProducers);
      }
      c.health(health);
    }
    return c;
  }

  synchronized InjectorHealth health() {
    return health;
  }

  private synchronized List<SendStats> allStats() {
    List<SendStats> out = new ArrayList<>();
    components.values().forEach(c -> out.add(c.stats()));
    return out;
  }

  private synchronized List<ProducerHandle> allProducers() {
    List<ProducerHandle> out = new ArrayList<>();
    components.values().forEach(c -> out.addAll(c.producers().all()));
    return out;
  }

  /** The load is over: summarise while the producers still answer, then close them and the embedded broker. */
  private void end() {
    List<KafkaComponents> all;
    synchronized (this) {
      all = new ArrayList<>(components.values());
    }
    synchronized (RUNS) {
      RUNS.remove(core);
    }
    if (all.isEmpty()) {
      return;
    }
    health.loadEnded();
    all.forEach(KafkaComponents::reconcileIfNotDone);
    health.close();
    InjectorHealth.Verdict verdict = health.verdict();
    if (verdict.saturated()) {
      System.out.println("[kafkaload] WARNING: the injector was saturated: results below are not trustworthy ("
          + String.join("; ", verdict.reasons()) + ")");
    }
    summary = RunSummary.of(all, health, startMillis, System.currentTimeMillis());
    boolean embedded = false;
    for (KafkaComponents c : all) {
      c.close();
      embedded |= c.embedded();
    }
    if (embedded) {
      EmbeddedKafka.stopShared();
      EmbeddedCluster.stopShared();
    }
  }

  /** At JVM exit, after Gatling's report: gate verdicts, kafka-summary.json, kafka.html, js/assertions.xml. */
  private void writeReports() {
    if (simulationLog.isEmpty() || summary == null) {
      return;
    }
    Path log = simulationLog.get();
    Path dir = log.getParent();
    try {
      AssertionsJUnitReport.Verdicts verdicts = AssertionsJUnitReport.validate(log, core.configuration());
      List<Map<String, Object>> gates = new ArrayList<>();
      for (AssertionResult r : verdicts.results()) {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("description", AssertionsJUnitReport.message(r));
        g.put("passed", r.success());
        g.put("actual", AssertionsJUnitReport.actual(r));
        gates.add(g);
      }
      summary.gates(gates);
      if (Files.isRegularFile(dir.resolve("index.html"))) {
        System.out.println("[kafkaload] JUnit assertions: " + AssertionsJUnitReport.write(log, verdicts));
      }
    } catch (Exception | LinkageError e) {
      System.err.println("[kafkaload] could not judge the assertions from " + log + ": " + e);
    }
    try {
      summary.write(dir);
      System.out.println("[kafkaload] Kafka page: file://" + KafkaPage.write(dir, summary).toAbsolutePath()
          + " (data: kafka-summary.json)");
    } catch (Exception e) {
      System.err.println("[kafkaload] could not write the Kafka page in " + dir + ": " + e);
    }
  }
}
