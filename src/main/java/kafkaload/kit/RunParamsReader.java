package kafkaload.kit;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;
import static kafkaload.internal.protocol.ProtocolResolver.firstNonBlank;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import kafkaload.BaselineVerdictActionBuilder;
import kafkaload.KafkaDsl;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.internal.broker.FaultPlan;
import kafkaload.internal.config.FeederFile;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.history.BaselineGate;

/** Reads the shipped simulations' knobs, typed, defaulted and checked before any load. */
final class RunParamsReader {
  private RunParamsReader() {}

  /** The knobs of {@link RunParams#of}, each checked. */
  static RunParams read(Params params) {
    Map<String, String> producer = new LinkedHashMap<>();
    producer.put("acks", params.oneOf("acks", "1", "0", "1", "all", "-1"));
    put(producer, "linger.ms", params::nonNegativeInt, 1);
    put(producer, "batch.size", params::nonNegativeInt, 16384);
    // Kafka's ConfigDef judges the codec name, so an unknown one fails with Kafka's own message.
    put(producer, "compression.type", params::string, "lz4");
    boolean idempotence = params.bool("enable.idempotence", false);
    producer.put("enable.idempotence", String.valueOf(idempotence));
    // 0 keeps a capacity test free of retry duplicates (seed pitfall 2); an idempotent producer
    // retries without duplicates and Kafka refuses it with 0, so it keeps Kafka's own default.
    put(producer, "retries", params::nonNegativeInt, idempotence ? Integer.MAX_VALUE : 0);
    put(producer, "max.in.flight.requests.per.connection", params::positiveInt, 5);
    put(producer, "buffer.memory", params::positiveLong, 33_554_432L);
    put(producer, "max.request.size", params::positiveInt, 1_048_576);
    // How long a send may wait for its ack, retries included, and each request: what bounds a KO
    // when a broker dies.
    put(producer, "delivery.timeout.ms", params::positiveInt, 120_000);
    put(producer, "request.timeout.ms", params::positiveInt, 30_000);
    // How long send() may block for metadata or buffer space (a topic whose leaders are gone waits
    // for metadata).
    put(producer, "max.block.ms", params::nonNegativeInt, 60_000);
    // 0: the single in-JVM broker; N: N brokers in child processes, which faults can kill and
    // restart.
    int embeddedBrokers =
        params.raw(KafkaProtocolBuilder.EMBEDDED_BROKERS_PROPERTY) == null
            ? 0
            : params.positiveInt(KafkaProtocolBuilder.EMBEDDED_BROKERS_PROPERTY, 1);
    String topic = params.string("topic", "kafkaload-perf");
    int recordSize = params.nonNegativeInt("recordSize", 1024);
    String key =
        params.oneOf("key", "none", "none", "random", "roundrobin", "uniform", "zipf", "hot");
    TrafficKnobs.read(params, key, recordSize); // checked before any load
    String producerMode = params.oneOf("producer.mode", "shared", "shared", "pool", "per-user");
    // The rest in the order they were always read: with two bad knobs, the error names the same.
    int keyCount = params.positiveInt("key.count", 1000);
    // Read (and shown among the run's parameters) only where a pool is used: the run's one source
    // of its pool size is its protocol's.
    int pool = producerMode.equals("pool") ? params.positiveInt("producer.pool", 4) : 4;
    boolean create = params.bool("topic.create", true);
    int partitions = params.positiveInt("topic.partitions", 16);
    int replication = params.positiveInt("topic.replication", 1);
    boolean strictPartitions = params.bool("preflight.strictPartitions", false);
    RunParams.Phases phases =
        new RunParams.Phases(
            params.nonNegativeInt("warmup", 20), params.positiveInt("duration", 30));
    boolean fireAndForget = params.bool("fireAndForget", false);
    double p99Ms = params.positiveDouble("gate.p99Ms", 250);
    double maxErrorPct = params.percent("gate.maxErrorPct", 0.1);
    double minRps = params.nonNegativeDouble("gate.minRps", 100);
    RunParams.Verification verification = verification(params);
    RunParams.Lag lag = lag(params);
    int minInsyncReplicas = params.nonNegativeInt("min.insync.replicas", 0);
    String faultPlan =
        faultPlan(params, embeddedBrokers, FaultPlan.parse(params.string("fault.plan", "")))
            .toString();
    // The feeder file's path once its header is checked, or null when there is none.
    FeederFile feeder = FeederFile.of(params.string("feeder", ""));
    return new RunParams(
        new RunParams.Records(recordSize, key, keyCount, feeder == null ? null : feeder.path()),
        new RunParams.Producer(
            Collections.unmodifiableMap(producer), producerMode, pool, fireAndForget),
        new RunParams.Topic(
            topic, create, partitions, replication, strictPartitions, minInsyncReplicas),
        phases,
        new RunParams.Gate(p99Ms, maxErrorPct, minRps, baseline(params)),
        verification,
        lag,
        new RunParams.Cluster(embeddedBrokers, faultPlan),
        params);
  }

