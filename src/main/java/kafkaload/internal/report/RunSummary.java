package kafkaload.internal.report;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.client.ConsumerFactory;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.config.Secrets;
import kafkaload.internal.history.Stats;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.LoadCpu;
import kafkaload.internal.results.Percentiles;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.results.Throughput;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.PartitionCounters;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TopicOffsets;
import kafkaload.internal.semantics.Semantics;
import kafkaload.internal.verification.InjectorHealth;
import kafkaload.internal.verification.LagMonitor;
import kafkaload.internal.verification.ProducerMetrics;

/**
 * The machine-readable summary of a run: its {@link RunResults} (kafka-summary.json is their
 * serialization) and the per-second samples at full resolution (kafka-timeline.csv). Built from the
 * run's components when the load ends; gate verdicts are added once Gatling has judged them
 * (withResults). Results made elsewhere (the merge of a distributed run) come with the per-second
 * rows of its timeline file.
 *
 * @param timelineCsv kafka-timeline.csv: every per-second sample (of every injector, for a merged
 *     run)
 */
@RecordBuilder
public record RunSummary(RunResults results, String timelineCsv) implements RunSummaryBuilder.With {

  /**
   * One protocol of the run, as the summary reads it.
   *
   * @param configuration the protocol's settings as the summary shows them, secrets already masked
   * @param lagMonitor the lag monitor of its groups under test, or null
   */
  public record Section(
      ProtocolResults.ProtocolConfig configuration,
      RunLedger ledger,
      LagMonitor lagMonitor,
      List<ProducerHandle> producers,
      String isolationLevel) {}

  /**
   * The injector's side of a run as the summary reads it: every sample, those of the load, the
   * saturation verdict, the load's window and the measured load's in it (seconds since sampling
   * began, see {@link InjectorHealth#measuredWindow()}), the warm-up's (null when none ran), the
   * event-loop delay figures, the bounds and the process CPU split at the measured load (null
   * before its end).
   */
  public record Injector(
      List<InjectorSample> samples,
      List<InjectorSample> loadSamples,
      InjectorHealth.Verdict verdict,
      double[] loadWindow,
      double[] measuredWindow,
      double[] warmUpWindow,
      InjectorResults.EventLoopDelay eventLoopDelay,
      InjectorResults.Bounds bounds,
      LoadCpu loadCpu) {}

  /**
   * {@code parameters}: the -D knobs the run read, with the values it used; {@code health}: the
   * injector's side of the run.
   */
  public static RunSummary of(
      List<Section> sections,
      Map<String, String> parameters,
      Injector health,
      long startMillis,
      long endMillis) {
    List<ProtocolResults> protocols = sections.stream().map(RunSummary::protocol).toList();
    List<InjectorSample> samples = health.samples();
    List<InjectorSample> load = health.loadSamples();
    InjectorResults injector =
        new InjectorResults(
            health.verdict().saturated(),
            health.verdict().reasons(),
            new InjectorResults.Windows(
                window(health.loadWindow()),
                window(health.measuredWindow()),
                window(health.warmUpWindow())),
            new InjectorResults.Cpu(
                RunLedger.processCpuSeconds(),
                Timeline.max(samples, p -> p.resources().systemCpuPct(), 0),
                Timeline.max(samples, p -> p.resources().processCpuPct(), 0),
                health.loadCpu()),
            new InjectorResults.Memory(
                samples.stream().mapToDouble(p -> p.resources().gcPauseMs()).sum(),
                Timeline.max(samples, p -> p.resources().gcMaxPauseMs(), 0),
                Timeline.max(samples, p -> p.resources().heapUsedMb(), 0),
                heapAfterGc(load)),
            health.eventLoopDelay(),
            health.bounds());
    // Hours of per-second samples would make the JSON and the page heavy: both get at most
    // Timeline.MAX_POINTS points, and kafka-timeline.csv keeps every second.
    int perPoint = Timeline.samplesPerPoint(samples.size(), Timeline.MAX_POINTS);
    return new RunSummary(
        new RunResults(
            RunResults.SCHEMA_VERSION,
            new RunResults.Period(
                Instant.ofEpochMilli(startMillis).toString(),
                Instant.ofEpochMilli(endMillis).toString(),
                Math.max(0.001, (endMillis - startMillis) / 1000.0)),
            // The -D knobs the simulation read, with the values it used, defaults included: the
            // run's test plan as run.
            Secrets.masked(parameters),
            protocols,
            LatencySources.of(protocols, load, health.eventLoopDelay()),
            injector,
            Timeline.injector(samples, perPoint),
            RunResults.Resolution.of(samples.size(), perPoint)
                .withFile(Timeline.INJECTOR_AGGREGATION, "kafka-timeline.csv"),
            null,
            null),
        Timeline.csv(samples));
  }

