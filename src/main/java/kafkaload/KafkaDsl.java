package kafkaload;

import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.CoreDsl;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import java.util.Map;
import java.util.function.Function;
import kafkaload.internal.action.Actions;
import kafkaload.internal.broker.EmbeddedCluster;
import kafkaload.internal.broker.FaultPlan;
import kafkaload.internal.check.RecordCheckBuilders;
import kafkaload.internal.check.RecordView;
import kafkaload.internal.payload.Keys;
import kafkaload.internal.payload.Payloads;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.semantic.backlog.BacklogSpec;
import kafkaload.internal.semantic.capacity.CapacitySpec;
import kafkaload.internal.semantic.churn.ChurnSpec;
import kafkaload.internal.semantic.traffic.KeyDistribution;
import kafkaload.internal.semantic.traffic.SizeDistribution;
import kafkaload.internal.semantic.traffic.Values;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The one entry point of the Kafka DSL: {@code import static kafkaload.KafkaDsl.*;}
 *
 * <pre>{@code
 * KafkaProtocolBuilder kafkaProtocol = kafka().topic("orders").acks("1").lingerMs(1);
 * ScenarioBuilder scn = scenario("producers")
 *     .exec(kafka("send").send(randomKey(), randomBytes(1024)));
 * }</pre>
 */
public final class KafkaDsl {
  private KafkaDsl() {}

  /**
   * A new protocol builder; with no bootstrap servers set anywhere, the run starts an embedded
   * broker.
   */
  public static KafkaProtocolBuilder kafka() {
    return new KafkaProtocolBuilder();
  }

  /** A named request; its name is what the Gatling report shows. */
  public static KafkaRequestBuilder kafka(String requestName) {
    return new KafkaRequestBuilder(requestName);
  }

  /**
   * The reconciliation step: flush, compare acked records with end offsets, read the run's records
   * back, and record "kafka reconcile: lost" / "kafka reconcile: duplicates" as OK or KO. Run it
   * after the load.
   */
  public static ReconcileActionBuilder reconcile() {
    return new ReconcileActionBuilder();
  }

  /** The load, then one user that runs the reconciliation once every load user has finished. */
  public static PopulationBuilder reconciled(
      PopulationBuilder load, ReconcileActionBuilder reconcile) {
    return verified(load, reconcile);
  }

  /**
   * The load, then one user that runs these verification steps in order once every load user has
   * finished.
   */
  public static PopulationBuilder verified(
      PopulationBuilder load, ActionBuilder first, ActionBuilder... more) {
    return load.andThen(
        CoreDsl.scenario("kafka verification")
            .exec(first, more)
            .injectOpen(CoreDsl.atOnceUsers(1)));
  }

  /**
   * The baseline gate, after the load: compares the run with {@code baseline} (a previous run's
   * kafka-summary.json or report folder, or a history folder) and records "kafka baseline: p99 ack
   * latency" and the other figures, each OK or KO; {@link Gates#baseline()} judges them. A null
   * baseline compares nothing (use it with {@code .history(..)} to start a history). Run it after
   * the load, last among the verification steps.
   */
  public static BaselineVerdictActionBuilder baselineVerdict(String baseline) {
    return new BaselineVerdictActionBuilder(baseline);
  }

  /**
   * A capacity search with this send: the highest rate the cluster sustains while its gates hold,
   * found by plateaus of rising, then bisected rates; run it by one user ({@code atOnceUsers(1)}).
   * See docs/capacity.md.
   */
  public static CapacitySearchActionBuilder capacitySearch(KafkaSendActionBuilder send) {
    return new CapacitySearchActionBuilder(CapacitySpec.of(send.spec()));
  }

  /**
   * The lag verdict on the protocol's groups under test ({@code kafka().lagMonitor(..)}): "kafka
   * lag: rising", "kafka lag: max" and "kafka lag: drained", each OK or KO. Run it after the load,
   * before reconcile().
   */
  public static LagVerdictActionBuilder lagVerdict() {
    return new LagVerdictActionBuilder();
  }

