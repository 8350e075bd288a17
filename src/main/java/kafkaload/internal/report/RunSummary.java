package kafkaload.internal.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kafkaload.internal.config.InjectorBounds;
import kafkaload.internal.config.Secrets;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.run.PartitionCounters;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.verification.InjectorHealth;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.verification.LagMonitor;
import org.HdrHistogram.Histogram;

/**
 * The machine-readable summary of a run (kafka-summary.json): configuration with secrets masked, throughput,
 * ack-latency percentiles, reconciliation, injector health, per-partition figures, producer metrics and gates.
 * Built from the run's components when the load ends; gate verdicts are added once Gatling has judged them.
 */
public final class RunSummary {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Map<String, Object> root = new LinkedHashMap<>();
  /** The injector's samples at full resolution, for kafka-timeline.csv. */
  private List<InjectorHealth.Sample> perSecond = List.of();

  private RunSummary() {}

  /** A summary made elsewhere (the merge of a distributed run), as its JSON tree. */
  public static RunSummary of(Map<String, Object> tree) {
    RunSummary s = new RunSummary();
    s.root.putAll(tree);
    return s;
  }

  /**
   * One protocol of the run, as the summary reads it.
   *
   * @param configuration the protocol's settings as the summary shows them, secrets already masked
   * @param lagMonitor the lag monitor of its groups under test, or null
   */
  public record Section(Map<String, Object> configuration, RunLedger ledger, LagMonitor lagMonitor,
      List<ProducerHandle> producers) {}

  /** {@code parameters}: the -D knobs the run read, with the values it used. */
  public static RunSummary of(List<Section> sections, Map<String, String> parameters, InjectorHealth health,
      long startMillis, long endMillis) {
    return of(sections, parameters, new Injector(health.samples(), health.loadSamples(), health.verdict(),
        health.loadWindow(), health.eventLoopDelay(), health.bounds()), startMillis, endMillis);
  }

  /**
   * The injector's side of a run as the summary reads it: every sample, those of the load, the saturation verdict,
   * the load's window (seconds since sampling began), the event-loop delay figures and the bounds.
   */
  public record Injector(List<InjectorHealth.Sample> samples, List<InjectorHealth.Sample> loadSamples,
      InjectorHealth.Verdict verdict, double[] loadWindow, Map<String, Object> eventLoopDelay, InjectorBounds bounds) {}

  public static RunSummary of(List<Section> sections, Map<String, String> parameters, Injector health,
      long startMillis, long endMillis) {
    RunSummary s = new RunSummary();
    double seconds = Math.max(0.001, (endMillis - startMillis) / 1000.0);
    s.root.put("startedAt", java.time.Instant.ofEpochMilli(startMillis).toString());
    s.root.put("endedAt", java.time.Instant.ofEpochMilli(endMillis).toString());
    s.root.put("durationSeconds", seconds);
    // The -D knobs the simulation read, with the values it used, defaults included: the run's test plan as run.
    s.root.put("parameters", Secrets.masked(parameters));
    List<Object> protocols = new ArrayList<>();
    for (Section c : sections) {
      protocols.add(protocol(c));
    }
    s.root.put("protocols", protocols);
    s.root.put("latencySources", LatencySources.of(protocolMaps(protocols), health.loadSamples(), health.eventLoopDelay()));
    List<InjectorHealth.Sample> samples = health.samples();
    InjectorHealth.Verdict verdict = health.verdict();
    Map<String, Object> injector = new LinkedHashMap<>();
    injector.put("saturated", verdict.saturated());
    injector.put("reasons", verdict.reasons());
    double[] load = health.loadWindow();
    injector.put("loadWindowSeconds", Map.of("start", Double.isNaN(load[0]) ? -1 : load[0],
        "end", Double.isNaN(load[1]) ? -1 : load[1]));
    injector.put("cpuSecondsAtEnd", RunLedger.processCpuSeconds());
    injector.put("maxSystemCpuPct", samples.stream().mapToDouble(InjectorHealth.Sample::systemCpuPct).filter(d -> !Double.isNaN(d)).max().orElse(0));
    injector.put("maxProcessCpuPct", samples.stream().mapToDouble(InjectorHealth.Sample::processCpuPct).filter(d -> !Double.isNaN(d)).max().orElse(0));
    injector.put("gcPauseTotalMs", samples.stream().mapToDouble(InjectorHealth.Sample::gcPauseMs).sum());
    injector.put("gcPauseMaxMs", samples.stream().mapToDouble(InjectorHealth.Sample::gcMaxPauseMs).max().orElse(0));
    injector.put("maxHeapUsedMb", samples.stream().mapToDouble(InjectorHealth.Sample::heapUsedMb).max().orElse(0));
    injector.put("heapAfterGcMb", heapAfterGc(health.loadSamples()));
    injector.put("eventLoopDelayMs", health.eventLoopDelay());
    injector.put("bounds", health.bounds());
    s.root.put("injector", injector);
    // Hours of per-second samples would make the JSON and the page heavy: both get at most Timeline.MAX_POINTS
    // points, and kafka-timeline.csv keeps every second.
    int perPoint = Timeline.samplesPerPoint(samples.size(), Timeline.MAX_POINTS);
    s.root.put("timeline", Timeline.injector(samples, perPoint));
    Map<String, Object> resolution = Timeline.resolution(samples.size(), perPoint);
    resolution.put("aggregation", Timeline.INJECTOR_AGGREGATION);
    resolution.put("perSecondFile", "kafka-timeline.csv");
    s.root.put("timelineResolution", resolution);
    s.perSecond = samples;
    return s;
  }