  /** A window of seconds as the summary holds it: a bound not known (NaN) is null. */
  private static InjectorResults.LoadWindow window(double[] w) {
    return w == null
        ? null
        : new InjectorResults.LoadWindow(Stats.nullIfNaN(w[0]), Stats.nullIfNaN(w[1]));
  }

  /**
   * Heap after GC over the load: at its first and last sample with a collection behind it, and the
   * highest, MB. A last far above the first in a long run is growth.
   */
  private static InjectorResults.HeapAfterGc heapAfterGc(List<InjectorSample> load) {
    List<Double> v =
        load.stream().map(p -> p.resources().heapAfterGcMb()).filter(d -> !d.isNaN()).toList();
    return v.isEmpty()
        ? new InjectorResults.HeapAfterGc(null, null, null)
        : new InjectorResults.HeapAfterGc(v.get(0), v.get(v.size() - 1), Collections.max(v));
  }

  private static ProtocolResults protocol(Section c) {
    RunLedger ledger = c.ledger();
    DeliveryLedger st = ledger.delivery();
    // Serialization (schema lookup, content to record, encoding, framing) is timed apart from the
    // ack latency.
    ProtocolResults.SchemaFigures schemas =
        ledger.schemas().serializedCount() == 0 && ledger.schemas().registryCalls() == 0
            ? null
            : new ProtocolResults.SchemaFigures(
                ledger.schemas().registryCalls(),
                ledger.schemas().serializedCount(),
                Percentiles.ofMicros(ledger.schemas().serializationSinceLast()));

    // Per partition of every topic sent to; a partition of the topic that no record reached is a
    // row of 0, not a gap.
    Reconciled.Result r = ledger.reconciliation();
    Map<String, Map<Integer, PartitionCounters.Count>> byTopic = new LinkedHashMap<>();
    for (String topic : st.ackedTopics()) {
      Map<Integer, PartitionCounters.Count> byPartition = new TreeMap<>(st.ackedByPartition(topic));
      if (r != null) {
        r.topics().stream()
            .filter(t -> t.topic().equals(topic))
            .flatMap(t -> t.partitions().stream())
            .forEach(
                p -> byPartition.putIfAbsent(p.partition(), new PartitionCounters.Count(0, 0)));
      }
      byTopic.put(topic, byPartition);
    }
    Map<String, Double> producerMetrics = ProducerMetrics.of(c.producers());
    ledger.producerMetricsAtEnd(producerMetrics);
    return ProtocolAssembly.of(
        c.configuration(),
        new ProtocolResults.Sends(
            throughput(ledger),
            Percentiles.ofMicros(ledger.sendPath().publishDelaySinceLast()),
            schemas,
            ProtocolAssembly.partitions(byTopic),
            producerMetrics),
        new ProtocolAssembly.Latencies(
            st.ackLatencyHistograms(),
            ledger.consumes().e2eLatencyHistograms(),
            ledger.consumes().replyLatencyHistograms()),
        ledger.injector().distributed() ? distributed(ledger) : null,
        consumers(c, ledger),
        r == null ? null : r.toResult(ledger.reconciliationGated()),
        ledger.reconciliationError(),
        ledger.faults().stream()
            .sorted(java.util.Comparator.comparingDouble(ProtocolResults.Fault::atSeconds))
            .toList(),
        Semantics.results(ledger));
  }

