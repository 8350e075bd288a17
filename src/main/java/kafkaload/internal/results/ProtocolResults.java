package kafkaload.internal.results;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * One protocol of a run: its settings, what it sent, its latency, what was consumed, the
 * reconciliation of its records against the topics, its broker faults. The groups are written flat,
 * as fields of the protocol ({@link UnwrappedRecords} reads them back).
 *
 * @param sends what it sent: throughput, partitions, time to publish, schemas, producer metrics
 * @param latencies the latency percentiles and histograms per request name
 * @param distributed what the merge needs from one injector of a distributed run; null otherwise
 * @param consumers the consumer side: lag of the groups under test, a drain, the readers
 * @param reconciliation the comparison of acked records with the topics; null when none ran
 * @param reconciliationError why the reconciliation could not run, or null
 * @param sections the registered Kafka semantics' sections (transactions, share groups, ...), by
 *     their JSON name, written as fields of the protocol beside the ones above; a semantic that did
 *     not run has none
 */
public record ProtocolResults(
    ProtocolConfig config,
    @JsonUnwrapped Sends sends,
    @JsonUnwrapped Latencies latencies,
    @JsonInclude(JsonInclude.Include.NON_NULL) Distributed distributed,
    @JsonUnwrapped Consumers consumers,
    ReconciliationResult reconciliation,
    String reconciliationError,
    List<Fault> faults,
    @JsonAnySetter @JsonAnyGetter Map<String, Object> sections) {

  public ProtocolResults {
    sends = sends == null ? new Sends(null, null, null, null, null) : sends;
    latencies =
        latencies == null ? new Latencies(null, null, null, null, null, null, null) : latencies;
    consumers = consumers == null ? new Consumers(null, null, null, null, null) : consumers;
    sections = Sections.copy(sections, SemanticSection::section);
  }

  /**
   * What a protocol sent.
   *
   * @param publishDelayMs from the send action starting to producer.send; null for a merged run
   * @param schemas serialization with schemas and Schema Registry calls; null when there were none
   * @param producerMetrics the producers' own metrics at the end; null for a merged run
   */
  public record Sends(
      Throughput throughput,
      @JsonInclude(JsonInclude.Include.NON_NULL) Percentiles publishDelayMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) SchemaFigures schemas,
      List<PartitionShare> partitions,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Double> producerMetrics) {}

  /**
   * A protocol's latency by request name.
   *
   * @param ackLatencyMs percentiles of the ack latency per ack-timed request name
   * @param e2eLatencyMs percentiles of the end-to-end latency per consume request name
   * @param ackLatencyHistograms the same histograms (microseconds), HdrHistogram's compressed form
   *     in base64: merged runs add them up for exact percentiles
   * @param e2eLatencyHistograms as above, of the end-to-end latency
   * @param replyLatencyMs percentiles of the send-to-reply latency per request-reply request name
   *     (each OK request-reply, as Gatling's response time); null in a file written before it
   * @param replyLatencyHistograms as above, of the send-to-reply latency
   * @param latency every request that sent or read records, by name, with the kind of its latency
   *     and its percentiles (the three maps above as rows; a request not timed has a row without
   *     figures); null in a file written before it
   */
  public record Latencies(
      Map<String, Percentiles> ackLatencyMs,
      Map<String, Percentiles> e2eLatencyMs,
      Map<String, String> ackLatencyHistograms,
      Map<String, String> e2eLatencyHistograms,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Percentiles> replyLatencyMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> replyLatencyHistograms,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<RequestLatency> latency) {}

  /**
   * The consumer side of a protocol.
   *
   * @param lag consumer lag per group under test (downsampled like the timeline); null without a
   *     lag monitor
   * @param consumerThroughput the figures of a drain; null when none ran
   * @param readers the isolation.level the protocol's readers used; null when it had none
   */
  public record Consumers(
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, List<LagPoint>> lag,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, RunResults.Resolution> lagResolution,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, LagSampling> lagSampling,
      @JsonInclude(JsonInclude.Include.NON_NULL) DrainThroughput consumerThroughput,
      @JsonInclude(JsonInclude.Include.NON_NULL) Readers readers) {}

  /** The section of {@code type}; null when its semantic did not run. */
  public <T> T section(SectionType<T> type) {
    return Sections.typed(sections, type);
  }

  /**
   * How readers saw transactions: {@code isolationLevel} the protocol's default; {@code byRequest}
   * each consume and request-reply's; {@code lagIsolationLevel} the lag monitor's (null without
   * one).
   */
  public record Readers(
      String isolationLevel, Map<String, String> byRequest, String lagIsolationLevel) {}

  /**
   * The protocol's settings as the summary shows them, secrets masked: {@code embeddedBrokers} null
   * with a bootstrap; {@code schemaRegistry} (Confluent's setting names, values as text) null
   * without a registry; {@code runId} null when records carry no run identity.
   */
  public record ProtocolConfig(
      String bootstrapServers,
      Integer embeddedBrokers,
      String topic,
      String producerMode,
      int poolSize,
      Map<String, String> producerProperties,
      @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> schemaRegistry,
      String runId) {}

  /** Acked records of one topic partition, and its share of the topic's acked records. */
  public record PartitionShare(
      String topic, int partition, long records, long bytes, double sharePct) {}

  /** Records serialized with a schema, the time that took (not in ack latency), registry calls. */
  public record SchemaFigures(
      long registryCalls, long serializedRecords, Percentiles serializationMs) {}

  /** A consumer group's total lag at a second of the run. */
  public record LagPoint(double second, long totalLag) {}

  /** Lag samples tried, failed, taken before the group's first commit, and the last error. */
  public record LagSampling(int tried, int failed, int beforeFirstCommit, String lastError) {
    /** The samples that read a lag. */
    public int withLag() {
      return tried - failed - beforeFirstCommit;
    }
  }

  /**
   * A broker fault as it happened, as the run's ledger records it, for the console,
   * kafka-summary.json and the Kafka page.
   *
   * @param atSeconds when it was done, in seconds after the start of the load
   * @param step the planned step, for example "kill:2@30s"
   * @param request its Gatling request name, for example "fault: kill broker 2"
   * @param ok whether it was done as planned
   * @param detail what happened: the pid killed, the time the broker took to come back, or why it
   *     failed
   * @param durationMs how long the action took (a restart: until the broker was registered again)
   * @param broker the broker it was done to (1..N)
   * @param healedAtSeconds a fault with a duration (a pause, an isolation, a slow link): when it
   *     was undone, in seconds after the start of the load; null for a kill, stop or start
   */
  public record Fault(
      double atSeconds,
      String step,
      String request,
      boolean ok,
      String detail,
      long durationMs,
      Integer broker,
      Double healedAtSeconds) {
    public Fault(
        double atSeconds, String step, String request, boolean ok, String detail, long durationMs) {
      this(atSeconds, step, request, ok, detail, durationMs, null, null);
    }
  }

  /**
   * What an injector leaves the merge, which reconciles all records at once: its place, the
   * sequences it issued, its KOs (base64), each topic's end offsets before its first record, its
   * reconcile() bounds (or null), and each semantic's part by name.
   */
  public record Distributed(
      int injectorIndex,
      int injectorCount,
      long sequenceStart,
      long sequencesIssued,
      String koSequences,
      Map<String, Baseline> baselines,
      ReconcileBounds reconcile,
      @JsonAnySetter @JsonAnyGetter Map<String, Object> sections) {

    public Distributed {
      sections = Sections.copy(sections, SemanticSection::injectorSection);
    }

    /** What a semantic of {@code type} left the merge; null when nothing. */
    public <T> T section(SectionType<T> type) {
      return Sections.typed(sections, type);
    }
  }

  /** A topic's id and end offsets per partition, taken at {@code atMillis} (epoch ms). */
  public record Baseline(String topicId, Map<Integer, Long> endOffsets, long atMillis) {}

  /** The bounds of a reconcile() step, as the merge applies them to all injectors' records. */
  public record ReconcileBounds(
      long maxLost,
      double maxDuplicatePct,
      boolean readBack,
      long timeoutSeconds,
      boolean failOnSaturatedInjector) {}
}