  /**
   * Heap after GC over the load: at its first and last sample with a collection behind it, and the highest, MB.
   * A last far above the first in a long run is growth.
   */
  private static Map<String, Object> heapAfterGc(List<InjectorHealth.Sample> load) {
    double[] v = load.stream().mapToDouble(InjectorHealth.Sample::heapAfterGcMb).filter(d -> !Double.isNaN(d)).toArray();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("first", v.length == 0 ? null : v[0]);
    m.put("last", v.length == 0 ? null : v[v.length - 1]);
    m.put("max", v.length == 0 ? null : java.util.Arrays.stream(v).max().getAsDouble());
    return m;
  }

  private static Map<String, Object> protocol(Section c) {
    RunLedger ledger = c.ledger();
    DeliveryLedger st = ledger.delivery();
    DeliveryLedger.Snapshot sent = st.snapshot();
    Map<String, Object> p = new LinkedHashMap<>();
    Map<String, Object> config = new LinkedHashMap<>();
    config.putAll(c.configuration());
    config.put("runId", ledger.identity() == null ? null : ledger.identity().runId());
    p.put("config", config);

    Map<String, Object> throughput = new LinkedHashMap<>();
    throughput.put("ackedOk", sent.acked());
    throughput.put("failed", sent.failed());
    throughput.put("inFlightAtEnd", sent.inFlight());
    throughput.put("ackedBytes", sent.ackedBytes());
    throughput.putAll(st.ackRates());
    throughput.put("byRequest", st.throughputByRequest());
    throughput.put("sendBlockedMsTotal", ledger.sendPath().blockedNanos() / 1e6);
    throughput.put("sendBlockedMsMax", ledger.sendPath().maxBlockedNanos() / 1e6);
    throughput.put("sendsOffTheEventLoop", ledger.sendPath().offloadedCount());
    throughput.put("lateReplies", ledger.consumes().lateReplies());
    throughput.put("peakConcurrentUsers", ledger.users().peak());
    p.put("throughput", throughput);

    Map<String, Object> latency = new LinkedHashMap<>();
    Map<String, Object> encoded = new LinkedHashMap<>();
    st.ackLatencyHistograms().forEach((name, h) -> {
      latency.put(name, percentiles(h));
      encoded.put(name, Histograms.encode(h));
    });
    p.put("ackLatencyMs", latency);
    Map<String, Object> e2e = new LinkedHashMap<>();
    Map<String, Object> e2eEncoded = new LinkedHashMap<>();
    ledger.consumes().e2eLatencyHistograms().forEach((name, h) -> {
      e2e.put(name, percentiles(h));
      e2eEncoded.put(name, Histograms.encode(h));
    });
    p.put("e2eLatencyMs", e2e);
    // The same histograms (microseconds) in HdrHistogram's compressed form: merged runs add them, exact percentiles.
    p.put("ackLatencyHistograms", encoded);
    p.put("e2eLatencyHistograms", e2eEncoded);
    if (ledger.injector().distributed()) {
      p.put("distributed", distributed(ledger));
    }
    p.put("publishDelayMs", percentiles(ledger.sendPath().publishDelaySinceLast()));
    if (ledger.schemas().serializedCount() > 0 || ledger.schemas().registryCalls() > 0) {
      // Serialization (schema lookup, content to record, encoding, framing) is timed apart from the ack latency.
      Map<String, Object> schemas = new LinkedHashMap<>();
      schemas.put("registryCalls", ledger.schemas().registryCalls());
      schemas.put("serializedRecords", ledger.schemas().serializedCount());
      schemas.put("serializationMs", percentiles(ledger.schemas().serializationSinceLast()));
      p.put("schemas", schemas);
    }

    // Per partition of every topic sent to; the share is of its topic's records, so a hot partition stands out.
    List<Object> partitions = new ArrayList<>();
    for (String topic : st.ackedTopics()) {
      Map<Integer, PartitionCounters.Count> byPartition = st.ackedByPartition(topic);
      long total = Math.max(1, byPartition.values().stream().mapToLong(PartitionCounters.Count::records).sum());
      byPartition.forEach((partition, count) -> {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("topic", topic);
        row.put("partition", partition);
        row.put("records", count.records());
        row.put("bytes", count.bytes());
        row.put("sharePct", 100.0 * count.records() / total);
        partitions.add(row);
      });
    }
    p.put("partitions", partitions);
    if (c.lagMonitor() != null) {
      // Downsampled like the timeline (the maximum lag of each point); the verdict judged every sample.
      Map<String, Object> lag = new LinkedHashMap<>();
      Map<String, Object> lagResolution = new LinkedHashMap<>();
      c.lagMonitor().samples().forEach((group, samples) -> {
        int perPoint = Timeline.samplesPerPoint(samples.size(), Timeline.MAX_POINTS);
        lag.put(group, Timeline.lag(samples, perPoint));
        lagResolution.put(group, Timeline.resolution(samples.size(), perPoint));
      });
      p.put("lag", lag);
      p.put("lagResolution", lagResolution);
      p.put("lagSampling", c.lagMonitor().sampling());
    }
    Reconciled.Result r = ledger.reconciliation();
    p.put("reconciliation", r == null ? null : reconciliation(r, ledger.reconciliationGated()));
    p.put("reconciliationError", ledger.reconciliationError());
    p.put("faults", ledger.faults());
    if (ledger.consumerThroughput() != null) {
      p.put("consumerThroughput", ledger.consumerThroughput());
    }
    p.put("producerMetrics", InjectorHealth.producerMetrics(c.producers()));
    return p;
  }