  /**
   * A backlog build-and-drain, run by one virtual user: {@code
   * backlog("backlog").group("orders").pause(echo::pause).resume(echo::resume).bytes(20 << 20)};
   * its verdict is {@code "<name> drained"}. See {@link BacklogActionBuilder}.
   */
  public static BacklogActionBuilder backlog(String requestName) {
    return new BacklogActionBuilder(BacklogSpec.of(requestName));
  }

  /**
   * Consumer churn under load, run by one virtual user: {@code
   * churn("churn").consumers(4).plan("rolling@5s+5s").protocols("classic-eager,consumer")}; what
   * each step cost each group protocol, and its verdicts {@code "<name> read all"}, {@code "<name>
   * pause"} and {@code "<name> read twice"}. See {@link ChurnActionBuilder}.
   */
  public static ChurnActionBuilder churn(String requestName) {
    return new ChurnActionBuilder(ChurnSpec.of(requestName));
  }

  /**
   * The throughput gate, after the load: each measured request's rate over its own window, from its
   * first ack to its last, against {@code minMsgsPerSec}; {@link Gates#on} judges it.
   */
  public static ThroughputVerdictActionBuilder throughputVerdict(double minMsgsPerSec) {
    return new ThroughputVerdictActionBuilder(minMsgsPerSec);
  }

  /**
   * Broker faults during the load, on the embedded brokers in child processes ({@code
   * kafka().embeddedBrokers(3)}): a population of one user, to run beside the load, that carries
   * out the plan, for example {@code "kill:2@30s,start:2@60s"} (times after the start of the load;
   * see {@link FaultPlan}). Each fault is a request "fault: kill broker 2" in the report, a console
   * line, and an entry on the Kafka page; what each cost (unavailability per partition, leader
   * elections, ISR changes, KOs, latency) is measured too, see docs/brokers-and-faults.md.
   */
  public static PopulationBuilder brokerFaults(String plan) {
    return brokerFaults(FaultPlan.parse(plan));
  }

  static PopulationBuilder brokerFaults(FaultPlan plan) {
    EmbeddedCluster.prepareFor(plan);
    ActionBuilder faults = () -> Actions.brokerFaults(plan);
    // First the watch of what each fault costs: it marks the faults' time zero.
    ActionBuilder watch = kafkaload.internal.semantic.faultwatch.FaultWatchSemantic::watch;
    return CoreDsl.scenario("broker faults")
        .exec(watch)
        .exec(faults)
        .injectOpen(CoreDsl.atOnceUsers(1));
  }

  /**
   * The run also writes OpenMessaging Benchmark's result file for {@code workload} on {@code
   * driver} (OMB's TestResult, docs/workloads.md): the first step of a population of one user.
   */
  public static OmbResultActionBuilder ombResult(String workload, String driver) {
    return new OmbResultActionBuilder(workload, driver);
  }

  // Kafka's own sources for Gatling's checks. CoreDsl's bodyString(), jsonPath(..), regex(..) ...
  // read the record's value (decoded to JSON with .decoded()); these read the rest of the record.

  /**
   * The record's key as UTF-8 text, with Gatling's whole chain: {@code key().is("order-1")}, {@code
   * key().saveAs("key")}, {@code key().notExists()} for a record without a key.
   */
  public static CheckBuilder.Find<String> key() {
    return RecordCheckBuilders.key();
  }

  /**
   * The values of a header as UTF-8 text, in the record's order: {@code header("corr").is("c-1")},
   * {@code header("hop").findAll()}, {@code header("hop").count().is(2)}.
   */
  public static CheckBuilder.MultipleFind<String> header(String name) {
    return RecordCheckBuilders.header(name);
  }

