package kafkaload.kit;

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
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Keys;

/**
 * The knobs every simulation shares, read once from -D properties with their defaults. Kafka
 * producer knobs keep Kafka's own names (-Dacks, -Dlinger.ms, ...), so one command runs one cell of
 * a perf-test matrix. docs/parameters.md lists each one.
 *
 * @param topic -Dtopic: the topic sent to (default kafkaload-perf)
 * @param recordSize -DrecordSize: the value size in bytes of generated records (default 1024)
 * @param key -Dkey: none, random, roundrobin, uniform, zipf or hot (default none)
 * @param keyCount -Dkey.count: distinct keys for key=roundrobin, uniform, zipf, hot (default 1000)
 * @param producer the producer properties, by Kafka's own names: -Dacks (default 1), -Dlinger.ms
 *     (1), -Dbatch.size (16384), -Dcompression.type (lz4), -Denable.idempotence (false), -Dretries
 *     (0, or Kafka's default 2147483647 with idempotence), -Dmax.in.flight.requests.per.connection
 *     (5), -Dbuffer.memory (33554432), -Dmax.request.size (1048576), -Ddelivery.timeout.ms
 *     (120000), -Drequest.timeout.ms (30000) and -Dmax.block.ms (60000)
 * @param producerMode -Dproducer.mode: shared, pool or per-user (default shared)
 * @param producerPool -Dproducer.pool: producers in the pool for producer.mode=pool (default 4)
 * @param topicCreate -Dtopic.create: create the topic when missing; false: a missing topic fails
 *     preflight (default true)
 * @param topicPartitions -Dtopic.partitions: partitions of a created topic (default 16)
 * @param topicReplication -Dtopic.replication: replication factor of a created topic (default 1)
 * @param strictPartitions -Dpreflight.strictPartitions: fail, not just warn, when the topic has
 *     fewer partitions than planned producers (default false)
 * @param warmupSeconds -Dwarmup: warm-up seconds, under their own request names (default 20)
 * @param durationSeconds -Dduration: measured seconds (default 30)
 * @param fireAndForget -DfireAndForget: sends that do not wait for their ack (default false)
 * @param gateP99Ms -Dgate.p99Ms: p99 of the measured request must be below this, in ms (default
 *     250)
 * @param gateMaxErrorPct -Dgate.maxErrorPct: at most this % of the measured requests may fail
 *     (default 0.1)
 * @param gateMinRps -Dgate.minRps: at least this many acked records per second of the measured
 *     request, over its own window from its first ack to its last (default 100; 0: no gate)
 * @param runIdentity -DrunIdentity: stamp records with the run-identity headers (default true)
 * @param verify -Dverify: run the reconciliation after the load (default true)
 * @param verifyReadBack -Dverify.readBack: read the run's records back; false: end offsets only,
 *     for very large runs (default true; needs runIdentity)
 * @param verifyTimeoutSeconds -Dverify.timeoutSeconds: bound on the read-back (default 60)
 * @param gateMaxLost -Dgate.maxLost: acked records that may be missing from the topic (default 0)
 * @param gateMaxDuplicatePct -Dgate.maxDuplicatePct: duplicates allowed, in % of acked records
 *     (default 0)
 * @param gateInjectorHealthy -Dgate.injectorHealthy: fail the run when the injector was saturated
 *     (default false)
 * @param lagGroups -Dlag.groups: comma-separated consumer groups under test, whose lag is sampled
 *     and judged (default none)
 * @param lagIntervalMs -Dlag.intervalMs: lag sampling interval (default 2000)
 * @param lagWindowSeconds -Dlag.windowSeconds: the trend window at the end of the load (default 30)
 * @param gateLagMaxSlope -Dgate.lagMaxSlope: lag growing faster than this many records/s over the
 *     window fails (default 10)
 * @param gateMaxLag -Dgate.maxLag: any sampled lag above this fails (default: no bound,
 *     Long.MAX_VALUE)
 * @param gateLagDrainSeconds -Dgate.lagDrainSeconds: the lag must reach 0 within this after the
 *     producers stop (default 60)
 * @param embeddedBrokers -Dkafka.embedded.brokers: with no bootstrap set, N embedded brokers in
 *     child processes; 0 when unset: the single in-JVM broker
 * @param minInsyncReplicas -Dmin.insync.replicas: topic config of a created topic; 0 (default): the
 *     broker's
 * @param faultPlan -Dfault.plan: broker faults during the load, for example kill:2@30s,start:2@60s
 *     (default none, ""); needs kafka.embedded.brokers and no bootstrap servers; checked, as the
 *     text {@code brokerFaults(..)} takes
 * @param feeder -Dfeeder: the path of a CSV file whose key and/or value columns replace the
 *     generated key and value (default none, null); its header is checked
 * @param params the parameter snapshot these knobs were read from, passed on to the protocol
 * @param baseline the baseline gate and the history, from -Dgate.baseline and -Dhistory.dir (with
 *     the gate.baseline.* bounds, history.label); null when neither is set
 */