  /** What the merge of a distributed run needs from this injector for the one reconciliation of all of them. */
  private static Map<String, Object> distributed(RunLedger ledger) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("injectorIndex", ledger.injector().index());
    d.put("injectorCount", ledger.injector().count());
    d.put("sequenceStart", ledger.injector().sequenceStart());
    d.put("sequencesIssued", ledger.sequencesIssued());
    d.put("koSequences", java.util.Base64.getEncoder().encodeToString(ledger.koLedger().serialized()));
    Map<String, Object> baselines = new LinkedHashMap<>();
    ledger.baselines().taken().forEach((topic, o) -> baselines.put(topic,
        Map.of("topicId", o.topicId(), "endOffsets", o.endOffsets(), "atMillis", o.atMillis())));
    d.put("baselines", baselines);
    d.put("reconcile", ledger.deferredReconciliation());
    return d;
  }

  /** {@code gated}: the verdicts came from a reconcile() step. */
  public static Map<String, Object> reconciliation(Reconciled.Result r, boolean gated) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("gated", gated);
    m.put("ackedOk", r.ackedOk());
    m.put("offsetDelta", r.offsetDelta());
    m.put("inFlightAtEnd", r.inFlightAtEnd());
    m.put("lost", r.lost());
    m.put("duplicates", r.duplicates());
    m.put("duplicatePct", r.duplicatePct());
    // Offsets are not records: without a read-back "duplicates" is this bound, with one it counts identities.
    m.put("duplicatesByIdentity", r.readBack() != null);
    m.put("unaccountedUpperBound", r.unaccountedUpperBound());
    m.put("readBack", r.readBack());
    m.put("stuckLastStableOffsets", r.stuck());
    List<Object> topics = new ArrayList<>();
    for (Reconciled.TopicResult t : r.topics()) {
      Map<String, Object> tm = new LinkedHashMap<>();
      tm.put("topic", t.topic());
      tm.put("ackedOk", t.ackedOk());
      tm.put("offsetDelta", t.offsetDelta());
      tm.put("lost", t.lost());
      tm.put("duplicates", t.duplicates());
      tm.put("unaccountedUpperBound", t.unaccountedUpperBound());
      tm.put("delivered", t.delivered());
      // A topic deleted (and perhaps re-created) during the run: when, as far as the run saw, in words too.
      tm.put("change", t.change());
      tm.put("changeText", t.change() == null ? null : ReconciliationPrinter.describe(t.change()));
      tm.put("partitions", t.partitions());
      topics.add(tm);
    }
    m.put("topics", topics);
    return m;
  }

  static Map<String, Object> percentiles(Histogram h) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", h.getTotalCount());
    if (h.getTotalCount() > 0) {
      m.put("mean", h.getMean() / 1000);
      for (double q : new double[] {50, 75, 95, 99, 99.9}) {
        m.put("p" + (q == Math.rint(q) ? String.valueOf((int) q) : String.valueOf(q)), h.getValueAtPercentile(q) / 1000.0);
      }
      m.put("max", h.getMaxValue() / 1000.0);
    }
    return m;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> protocolMaps(List<Object> protocols) {
    return protocols.stream().map(p -> (Map<String, Object>) p).toList();
  }

  /** Adds Gatling's own verdicts on the run's assertions: description → passed, actual value. */
  public void gates(List<Map<String, Object>> verdicts, String from) {
    root.put("gates", verdicts);
    // "gatling-console": the verdicts Gatling printed; "simulation.log": judged again from the log.
    root.put("gatesFrom", from);
  }

  public Map<String, Object> tree() {
    return root;
  }

  public String json() throws IOException {
    return JSON.writeValueAsString(root);
  }

  /** Writes kafka-summary.json, and kafka-timeline.csv with every per-second sample; returns the JSON. */
  public Path write(Path dir) throws IOException {
    Path out = dir.resolve("kafka-summary.json");
    Files.writeString(out, json());
    Files.writeString(dir.resolve("kafka-timeline.csv"), Timeline.csv(perSecond));
    return out;
  }
}