  /**
   * A check on the key instead of the value: {@code onKey(jsonPath("$.id").is("7"))}, {@code
   * onKey(regex("order-(\\d+)").saveAs("n"))}. A record without a key fails it.
   */
  public static CheckBuilder onKey(CheckBuilder check) {
    return RecordCheckBuilders.on(RecordView.key(), check);
  }

  /**
   * A check on a header's (last) value instead of the record's value: {@code onHeader("meta",
   * jmesPath("tenant").is("acme"))}. A record without the header fails it.
   */
  public static CheckBuilder onHeader(String name, CheckBuilder check) {
    return RecordCheckBuilders.on(RecordView.header(name), check);
  }

  /**
   * The id of the record's writer schema (Confluent's wire format), as text: the decoded record's,
   * else read from the value's framing.
   */
  public static CheckBuilder.Find<String> schemaId() {
    return RecordCheckBuilders.schemaId();
  }

  /** The registry subject(s) of a decoded record's schema, comma-separated; needs decoded(). */
  public static CheckBuilder.Find<String> schemaSubject() {
    return RecordCheckBuilders.schemaSubject();
  }

  /**
   * A predicate on the whole record, as Gatling JMS's {@code simpleCheck}: false is a KO ("Kafka
   * check failed").
   */
  public static CheckBuilder simpleCheck(Function<ConsumerRecord<byte[], byte[]>, Boolean> f) {
    return RecordCheckBuilders.simpleCheck(f);
  }

  /**
   * A value of {@code size} random letters, a fresh one per record (drawn from a pool made once).
   */
  public static Function<Session, Object> randomBytes(int size) {
    return Payloads.randomBytes(size);
  }

  /** A random UUID per record, as text. */
  public static Function<Session, Object> uuid() {
    return Payloads.uuid();
  }

  /** A file's bytes (file system path or classpath resource), read once. */
  public static byte[] fileBody(String path) {
    return Payloads.fileBody(path);
  }

  /**
   * A file (path or classpath resource) holding Gatling EL, resolved per record against the
   * session.
   */
  public static Function<Session, Object> templateBody(String path) {
    return Payloads.templateBody(path);
  }

  /** No key: the partitioner spreads records (sticky batches). */
  public static Function<Session, Object> noKey() {
    return Keys.noKey();
  }

  /** A random key per record. */
  public static Function<Session, Object> randomKey() {
    return Keys.randomKey();
  }

  /** Keys 0 to n-1 in turn, so records spread over at most n partitions. */
  public static Function<Session, Object> roundRobinKey(int n) {
    return Keys.roundRobinKey(n);
  }

  /** Keys "key-0" … "key-(n-1)", each as likely (docs/traffic.md). */
  public static Function<Session, Object> uniformKey(int n) {
    return KeyDistribution.uniform(n);
  }

  /** Keys "key-0" … "key-(n-1)", key k with probability proportional to 1 / (k+1)^s (Zipf). */
  public static Function<Session, Object> zipfKey(int n, double s) {
    return KeyDistribution.zipf(n, s);
  }

  /** {@code pct} % of the records on {@code hotKeys} keys of n, the rest on the others. */
  public static Function<Session, Object> hotKeys(double pct, int hotKeys, int n) {
    return KeyDistribution.hot(pct, hotKeys, n);
  }

  /**
   * Values of random letters whose sizes follow {@code sizes}: {@code "fixed:1024"}, {@code
   * "uniform:100-2000"}, {@code "percentiles:p50=512,p90=4096,p99=65536"} or {@code
   * "histogram:path/to/sizes.csv"} (docs/traffic.md).
   */
  public static Function<Session, Object> recordBytes(String sizes) {
    return Values.of(SizeDistribution.parse(sizes), null);
  }

  /**
   * As {@link #recordBytes(String)}, a share {@code compressibility} (0 to below 1) of each value
   * repeated text and the rest random bytes, so batches compress to about 1 - compressibility.
   */
  public static Function<Session, Object> recordBytes(String sizes, double compressibility) {
    return Values.of(SizeDistribution.parse(sizes), compressibility);
  }

