package kafkaload.internal.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.core.config.GatlingConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.action.ReconcileSpec;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.report.AssertionsJUnitReport;
import kafkaload.internal.report.KafkaPage;
import kafkaload.internal.report.ReconciliationPrinter;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.report.Timeline;
import kafkaload.internal.results.InjectorResults;
import kafkaload.internal.results.InjectorRow;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TopicOffsets;
import kafkaload.internal.semantic.Semantics;
import kafkaload.internal.verification.Reconciliation;
import kafkaload.internal.verification.ReconciliationVerdict;

/**
 * Turns the results of N injectors into one run: one simulation.log on one time base (streamed,
 * record by record), Gatling's own report and assertion verdicts on it (reports-only mode), one
 * reconciliation of every injector's records against the cluster, and one Kafka page and summary
 * with a row per injector.
 *
 * <p>Exit codes: 0 every gate passed; 2 a gate failed (Gatling's own code); 3 an injector did not
 * finish; 4 input refused (another Gatling version, other simulations or assertions, a truncated
 * log); 1 anything else.
 */
public final class Merge {
  public static final int PASSED = 0;
  public static final int GATE_FAILED = 2;
  public static final int INJECTOR_DIED = 3;
  public static final int REFUSED = 4;

  private Merge() {}

  /** One injector's folder as the merge found it. */
  record Found(
      int index,
      Path dir,
      JsonNode marker,
      Path log,
      RunResults summary,
      List<InjectorSample> perSecond,
      SimulationLogs.Header header) {
    boolean complete() {
      return marker != null;
    }
  }

  /** What the merge did: its exit code, the merged run's folder, and each injector's row. */
  public record Outcome(int exitCode, Path runDir, List<InjectorRow> injectors, String verdict) {}

  /**
   * Merges {@code root/injector-0 .. injector-(count-1)} into {@code out}; {@code count} 0: as many
   * as there are folders. {@code connection} null: no reconciliation (the injectors' own offsets
   * are not comparable alone).
   */
  public static Outcome run(Path root, int count, Path out, Connection connection)
      throws Exception {
    return run(root, count, out, connection, 0);
  }

  /**
   * As above, first waiting up to {@code waitSeconds} for every injector's {@code injector.json} (a
   * merge Job started beside the injectors); those still missing then are reported as not finished.
   */
  public static Outcome run(Path root, int count, Path out, Connection connection, int waitSeconds)
      throws Exception {
    long deadline = System.nanoTime() + waitSeconds * 1_000_000_000L;
    while (waitSeconds > 0
        && count > 0
        && System.nanoTime() < deadline
        && !allMarked(root, count)) {
      Thread.sleep(2000);
    }
    long t0 = System.nanoTime();
    if (count <= 0) {
      try (var s = Files.list(root)) {
        count = (int) s.filter(p -> p.getFileName().toString().matches("injector-\\d+")).count();
      }
    }
    if (count == 0) {
      throw new SimulationLogs.Refused(root + " holds no injector-<i> folders to merge");
    }
    List<Found> found = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      found.add(find(i, root.resolve("injector-" + i)));
    }
    List<Found> complete = found.stream().filter(Found::complete).toList();
    if (complete.isEmpty()) {
      throw new SimulationLogs.Refused(
          "no injector of " + root + " finished (none wrote " + Injector.MARKER + ")");
    }
    Found first = complete.get(0);
    for (Found f : complete) {
      checkSame(first, f, count);
    }

    // One log on one time base: the earliest injector's start; every record keeps its absolute
    // time.
    long start = complete.stream().mapToLong(f -> f.header().info().runStart()).min().getAsLong();
    String simulation = first.header().simulation();
    String id =
        simulation.substring(simulation.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) + "-merged";
    Files.createDirectories(out);
    List<InjectorRow> rows = new ArrayList<>();
    long lastEnd = Long.MIN_VALUE;
    Path mergedLog;
    List<MergedReconciliation> recs = List.of();
    List<Semantics.Merged> semantics = List.of();
    try (SimulationLogs.Writer w =
        new SimulationLogs.Writer(
            out,
            id,
            first.header(),
            start,
            "merged from " + complete.size() + " of " + count + " injectors")) {
      for (Found f : found) {
        if (f.complete()) {
          SimulationLogs.Counts c = SimulationLogs.stream(f.header(), w::write);
          if (c.truncated()) {
            throw new SimulationLogs.Refused(f.log() + " is truncated after record " + c.records());
          }
          lastEnd = Math.max(lastEnd, c.lastMillis());
          rows.add(rowOf(f, c));
        } else {
          rows.add(died(f));
        }
      }
      mergedLog = w.file();
      recs = connection == null ? List.of() : reconcileAll(connection, complete, found, w, lastEnd);
      semantics = mergeSemantics(complete, w, lastEnd);
    }
    List<Found> dead = found.stream().filter(f -> !f.complete()).toList();
    long deadInTopic = showFound(rows, recs);