  /** A producer property read as the knob of its own name, checked by {@code read}. */
  private static <T> void put(
      Map<String, String> producer, String name, BiFunction<String, T, ?> read, T def) {
    producer.put(name, String.valueOf(read.apply(name, def)));
  }

  /** The reconciliation's knobs, each checked. */
  static RunParams.Verification verification(Params params) {
    return new RunParams.Verification(
        params.bool("runIdentity", true),
        params.bool("verify", true),
        params.bool("verify.readBack", true),
        params.positiveInt("verify.timeoutSeconds", 60),
        params.nonNegativeInt("gate.maxLost", 0),
        params.percent("gate.maxDuplicatePct", 0.0),
        params.bool("gate.injectorHealthy", false));
  }

  /** The lag knobs, each checked. */
  static RunParams.Lag lag(Params params) {
    return new RunParams.Lag(
        groups(params.string("lag.groups", "")),
        params.positiveInt("lag.intervalMs", 2000),
        params.positiveInt("lag.windowSeconds", 30),
        params.nonNegativeDouble("gate.lagMaxSlope", 10.0),
        params.positiveLong("gate.maxLag", Long.MAX_VALUE),
        params.positiveInt("gate.lagDrainSeconds", 60));
  }

  /** The baseline gate and history, or null; the baseline is read and checked now. */
  private static BaselineVerdictActionBuilder baseline(Params params) {
    String path = params.string("gate.baseline", "");
    String history = params.string("history.dir", "");
    BaselineGate.Thresholds d = BaselineGate.Thresholds.defaults();
    double confidence = params.percent("gate.baseline.confidence", 100 * d.confidence()) / 100;
    double p99 = params.nonNegativeDouble("gate.baseline.p99Pct", d.p99Pct());
    double p999 = params.nonNegativeDouble("gate.baseline.p999Pct", d.p999Pct());
    double rate = params.nonNegativeDouble("gate.baseline.throughputPct", d.ratePct());
    double errors = params.nonNegativeDouble("gate.baseline.errorPoints", d.errorPoints());
    double cpu = params.nonNegativeDouble("gate.baseline.cpuPct", d.cpuPct());
    double e2e = params.nonNegativeDouble("gate.baseline.e2ePct", d.e2ePct());
    double lag = params.nonNegativeDouble("gate.baseline.lagPct", d.lagPct());
    int lastRuns = params.positiveInt("gate.baseline.runs", 10);
    String label =
        params.string(
            "history.label",
            Objects.requireNonNullElse(
                firstNonBlank(
                    params.env("GITHUB_SHA"),
                    params.env("CI_COMMIT_SHA"),
                    params.env("GIT_COMMIT")),
                ""));
    if (path.isEmpty() && history.isEmpty()) {
      return null;
    }
    return KafkaDsl.baselineVerdict(path.isEmpty() ? null : path)
        .thresholds(confidence, p99, p999, rate, errors, cpu, e2e, lag)
        .lastRuns(lastRuns)
        .history(
            history,
            label.length() > 12 && label.matches("[0-9a-f]+") ? label.substring(0, 12) : label)
        .checkComparable(params.used());
  }

  /** The plan, checked against where it acts: {@code embeddedBrokers} 0 when unset. */
  private static FaultPlan faultPlan(Params params, int embeddedBrokers, FaultPlan plan) {
    if (plan.isEmpty()) {
      return plan;
    }
    if (params.raw(KafkaProtocolBuilder.BOOTSTRAP_PROPERTY) != null
        || params.env(KafkaProtocolBuilder.BOOTSTRAP_ENV) != null) {
      throw new KafkaLoadConfigException(
          "-Dfault.plan acts on the embedded brokers; it cannot be used with "
              + "kafka.bootstrap.servers (a real cluster)");
    }
    if (embeddedBrokers == 0) {
      throw refused(
          "-Dfault.plan needs the embedded brokers as child processes: add"
              + " -Dkafka.embedded.brokers=N (N >= %s)",
          plan.maxBroker());
    }
    plan.check(embeddedBrokers, 0);
    return plan;
  }

  private static List<String> groups(String csv) {
    if (csv.isBlank()) {
      return List.of();
    }
    List<String> groups = Stream.of(csv.split(",", -1)).map(String::trim).toList();
    KafkaLoadConfigException.refuseIf(
        groups.stream().anyMatch(String::isBlank),
        "-Dlag.groups=" + csv + " has an empty consumer group name");
    return groups;
  }
}