  /**
   * The consumer side: the lag of the groups under test, downsampled like the timeline (the maximum
   * lag of each point; the verdict judged every sample), none without a lag monitor; a drain's
   * figures; the isolation levels of the readers, null when it had no consume, no lag monitor.
   */
  private static ProtocolResults.Consumers consumers(Section c, RunLedger ledger) {
    LagMonitor monitor = c.lagMonitor();
    Map<String, String> byRequest = ledger.consumes().isolationLevels();
    ProtocolResults.Readers readers =
        byRequest.isEmpty() && monitor == null
            ? null
            : new ProtocolResults.Readers(
                c.isolationLevel(),
                byRequest,
                monitor == null ? null : ConsumerFactory.name(monitor.isolationLevel()));
    if (monitor == null) {
      return new ProtocolResults.Consumers(null, null, null, ledger.consumerThroughput(), readers);
    }
    Map<String, List<ProtocolResults.LagPoint>> lag = new LinkedHashMap<>();
    Map<String, RunResults.Resolution> lagResolution = new LinkedHashMap<>();
    for (Map.Entry<String, List<LagMonitor.Sample>> e : monitor.samples().entrySet()) {
      int perPoint = Timeline.samplesPerPoint(e.getValue().size(), Timeline.MAX_POINTS);
      lag.put(e.getKey(), Timeline.lag(e.getValue(), perPoint));
      lagResolution.put(e.getKey(), RunResults.Resolution.of(e.getValue().size(), perPoint));
    }
    return new ProtocolResults.Consumers(
        lag, lagResolution, monitor.sampling(), ledger.consumerThroughput(), readers);
  }

  private static Throughput throughput(RunLedger ledger) {
    DeliveryLedger st = ledger.delivery();
    DeliveryLedger.Snapshot sent = st.snapshot();
    return new Throughput(
        sent.acked(),
        sent.failed(),
        sent.inFlight(),
        sent.ackedBytes(),
        st.ackSpan(),
        st.throughputByRequest(),
        new Throughput.SendPath(
            ledger.sendPath().blockedNanos() / 1e6,
            ledger.sendPath().maxBlockedNanos() / 1e6,
            ledger.sendPath().offloadedCount()),
        ledger.consumes().lateReplies(),
        ledger.users().peak());
  }

  /**
   * What the merge of a distributed run needs from this injector for the one reconciliation of all
   * of them.
   */
  private static ProtocolResults.Distributed distributed(RunLedger ledger) {
    Map<String, ProtocolResults.Baseline> baselines = new TreeMap<>();
    for (var e : ledger.baselines().taken().entrySet()) {
      TopicOffsets o = e.getValue();
      baselines.put(
          e.getKey(), new ProtocolResults.Baseline(o.topicId(), o.endOffsets(), o.atMillis()));
    }
    return new ProtocolResults.Distributed(
        ledger.injector().index(),
        ledger.injector().count(),
        ledger.injector().sequenceStart(),
        ledger.sequencesIssued(),
        Base64.getEncoder().encodeToString(ledger.koLedger().serialized()),
        baselines,
        ledger.deferredReconciliation(),
        Semantics.injectorRecords(ledger));
  }

  /**
   * Writes kafka-summary.json, kafka-timeline.csv with every per-second sample, and the semantics'
   * own files (OMB's result file); returns the JSON's file.
   */
  public Path write(Path dir) throws IOException {
    Path out = dir.resolve("kafka-summary.json");
    Files.writeString(out, ResultsJson.write(results));
    Files.writeString(dir.resolve("kafka-timeline.csv"), timelineCsv);
    for (ProtocolResults p : results.protocols()) {
      Semantics.writeFiles(dir, p);
    }
    return out;
  }
}