    // Gatling's own report and verdicts on the merged log, as `gatling -ro` would make them.
    Path runDir = mergedLog.getParent();
    int gatling =
        io.gatling.app.Gatling$.MODULE$.fromArgs(
            new String[] {"-ro", runDir.getFileName().toString(), "-rf", out.toString()});
    // Gatling's verdicts once more, for the page and the JUnit file (reports-only mode keeps them
    // to itself).
    AssertionsJUnitReport.Verdicts verdicts =
        AssertionsJUnitReport.validate(mergedLog, GatlingConfiguration.load());
    RunResults.MergeInfo info =
        new RunResults.MergeInfo(
            count,
            complete.size(),
            dead.stream().map(Found::index).toList(),
            gatling,
            (System.nanoTime() - t0) / 1e9);
    RunResults results =
        MergedSummary.of(
            complete,
            rows,
            recs,
            semantics.stream().map(Semantics.Merged::sections).toList(),
            info,
            AssertionsJUnitReport.rows(verdicts));
    // kafka-timeline.csv: every injector's own per-second rows, with an injector column.
    Map<Integer, List<InjectorSample>> perSecond = new TreeMap<>();
    complete.forEach(f -> perSecond.put(f.index(), f.perSecond()));
    RunSummary.of(results, Timeline.csvByInjector(perSecond)).write(runDir);
    Path page = KafkaPage.write(runDir, results);
    if (Files.isRegularFile(runDir.resolve("index.html"))) {
      AssertionsJUnitReport.write(mergedLog, verdicts);
    }
    recs.stream().filter(r -> r != null).forEach(r -> System.out.println(r.text()));
    semantics.stream().flatMap(m -> m.lines().stream()).forEach(System.out::println);
    System.out.println("[kafkaload] merged Kafka page: file://" + page.toAbsolutePath());
    int code;
    String verdict;
    if (!dead.isEmpty()) {
      code = INJECTOR_DIED;
      verdict =
          "FAILED: injector(s) "
              + dead.stream().map(f -> String.valueOf(f.index())).toList()
              + " did not finish"
              + (deadInTopic > 0
                  ? "; "
                      + deadInTopic
                      + " of their records are in the topic, "
                      + "acked by no injector's results"
                  : "")
              + "; see the rows above";
    } else if (gatling == 0) {
      code = PASSED;
      verdict = "PASSED: every gate of the merged run passed";
    } else if (gatling == GATE_FAILED) {
      code = GATE_FAILED;
      verdict = "FAILED: a gate of the merged run failed";
    } else {
      code = 1;
      verdict = "FAILED: Gatling's reports-only mode ended with exit code " + gatling;
    }
    for (InjectorRow row : rows) {
      System.out.println("[kafkaload] injector " + row.index() + ": " + row.text());
    }
    System.out.println("[kafkaload] merge verdict: " + verdict + " (exit " + code + ")");
    return new Outcome(code, runDir, rows, verdict);
  }

  /**
   * The merge's reconciliation of one protocol: as printed, as kafka-summary.json holds it, or
   * (result null) why it could not run.
   */
  record MergedReconciliation(String text, ReconciliationResult result, String error) {
    /**
     * The records of the run found in the topic per injector (sequence space); empty without a
     * read-back.
     */
    Map<Integer, Long> foundByInjector() {
      return result == null || result.readBack() == null
          ? Map.of()
          : result.readBack().foundByInjector();
    }
  }

  /**
   * Each injector's row gets the records of the run found in the topic from its sequence space
   * (over every protocol), when a read-back ran; a dead injector's row says so. Returns the dead
   * injectors' total.
   */
  private static long showFound(List<InjectorRow> rows, List<MergedReconciliation> recs) {
    Map<Integer, Long> found = new TreeMap<>();
    boolean readBack = false;
    for (MergedReconciliation r : recs) {
      if (r != null && !r.foundByInjector().isEmpty()) {
        readBack = true;
        r.foundByInjector().forEach((i, n) -> found.merge(i, n, Long::sum));
      }
    }
    if (!readBack) {
      return 0;
    }
    long dead = 0;
    for (int i = 0; i < rows.size(); i++) {
      InjectorRow row = rows.get(i);
      long n = found.getOrDefault(row.index(), 0L);
      boolean died = "died".equals(row.status());
      dead += died ? n : 0;
      rows.set(
          i,
          row.withRecordsInTopic(
              n,
              !died
                  ? ""
                  : String.format(
                      Locale.ROOT,
                      "; the read-back found %d of its "
                          + "records in the topic (counted for it alone, not as delivered: no results acked them)",
                      n)));
    }
    return dead;
  }

  /**
   * Each protocol's semantics merged over the injectors; a verdict a semantic judges over all of
   * them (a share group's reconciliation by identity, for one) becomes a request of the merged log,
   * which the simulation's gates judge.
   */
  private static List<Semantics.Merged> mergeSemantics(
      List<Found> complete, SimulationLogs.Writer w, long at) {
    RunResults first = complete.get(0).summary();
    List<Semantics.Merged> out = new ArrayList<>();
    for (int k = 0; first != null && k < first.protocols().size(); k++) {
      int kk = k;
      out.add(
          Semantics.merge(
              complete.stream()
                  .map(Found::summary)
                  .filter(s -> s != null && s.protocols().size() > kk)
                  .map(s -> s.protocols().get(kk))
                  .toList(),
              (name, koReason) -> w.request(name, at, koReason)));
    }
    return out;
  }

  /**
   * One reconciliation per protocol of the simulation, in the order of the injectors' summaries.
   */
  private static List<MergedReconciliation> reconcileAll(
      Connection connection,
      List<Found> complete,
      List<Found> all,
      SimulationLogs.Writer w,
      long at) {
    RunResults first = complete.get(0).summary();
    List<MergedReconciliation> out = new ArrayList<>();
    for (int k = 0; first != null && k < first.protocols().size(); k++) {
      out.add(reconcile(connection, complete, all, w, at, k));
    }
    return out;
  }

  private static boolean allMarked(Path root, int count) {
    for (int i = 0; i < count; i++) {
      if (!Files.isRegularFile(root.resolve("injector-" + i).resolve(Injector.MARKER))) {
        return false;
      }
    }
    return true;
  }

  private static Found find(int index, Path dir) throws IOException {
    Path markerFile = dir.resolve(Injector.MARKER);
    if (!Files.isRegularFile(markerFile)) {
      Path log = Injector.findLog(dir.resolve("gatling"));
      return new Found(index, dir, null, log, null, List.of(), null);
    }
    JsonNode marker = Injector.JSON.readTree(markerFile.toFile());
    Path log = dir.resolve(marker.path("log").asText());
    if (!Files.isRegularFile(log)) {
      throw new SimulationLogs.Refused(log + " is missing (named by " + markerFile + ")");
    }
    long size = Files.size(log);
    if (size != marker.path("logBytes").asLong()
        || !Injector.sha256(log).equals(marker.path("logSha256").asText())) {
      throw new SimulationLogs.Refused(
          log
              + " is truncated or changed: "
              + size
              + " bytes, but the injector wrote "
              + marker.path("logBytes").asLong()
              + " bytes with another SHA-256 ("
              + markerFile
              + ")");
    }
    Path summaryFile =
        marker.path("kafkaSummary").isTextual()
            ? dir.resolve(marker.path("kafkaSummary").asText())
            : null;
    RunResults summary;
    try {
      summary = summaryFile == null ? null : ResultsJson.read(summaryFile);
    } catch (IOException e) {
      // Another schema version, or a file the records cannot hold: refused, naming the file.
      throw new SimulationLogs.Refused("cannot read " + summaryFile + ": " + e.getMessage());
    }
    // Every second of the injector: its kafka-timeline.csv, else (an older layout) its JSON
    // timeline.
    Path csv = summaryFile == null ? null : summaryFile.resolveSibling("kafka-timeline.csv");
    List<InjectorSample> perSecond =
        csv != null && Files.isRegularFile(csv)
            ? Timeline.readCsv(Files.readString(csv))
            : summary == null ? List.of() : summary.timeline();
    return new Found(index, dir, marker, log, summary, perSecond, SimulationLogs.header(log));
  }

  /**
   * Same Gatling version (checked by the header read), simulation, scenarios, assertions, run id
   * and count.
   */
  private static void checkSame(Found a, Found b, int count) {
    if (!a.header().simulation().equals(b.header().simulation())) {
      throw new SimulationLogs.Refused(
          b.log()
              + " is a run of "
              + b.header().simulation()
              + ", not of "
              + a.header().simulation()
              + " ("
              + a.log()
              + "): different simulations cannot be merged");
    }
    if (!a.header().scenarios().equals(b.header().scenarios())) {
      throw new SimulationLogs.Refused(
          b.log()
              + " has the scenarios "
              + b.header().scenarios()
              + ", "
              + a.log()
              + " has "
              + a.header().scenarios()
              + ": different simulations cannot be merged");
    }
    if (!a.header().assertions().equals(b.header().assertions())) {
      throw new SimulationLogs.Refused(
          b.log()
              + " has other assertions than "
              + a.log()
              + ": the merged verdict would depend on which one is read first");
    }
    if (!a.marker().path("runId").asText().equals(b.marker().path("runId").asText())) {
      throw new SimulationLogs.Refused(
          b.log()
              + " belongs to run "
              + b.marker().path("runId").asText()
              + ", "
              + a.log()
              + " to run "
              + a.marker().path("runId").asText());
    }
    if (b.marker().path("count").asInt() != count) {
      throw new SimulationLogs.Refused(
          b.log()
              + " was injector "
              + b.index()
              + " of "
              + b.marker().path("count").asInt()
              + ", not of "
              + count);
    }
  }

  private static InjectorRow rowOf(Found f, SimulationLogs.Counts c) {
    // How late its simulation started (the log's own start) after the common start time.
    long late = f.header().info().runStart() - f.marker().path("startAtMillis").asLong();
    RunResults r = f.summary();
    ProtocolResults p = r == null || r.protocols().isEmpty() ? null : r.protocols().get(0);
    InjectorResults health = r == null ? null : r.injector();
    boolean saturated = health != null && health.saturated();
    String text =
        String.format(
            Locale.ROOT,
            "complete, %d requests (%d OK, %d KO), started %d ms after the " + "common start%s",
            c.requests(),
            c.ok(),
            c.ko(),
            late,
            saturated ? "; SATURATED: " + health.reasons() : "");
    return new InjectorRow(
        f.index(),
        "complete",
        late,
        c.requests(),
        c.ok(),
        c.ko(),
        f.marker().path("gatlingExitCode").asInt(),
        p == null ? null : p.throughput().ackedOk(),
        p == null ? null : p.throughput().failed(),
        p == null ? null : p.throughput().msgsPerSec(),
        p == null ? null : p.ackLatencyMs(),
        health == null ? null : health.saturated(),
        health == null ? null : health.reasons(),
        health == null ? null : health.maxProcessCpuPct(),
        null,
        text);
  }

  /** What an injector that did not finish had done, as far as its log tells. */
  private static InjectorRow died(Found f) {
    if (f.log() == null) {
      return died(f, null, "DID NOT FINISH and wrote no simulation.log (" + f.dir() + ")");
    }
    try {
      if (Files.size(f.log()) == 0) {
        return died(
            f,
            0L,
            null,
            null,
            "DID NOT FINISH and its log "
                + f.log()
                + " is empty (Gatling writes it in 8 KB blocks: it died "
                + "before the first was full)");
      }
      SimulationLogs.Counts c = SimulationLogs.stream(SimulationLogs.header(f.log()), e -> {});
      return died(
          f,
          c,
          String.format(
              Locale.ROOT,
              "DID NOT FINISH: its log %s holds %d requests (%d OK, %d KO) "
                  + "over %.1f s%s; no Kafka results, so none of its sends is counted as acked",
              f.log(),
              c.requests(),
              c.ok(),
              c.ko(),
              c.requests() == 0 ? 0 : (c.lastMillis() - c.firstMillis()) / 1000.0,
              c.truncated() ? ", cut inside a record" : ""));
    } catch (RuntimeException | IOException e) {
      return died(
          f, null, "DID NOT FINISH; its log " + f.log() + " is unreadable: " + e.getMessage());
    }
  }

  private static InjectorRow died(Found f, SimulationLogs.Counts c, String text) {
    return died(
        f,
        c == null ? null : c.requests(),
        c == null ? null : c.ok(),
        c == null ? null : c.ko(),
        text);
  }

  /** The row of an injector that did not finish: what its log holds (null: not known). */
  private static InjectorRow died(Found f, Long requests, Long ok, Long ko, String text) {
    return new InjectorRow(
        f.index(), "died", null, requests, ok, ko, null, null, null, null, null, null, null, null,
        null, text);
  }

  /**
   * The one reconciliation of the run: every injector's acked counts, KOs and baselines in one
   * ledger, read back once; its verdicts become the merged log's reconcile requests, which the
   * simulation's gates judge.
   */
  private static MergedReconciliation reconcile(
      Connection connection,
      List<Found> complete,
      List<Found> all,
      SimulationLogs.Writer w,
      long at,
      int k) {
    ProtocolResults p0 = complete.get(0).summary().protocols().get(k);
    String runId = p0.config().runId();
    ProtocolResults.ReconcileBounds bounds =
        p0.distributed() == null ? null : p0.distributed().reconcile();
    Map<String, TopicOffsets> baselines = new TreeMap<>();
    for (Found f : complete) {
      ProtocolResults.Distributed d =
          f.summary() == null ? null : f.summary().protocols().get(k).distributed();
      if (d != null) {
        d.baselines()
            .forEach(
                (topic, b) ->
                    baselines.merge(
                        topic,
                        new TopicOffsets(b.topicId(), b.endOffsets(), b.atMillis()),
                        Merge::earlier));
      }
    }
    List<Long> starts =
        all.stream().map(f -> (long) f.index() << InjectorShare.SEQUENCE_BITS).toList();
    List<Long> unreported =
        all.stream()
            .filter(f -> !f.complete())
            .map(f -> (long) f.index() << InjectorShare.SEQUENCE_BITS)
            .toList();
    RunLedger ledger =
        RunLedger.merged(
            runId == null ? null : new RunIdentity(runId), baselines, starts, unreported);
    boolean anySaturated = false;
    List<String> saturation = new ArrayList<>();
    for (Found f : complete) {
      if (f.summary() == null) {
        continue;
      }
      ProtocolResults p = f.summary().protocols().get(k);
      for (ProtocolResults.PartitionShare row : p.partitions()) {
        ledger.delivery().ackedElsewhere(row.topic(), row.partition(), row.records(), row.bytes());
      }
      ledger.delivery().inFlightElsewhere(p.throughput().inFlightAtEnd());
      String ko =
          p.distributed() == null || p.distributed().koSequences() == null
              ? ""
              : p.distributed().koSequences();
      if (!ko.isEmpty()) {
        ledger.delivery().failedElsewhere(Base64.getDecoder().decode(ko));
      }
      if (p.distributed() != null) {
        Semantics.all().forEach(s -> s.intoMergedLedger(p.distributed(), ledger));
      }
      if (f.summary().injector() != null && f.summary().injector().saturated()) {
        anySaturated = true;
        saturation.add("injector " + f.index() + ": " + f.summary().injector().reasons());
      }
    }
    boolean gated = bounds != null;
    boolean readBack = gated && bounds.readBack() && runId != null;
    long timeout = gated ? bounds.timeoutSeconds() : 60;
    String topic = p0.config().topic();
    Reconciled.Result r;
    try {
      r =
          Reconciliation.run(
              Reconciliation.Request.of(connection, ledger, topic)
                  .withReadBack(readBack, Duration.ofSeconds(timeout)));
    } catch (RuntimeException e) {
      String reason = "could not verify the run's records: " + e.getMessage();
      if (gated) {
        w.request(ReconcileSpec.LOST_REQUEST, at, reason);
        w.request(ReconcileSpec.DUPLICATES_REQUEST, at, reason);
      }
      return new MergedReconciliation("[kafkaload] RECONCILIATION FAILED: " + reason, null, reason);
    }
    if (gated) {
      w.request(
          ReconcileSpec.LOST_REQUEST, at, ReconciliationVerdict.lost(r, bounds.maxLost(), timeout));
      w.request(
          ReconcileSpec.DUPLICATES_REQUEST,
          at,
          ReconciliationVerdict.duplicates(r, bounds.maxDuplicatePct()));
      if (bounds.failOnSaturatedInjector()) {
        w.request(
            ReconcileSpec.INJECTOR_REQUEST,
            at,
            anySaturated ? "saturated: " + String.join("; ", saturation) : null);
      }
    }
    return new MergedReconciliation(
        ReconciliationPrinter.format(r)
            + (gated ? "" : "  (no reconcile() step: offsets only, not gated)"),
        r.toResult(gated),
        null);
  }

  /**
   * The baseline of a topic over all injectors: each took its own before its first record, so per
   * partition the lowest offset is before every injector's records (the topic as the earliest
   * snapshot saw it, if it changed).
   */
  private static TopicOffsets earlier(TopicOffsets a, TopicOffsets b) {
    if (!a.topicId().equals(b.topicId())) {
      return a.atMillis() <= b.atMillis() ? a : b;
    }
    Map<Integer, Long> ends = new TreeMap<>(a.endOffsets());
    b.endOffsets().forEach((p, o) -> ends.merge(p, o, Math::min));
    return new TopicOffsets(a.topicId(), ends, Math.min(a.atMillis(), b.atMillis()));
  }
}
