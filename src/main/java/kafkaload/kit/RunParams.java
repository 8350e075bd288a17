package kafkaload.kit;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import kafkaload.*;
import kafkaload.internal.broker.FaultPlan;
import kafkaload.internal.config.FeederFile;
import kafkaload.internal.payload.Keys;

/**
 * The knobs every simulation shares, read once from -D properties with their defaults, one small
 * record per concern. Kafka producer knobs keep Kafka's own names (-Dacks, -Dlinger.ms, ...), so
 * one command runs one cell of a perf-test matrix. docs/parameters.md lists each one.
 *
 * @param records the records generated: -DrecordSize, -Dkey, -Dkey.count, -Dfeeder
 * @param producer the producers: Kafka's producer properties, -Dproducer.mode, -Dproducer.pool,
 *     -DfireAndForget
 * @param topic the topic and how it is created: -Dtopic, -Dtopic.create, -Dtopic.partitions,
 *     -Dtopic.replication, -Dpreflight.strictPartitions, -Dmin.insync.replicas
 * @param phases the load's phases: -Dwarmup, -Dduration
 * @param gate the measured request's gates: -Dgate.p99Ms, -Dgate.maxErrorPct, -Dgate.minRps, and
 *     the baseline gate (-Dgate.baseline, -Dhistory.dir)
 * @param verification the reconciliation: -DrunIdentity, -Dverify, -Dverify.readBack,
 *     -Dverify.timeoutSeconds, -Dgate.maxLost, -Dgate.maxDuplicatePct, -Dgate.injectorHealthy
 * @param lag the groups under test: -Dlag.groups, -Dlag.intervalMs, -Dlag.windowSeconds,
 *     -Dgate.lagMaxSlope, -Dgate.maxLag, -Dgate.lagDrainSeconds
 * @param cluster the embedded cluster: -Dkafka.embedded.brokers, -Dfault.plan
 * @param params the parameter snapshot these knobs were read from, passed on to the protocol
 */