  /**
   * A value (or key) written with this Avro schema ({@code .avsc} file or classpath resource) in
   * Confluent's wire format. {@code content}: a JSON template with Gatling EL ({@code "{\"id\":
   * \"#{orderId}\", \"qty\": #{qty}}"} or {@code "#{orderJson}"}), its shape checked against the
   * schema before the load; a function of the session returning a Map, JSON text or a
   * GenericRecord; or a constant of those.
   */
  public static SchemaValue avro(String schemaPath, Object content) {
    return SchemaValue.of(SchemaFormat.AVRO, schemaPath, null, content);
  }

  /** {@link #avro(String, Object)} with the content computed from the session on every send. */
  public static SchemaValue avro(String schemaPath, Function<Session, ?> content) {
    return SchemaValue.of(SchemaFormat.AVRO, schemaPath, null, content);
  }

  /**
   * A value (or key) written as the Protobuf message {@code messageName} (simple or full name;
   * null: the file's first) of this {@code .proto} file. Content as for {@link #avro(String,
   * Object)}, or a protobuf Message.
   */
  public static SchemaValue protobuf(String protoPath, String messageName, Object content) {
    return SchemaValue.of(SchemaFormat.PROTOBUF, protoPath, messageName, content);
  }

  /**
   * {@link #protobuf(String, String, Object)} with the content computed from the session on every
   * send.
   */
  public static SchemaValue protobuf(
      String protoPath, String messageName, Function<Session, ?> content) {
    return SchemaValue.of(SchemaFormat.PROTOBUF, protoPath, messageName, content);
  }

  /**
   * A value (or key) validated against this JSON Schema and written as JSON in Confluent's wire
   * format.
   */
  public static SchemaValue jsonSchema(String schemaPath, Object content) {
    return SchemaValue.of(SchemaFormat.JSON, schemaPath, null, content);
  }

  /**
   * {@link #jsonSchema(String, Object)} with the content computed from the session on every send.
   */
  public static SchemaValue jsonSchema(String schemaPath, Function<Session, ?> content) {
    return SchemaValue.of(SchemaFormat.JSON, schemaPath, null, content);
  }

  /**
   * A value (or key) made by any Kafka {@code Serializer}, by class name, configured with {@code
   * configs} (the protocol's schema.registry.url added when absent), e.g. Confluent's
   * KafkaAvroSerializer when it is on the classpath. {@code content} is what it serializes (EL
   * strings resolved first).
   */
  public static SchemaValue serializer(String className, Map<String, ?> configs, Object content) {
    return SchemaValue.serializer(className, configs, content);
  }

  /**
   * {@link #serializer(String, java.util.Map, Object)} with the content computed from the session.
   */
  public static SchemaValue serializer(
      String className, Map<String, ?> configs, Function<Session, ?> content) {
    return SchemaValue.serializer(className, configs, content);
  }

  /**
   * Records generated from a schema, as the content of {@link #avro(String, Generated)}, {@link
   * #protobuf(String, String, Generated)} or {@link #jsonSchema(String, Generated)}: {@code
   * generated().seed(42).range("qty", 1, 10)} (docs/traffic.md).
   */
  public static Generated generated() {
    return Generated.of();
  }

  /** Avro records generated from this schema: each a valid random GenericRecord. */
  public static SchemaValue avro(String schemaPath, Generated records) {
    return SchemaValue.generated(SchemaFormat.AVRO, schemaPath, null, records);
  }

  /** Protobuf messages generated from this message type: each a valid random DynamicMessage. */
  public static SchemaValue protobuf(String protoPath, String messageName, Generated records) {
    return SchemaValue.generated(SchemaFormat.PROTOBUF, protoPath, messageName, records);
  }

  /** JSON records generated from this JSON Schema, each validated before it is sent. */
  public static SchemaValue jsonSchema(String schemaPath, Generated records) {
    return SchemaValue.generated(SchemaFormat.JSON, schemaPath, null, records);
  }
}