public record RunParams(
    String topic,
    int recordSize,
    String key,
    int keyCount,
    Map<String, String> producer,
    String producerMode,
    int producerPool,
    boolean topicCreate,
    int topicPartitions,
    int topicReplication,
    boolean strictPartitions,
    int warmupSeconds,
    int durationSeconds,
    boolean fireAndForget,
    double gateP99Ms,
    double gateMaxErrorPct,
    double gateMinRps,
    boolean runIdentity,
    boolean verify,
    boolean verifyReadBack,
    int verifyTimeoutSeconds,
    long gateMaxLost,
    double gateMaxDuplicatePct,
    boolean gateInjectorHealthy,
    List<String> lagGroups,
    int lagIntervalMs,
    int lagWindowSeconds,
    double gateLagMaxSlope,
    long gateMaxLag,
    int gateLagDrainSeconds,
    int embeddedBrokers,
    int minInsyncReplicas,
    String faultPlan,
    String feeder,
    Params params,
    BaselineVerdictActionBuilder baseline) {

  /** The knobs, read from the simulation's parameter snapshot (with its own defaults). */
  public static RunParams of(Params params) {
    return RunParamsReader.read(params);
  }

  /**
   * These knobs with the read-back's bound scaled to the records sent: 60 s plus 1 s per 20,000
   * records, a third of a busy 2-core rate (docs/soak.md); -Dverify.timeoutSeconds wins.
   */
  public RunParams withReadBackFor(long records) {
    return of(
        params.withDefaults(
            Map.of("verify.timeoutSeconds", String.valueOf(60 + records / 20_000))));
  }

  /**
   * These knobs with the groups under test replaced, for simulations that bring their own consumer.
   */
  public RunParams withLagGroups(List<String> groups) {
    // Read again from the same snapshot, with the groups as the simulation's default (a -D value
    // would win, but a caller only replaces groups that -Dlag.groups left empty).
    return of(params.withDefaults(Map.of("lag.groups", String.join(",", groups))));
  }

  /**
   * Knobs judging a SUT's lag: -Dlag.groups, else the echo group; -Dsut=external must name them.
   */
  public RunParams judgingLagOf(String sut, String echoGroup) {
    if (!lagGroups.isEmpty()) {
      return this;
    }
    if (sut.equals("external")) {
      throw new KafkaLoadConfigException(
          "-Dsut=external needs -Dlag.groups=<the consumer group(s) of the service "
              + "under test>: the lag verdict judges them (the echo group '"
              + echoGroup
              + "' exists only with "
              + "-Dsut=embedded)");
    }
    return withLagGroups(List.of(echoGroup));
  }

  /** These populations plus -Dfault.plan's broker faults, each before the load's end. */
  public List<PopulationBuilder> withFaults(int loadSeconds, PopulationBuilder... populations) {
    List<PopulationBuilder> all = new ArrayList<>(List.of(populations));
    FaultPlan plan = FaultPlan.parse(faultPlan);
    if (!plan.isEmpty()) {
      plan.check(embeddedBrokers, loadSeconds * 1000L);
      all.add(KafkaDsl.brokerFaults(faultPlan));
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
    if (!lagGroups.isEmpty()) {
      steps.add(
          KafkaDsl.lagVerdict()
              .window(lagWindowSeconds)
              .maxSlope(gateLagMaxSlope)
              .maxLag(gateMaxLag)
              .drainTimeout(Duration.ofSeconds(gateLagDrainSeconds)));
    }
    if (verify) {
      ReconcileActionBuilder reconcile =
          KafkaDsl.reconcile()
              .maxLost(gateMaxLost)
              .maxDuplicatePct(gateMaxDuplicatePct)
              .readBack(verifyReadBack && runIdentity)
              .timeout(Duration.ofSeconds(verifyTimeoutSeconds))
              .failOnSaturatedInjector(gateInjectorHealthy);
      steps.add(
          exactlyOnceOutput == null ? reconcile : reconcile.exactlyOnceOutput(exactlyOnceOutput));
    }
    if (gateMinRps > 0) {
      steps.add(KafkaDsl.throughputVerdict(gateMinRps)); // after the flush of reconcile()
    }
    if (baseline != null) {
      steps.add(baseline); // last: the load and its verification are over
    }
    return steps.isEmpty()
        ? load
        : KafkaDsl.verified(
            load, steps.get(0), steps.subList(1, steps.size()).toArray(new ActionBuilder[0]));
  }

  /** Every gate: latency, errors and throughput on the measured request; reconciliation's. */
  public List<Assertion> gates(String measuredRequest) {
    List<Assertion> all =
        new ArrayList<>(Gates.on(measuredRequest, gateP99Ms, gateMaxErrorPct, gateMinRps));
    if (!lagGroups.isEmpty()) {
      all.addAll(Gates.lag());
    }
    all.addAll(Gates.faults(faultPlan));
    if (baseline != null && baseline.comparing()) {
      all.addAll(Gates.baseline());
    }
    if (verify) {
      all.addAll(Gates.reconciliation());
      if (gateInjectorHealthy) {
        all.add(Gates.injectorHealthy());
      }
    }
    return all;
  }

  /** A bound on the whole run: the load, some slack, and the reconciliation's own bound. */
  public int maxDurationSeconds(int loadSeconds) {
    return loadSeconds
        + 30
        + (verify ? verifyTimeoutSeconds + 30 : 0)
        + (lagGroups.isEmpty() ? 0 : gateLagDrainSeconds + 10);
  }

  /** The protocol these knobs describe, sized for {@code concurrency} producers. */
  public KafkaProtocolBuilder protocol(int concurrency) {
    KafkaProtocolBuilder b =
        new KafkaProtocolBuilder()
            .params(params)
            .topic(topic)
            .properties(producer)
            .concurrency(concurrency, strictPartitions)
            .runIdentity(runIdentity);
    if (!lagGroups.isEmpty()) {
      b = b.lagMonitor(lagIntervalMs, lagGroups.toArray(new String[0]));
    }
    if (topicCreate) {
      b = b.createTopic(topicPartitions, topicReplication);
    }
    if (minInsyncReplicas > 0) {
      b = b.minInsyncReplicas(minInsyncReplicas);
    }
    switch (producerMode) {
      case "pool":
        return b.producerPool(producerPool);
      case "per-user":
        return b.producerPerUser();
      default:
        return b.sharedProducer();
    }
  }

  /**
   * The warm-up: {@code chain} looped for -Dwarmup seconds, and nothing at all at 0 (Gatling's
   * {@code during(0)} still runs its loop once, so -Dwarmup=0 would send warm-up records).
   */
  public ChainBuilder warmUp(ChainBuilder chain) {
    return warmupSeconds == 0
        ? ChainBuilder.EMPTY
        : loop(warmupSeconds, "kafkaload.warm-up", chain);
  }

  /** The measured phase of a closed model: each user repeats {@code chain} for -Dduration s. */
  public ChainBuilder measured(ChainBuilder chain) {
    return loop(durationSeconds, "kafkaload.measured", chain);
  }

  /** A loop of constant duration: Gatling's {@code during(seconds)} converts it every turn. */
  private static ChainBuilder loop(int seconds, String counterName, ChainBuilder chain) {
    return CoreDsl.during(Duration.ofSeconds(seconds), counterName, true).on(chain);
  }

  /** The send after a circular feed from the -Dfeeder CSV, whose columns replace key and value. */
  public ChainBuilder fed(ActionBuilder send) {
    return feeder == null
        ? CoreDsl.exec(send)
        : CoreDsl.feed(CoreDsl.csv(feeder).circular()).exec(send);
  }

  /**
   * Each send's key: the feeder's key column, else as -Dkey says (none, random, roundrobin,
   * uniform, zipf, hot; docs/traffic.md).
   */
  public Function<Session, Object> keyFunction() {
    if (feeder != null && FeederFile.of(feeder).has(FeederFile.KEY)) {
      return session -> session.getString(FeederFile.KEY);
    }
    switch (key) {
      case "random":
        return Keys.randomKey();
      case "roundrobin":
        return Keys.roundRobinKey(keyCount);
      case "none":
        return Keys.noKey();
      default:
        return TrafficKnobs.read(params, key, recordSize).keys(key, keyCount);
    }
  }

  /**
   * Each send's value: the feeder's value column, else -DrecordSize random letters (sizes from
   * -DrecordSize.dist, compressibility -Dvalue.compressibility when set; docs/traffic.md).
   */
  public Function<Session, Object> valueFunction() {
    return feeder != null && FeederFile.of(feeder).has(FeederFile.VALUE)
        ? session -> session.getString(FeederFile.VALUE)
        : TrafficKnobs.read(params, key, recordSize).values(recordSize);
  }

  /**
   * Each send's value, schema-aware: the feeder's value column, else records generated from
   * -Dvalue.schema (a SchemaValue) when it is set, else {@link #valueFunction()}.
   */
  public Object value() {
    if (feeder != null && FeederFile.of(feeder).has(FeederFile.VALUE)) {
      return valueFunction();
    }
    SchemaValue generated = TrafficKnobs.schemaValue(params);
    return generated != null ? generated : valueFunction();
  }
}