public record RunParams(
    Records records,
    Producer producer,
    Topic topic,
    Phases phases,
    Gate gate,
    Verification verification,
    Lag lag,
    Cluster cluster,
    Params params) {

  /** The knobs, read from the simulation's parameter snapshot (with its own defaults). */
  public static RunParams of(Params params) {
    return RunParamsReader.read(params);
  }

  /**
   * These knobs with the read-back's bound scaled to the records sent: 60 s plus 1 s per 20,000
   * records, a third of a busy 2-core rate (docs/soak.md); -Dverify.timeoutSeconds wins.
   */
  public RunParams withReadBackFor(long records) {
    Params scaled =
        params.withDefaults(Map.of("verify.timeoutSeconds", String.valueOf(60 + records / 20_000)));
    return with(RunParamsReader.verification(scaled), lag, scaled);
  }

  /**
   * These knobs with the groups under test replaced, for simulations that bring their own consumer.
   */
  public RunParams withLagGroups(List<String> groups) {
    // Read again from the same snapshot, with the groups as the simulation's default (a -D value
    // would win, but a caller only replaces groups that -Dlag.groups left empty).
    Params withGroups = params.withDefaults(Map.of("lag.groups", String.join(",", groups)));
    return with(verification, RunParamsReader.lag(withGroups), withGroups);
  }

  /** These knobs with the ones read again from {@code read}: the reconciliation's and the lag's. */
  private RunParams with(Verification verification, Lag lag, Params read) {
    return new RunParams(records, producer, topic, phases, gate, verification, lag, cluster, read);
  }

  /**
   * Knobs judging a SUT's lag: -Dlag.groups, else the echo group; -Dsut=external must name them.
   */
  public RunParams judgingLagOf(String sut, String echoGroup) {
    if (!lag.groups().isEmpty()) {
      return this;
    }
    if (sut.equals("external")) {
      throw refused(
          "-Dsut=external needs -Dlag.groups=<the consumer group(s) of the service under test>:"
              + " the lag verdict judges them (the echo group '%s' exists only with -Dsut=embedded)",
          echoGroup);
    }
    return withLagGroups(List.of(echoGroup));
  }

  /** These populations plus -Dfault.plan's broker faults, each before the load's end. */
  public List<PopulationBuilder> withFaults(int loadSeconds, PopulationBuilder... populations) {
    List<PopulationBuilder> all = new ArrayList<>(List.of(populations));
    FaultPlan plan = FaultPlan.parse(cluster.faultPlan());
    if (!plan.isEmpty()) {
      plan.check(cluster.embeddedBrokers(), loadSeconds * 1000L);
      all.add(KafkaDsl.brokerFaults(cluster.faultPlan()));
    }
    return all;
  }

  /**
   * The load, then the lag verdict when groups are named, the reconciliation, and the throughput
   * verdict when -Dgate.minRps is above 0.
   */
  public PopulationBuilder withReconciliation(PopulationBuilder load) {
    return withReconciliation(load, null);
  }

  /**
   * As above; {@code exactlyOnceOutput}: judge exactly-once on it ({@link Gates#exactlyOnce()}).
   */
  public PopulationBuilder withReconciliation(PopulationBuilder load, String exactlyOnceOutput) {
    List<ActionBuilder> steps = new ArrayList<>();
    if (!lag.groups().isEmpty()) {
      steps.add(
          KafkaDsl.lagVerdict()
              .window(lag.windowSeconds())
              .maxSlope(lag.maxSlope())
              .maxLag(lag.maxLag())
              .drainTimeout(Duration.ofSeconds(lag.drainSeconds())));
    }
    if (verification.enabled()) {
      ReconcileActionBuilder reconcile =
          KafkaDsl.reconcile()
              .maxLost(verification.maxLost())
              .maxDuplicatePct(verification.maxDuplicatePct())
              .readBack(verification.readBack() && verification.runIdentity())
              .timeout(Duration.ofSeconds(verification.timeoutSeconds()))
              .failOnSaturatedInjector(verification.injectorHealthy());
      steps.add(
          exactlyOnceOutput == null ? reconcile : reconcile.exactlyOnceOutput(exactlyOnceOutput));
    }
    if (gate.minRps() > 0) {
      steps.add(KafkaDsl.throughputVerdict(gate.minRps())); // after the flush of reconcile()
    }
    if (gate.baseline() != null) {
      steps.add(gate.baseline()); // last: the load and its verification are over
    }
    return steps.isEmpty()
        ? load
        : KafkaDsl.verified(
            load, steps.get(0), steps.subList(1, steps.size()).toArray(new ActionBuilder[0]));
  }

  /** Every gate: latency, errors and throughput on the measured request; reconciliation's. */
  public List<Assertion> gates(String measuredRequest) {
    List<Assertion> all =
        new ArrayList<>(Gates.on(measuredRequest, gate.p99Ms(), gate.maxErrorPct(), gate.minRps()));
    if (!lag.groups().isEmpty()) {
      all.addAll(Gates.lag());
    }
    all.addAll(Gates.faults(cluster.faultPlan()));
    if (gate.baseline() != null && gate.baseline().comparing()) {
      all.addAll(Gates.baseline());
    }
    if (verification.enabled()) {
      all.addAll(Gates.reconciliation());
      if (verification.injectorHealthy()) {
        all.add(Gates.injectorHealthy());
      }
    }
    return all;
  }

  /** A bound on the whole run: the load, some slack, and the reconciliation's own bound. */
  public int maxDurationSeconds(int loadSeconds) {
    return loadSeconds
        + 30
        + (verification.enabled() ? verification.timeoutSeconds() + 30 : 0)
        + (lag.groups().isEmpty() ? 0 : lag.drainSeconds() + 10);
  }

  /** The protocol these knobs describe, sized for {@code concurrency} producers. */
  public KafkaProtocolBuilder protocol(int concurrency) {
    KafkaProtocolBuilder b =
        new KafkaProtocolBuilder()
            .params(params)
            .topic(topic.name())
            .properties(producer.properties())
            .concurrency(concurrency, topic.strictPartitions())
            .runIdentity(verification.runIdentity());
    if (!lag.groups().isEmpty()) {
      b = b.lagMonitor(lag.intervalMs(), lag.groups().toArray(new String[0]));
    }
    if (topic.create()) {
      b = b.createTopic(topic.partitions(), topic.replication());
    }
    if (topic.minInsyncReplicas() > 0) {
      b = b.minInsyncReplicas(topic.minInsyncReplicas());
    }
    return switch (producer.mode()) {
      case "pool" -> b.producerPool(producer.pool());
      case "per-user" -> b.producerPerUser();
      default -> b.sharedProducer();
    };
  }

  /**
   * The warm-up: {@code chain} looped for -Dwarmup seconds, and nothing at all at 0 (Gatling's
   * {@code during(0)} still runs its loop once, so -Dwarmup=0 would send warm-up records).
   */
  public ChainBuilder warmUp(ChainBuilder chain) {
    return phases.warmupSeconds() == 0
        ? ChainBuilder.EMPTY
        : loop(phases.warmupSeconds(), "kafkaload.warm-up", chain);
  }

  /** The measured phase of a closed model: each user repeats {@code chain} for -Dduration s. */
  public ChainBuilder measured(ChainBuilder chain) {
    return loop(phases.durationSeconds(), "kafkaload.measured", chain);
  }

  /** A loop of constant duration: Gatling's {@code during(seconds)} converts it every turn. */
  private static ChainBuilder loop(int seconds, String counterName, ChainBuilder chain) {
    return CoreDsl.during(Duration.ofSeconds(seconds), counterName, true).on(chain);
  }

  /** The send after a circular feed from the -Dfeeder CSV, whose columns replace key and value. */
  public ChainBuilder fed(ActionBuilder send) {
    String feeder = records.feeder();
    return feeder == null
        ? CoreDsl.exec(send)
        : CoreDsl.feed(CoreDsl.csv(feeder).circular()).exec(send);
  }

  /**
   * Each send's key: the feeder's key column, else as -Dkey says (none, random, roundrobin,
   * uniform, zipf, hot; docs/traffic.md).
   */
  public Function<Session, Object> keyFunction() {
    if (fedColumn(FeederFile.KEY)) {
      return session -> session.getString(FeederFile.KEY);
    }
    String key = records.key();
    return switch (key) {
      case "random" -> Keys.randomKey();
      case "roundrobin" -> Keys.roundRobinKey(records.keyCount());
      case "none" -> Keys.noKey();
      default -> TrafficKnobs.read(params, key, records.size()).keys(key, records.keyCount());
    };
  }

  /**
   * Each send's value: the feeder's value column, else -DrecordSize random letters (sizes from
   * -DrecordSize.dist, compressibility -Dvalue.compressibility when set; docs/traffic.md).
   */
  public Function<Session, Object> valueFunction() {
    return fedColumn(FeederFile.VALUE)
        ? session -> session.getString(FeederFile.VALUE)
        : TrafficKnobs.read(params, records.key(), records.size()).values(records.size());
  }

  /**
   * Each send's value, schema-aware: the feeder's value column, else records generated from
   * -Dvalue.schema (a SchemaValue) when it is set, else {@link #valueFunction()}.
   */
  public Object value() {
    SchemaValue generated = fedColumn(FeederFile.VALUE) ? null : TrafficKnobs.schemaValue(params);
    return generated != null ? generated : valueFunction();
  }

  /** Whether the -Dfeeder CSV has this column. */
  private boolean fedColumn(String column) {
    return records.feeder() != null && FeederFile.of(records.feeder()).has(column);
  }

  /**
   * The records a run generates.
   *
   * @param size -DrecordSize: the value size in bytes of generated records (default 1024)
   * @param key -Dkey: none, random, roundrobin, uniform, zipf or hot (default none)
   * @param keyCount -Dkey.count: distinct keys for key=roundrobin, uniform, zipf, hot (default
   *     1000)
   * @param feeder -Dfeeder: the path of a CSV file whose key and/or value columns replace the
   *     generated key and value (default none, null); its header is checked
   */
  public record Records(int size, String key, int keyCount, String feeder) {}

  /**
   * The run's producers.
   *
   * @param properties the producer properties, by Kafka's own names: -Dacks (default 1),
   *     -Dlinger.ms (1), -Dbatch.size (16384), -Dcompression.type (lz4), -Denable.idempotence
   *     (false), -Dretries (0, or Kafka's default 2147483647 with idempotence),
   *     -Dmax.in.flight.requests.per.connection (5), -Dbuffer.memory (33554432), -Dmax.request.size
   *     (1048576), -Ddelivery.timeout.ms (120000), -Drequest.timeout.ms (30000) and -Dmax.block.ms
   *     (60000)
   * @param mode -Dproducer.mode: shared, pool or per-user (default shared)
   * @param pool -Dproducer.pool: producers in the pool for producer.mode=pool (default 4)
   * @param fireAndForget -DfireAndForget: sends that do not wait for their ack (default false)
   */
  public record Producer(
      Map<String, String> properties, String mode, int pool, boolean fireAndForget) {}

  /**
   * The topic sent to and how it is created.
   *
   * @param name -Dtopic: the topic sent to (default kafkaload-perf)
   * @param create -Dtopic.create: create the topic when missing; false: a missing topic fails
   *     preflight (default true)
   * @param partitions -Dtopic.partitions: partitions of a created topic (default 16)
   * @param replication -Dtopic.replication: replication factor of a created topic (default 1)
   * @param strictPartitions -Dpreflight.strictPartitions: fail, not just warn, when the topic has
   *     fewer partitions than planned producers (default false)
   * @param minInsyncReplicas -Dmin.insync.replicas: topic config of a created topic; 0 (default):
   *     the broker's
   */
  public record Topic(
      String name,
      boolean create,
      int partitions,
      int replication,
      boolean strictPartitions,
      int minInsyncReplicas) {}

  /**
   * The load's phases.
   *
   * @param warmupSeconds -Dwarmup: warm-up seconds, under their own request names (default 20)
   * @param durationSeconds -Dduration: measured seconds (default 30)
   */
  public record Phases(int warmupSeconds, int durationSeconds) {

    /** The whole load: the warm-up, then the measured seconds. */
    public int loadSeconds() {
      return warmupSeconds + durationSeconds;
    }
  }

  /**
   * The gates on the measured request.
   *
   * @param p99Ms -Dgate.p99Ms: p99 of the measured request must be below this, in ms (default 250)
   * @param maxErrorPct -Dgate.maxErrorPct: at most this % of the measured requests may fail
   *     (default 0.1)
   * @param minRps -Dgate.minRps: at least this many acked records per second of the measured
   *     request, over its own window from its first ack to its last (default 100; 0: no gate)
   * @param baseline the baseline gate and the history, from -Dgate.baseline and -Dhistory.dir (with
   *     the gate.baseline.* bounds, history.label); null when neither is set
   */
  public record Gate(
      double p99Ms, double maxErrorPct, double minRps, BaselineVerdictActionBuilder baseline) {}

  /**
   * The reconciliation after the load.
   *
   * @param runIdentity -DrunIdentity: stamp records with the run-identity headers (default true)
   * @param enabled -Dverify: run the reconciliation after the load (default true)
   * @param readBack -Dverify.readBack: read the run's records back; false: end offsets only, for
   *     very large runs (default true; needs runIdentity)
   * @param timeoutSeconds -Dverify.timeoutSeconds: bound on the read-back (default 60)
   * @param maxLost -Dgate.maxLost: acked records that may be missing from the topic (default 0)
   * @param maxDuplicatePct -Dgate.maxDuplicatePct: duplicates allowed, in % of acked records
   *     (default 0)
   * @param injectorHealthy -Dgate.injectorHealthy: fail the run when the injector was saturated
   *     (default false)
   */
  public record Verification(
      boolean runIdentity,
      boolean enabled,
      boolean readBack,
      int timeoutSeconds,
      long maxLost,
      double maxDuplicatePct,
      boolean injectorHealthy) {}

  /**
   * The consumer groups under test and their lag verdict.
   *
   * @param groups -Dlag.groups: comma-separated consumer groups under test, whose lag is sampled
   *     and judged (default none)
   * @param intervalMs -Dlag.intervalMs: lag sampling interval (default 2000)
   * @param windowSeconds -Dlag.windowSeconds: the trend window at the end of the load (default 30)
   * @param maxSlope -Dgate.lagMaxSlope: lag growing faster than this many records/s over the window
   *     fails (default 10)
   * @param maxLag -Dgate.maxLag: any sampled lag above this fails (default: no bound,
   *     Long.MAX_VALUE)
   * @param drainSeconds -Dgate.lagDrainSeconds: the lag must reach 0 within this after the
   *     producers stop (default 60)
   */
  public record Lag(
      List<String> groups,
      int intervalMs,
      int windowSeconds,
      double maxSlope,
      long maxLag,
      int drainSeconds) {}

  /**
   * The embedded cluster and its faults.
   *
   * @param embeddedBrokers -Dkafka.embedded.brokers: with no bootstrap set, N embedded brokers in
   *     child processes; 0 when unset: the single in-JVM broker
   * @param faultPlan -Dfault.plan: broker faults during the load, for example
   *     kill:2@30s,start:2@60s (default none, ""); needs kafka.embedded.brokers and no bootstrap
   *     servers; checked, as the text {@code brokerFaults(..)} takes
   */
  public record Cluster(int embeddedBrokers, String faultPlan) {}
}
