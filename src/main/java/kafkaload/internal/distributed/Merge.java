package kafkaload.internal.distributed;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.core.config.GatlingConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import kafkaload.internal.action.ReconcileSpec;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.report.AssertionsJUnitReport;
import kafkaload.internal.report.KafkaPage;
import kafkaload.internal.report.ReconciliationPrinter;
import kafkaload.internal.report.RunSummary;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TopicOffsets;
import kafkaload.internal.verification.Reconciliation;
import kafkaload.internal.verification.ReconciliationVerdict;

/**
 * Turns the results of N injectors into one run: one simulation.log on one time base (streamed, record by record),
 * Gatling's own report and assertion verdicts on it (reports-only mode), one reconciliation of every injector's
 * records against the cluster, and one Kafka page and summary with a row per injector.
 *
 * <p>Exit codes: 0 every gate passed; 2 a gate failed (Gatling's own code); 3 an injector did not finish; 4 input
 * refused (another Gatling version, other simulations or assertions, a truncated log); 1 anything else.
 */
public final class Merge {
  public static final int PASSED = 0;
  public static final int GATE_FAILED = 2;
  public static final int INJECTOR_DIED = 3;
  public static final int REFUSED = 4;

  private Merge() {}

  /** One injector's folder as the merge found it. */
  record Found(int index, Path dir, JsonNode marker, Path log, JsonNode summary, SimulationLogs.Header header) {
    boolean complete() {
      return marker != null;
    }
  }

  /** What the merge did: its exit code, the merged run's folder, and each injector's row. */
  public record Outcome(int exitCode, Path runDir, List<Map<String, Object>> injectors, String verdict) {}

  /**
   * Merges {@code root/injector-0 .. injector-(count-1)} into {@code out}; {@code count} 0: as many as there are
   * folders. {@code connection} null: no reconciliation (the injectors' own offsets are not comparable alone).
   */
  public static Outcome run(Path root, int count, Path out, Connection connection) throws Exception {
    return run(root, count, out, connection, 0);
  }

  /**
   * As above, first waiting up to {@code waitSeconds} for every injector's {@code injector.json} (a merge Job
   * started beside the injectors); those still missing then are reported as not finished.
   */
  public static Outcome run(Path root, int count, Path out, Connection connection, int waitSeconds)
      throws Exception {
    long deadline = System.nanoTime() + waitSeconds * 1_000_000_000L;
    while (waitSeconds > 0 && count > 0 && System.nanoTime() < deadline && !allMarked(root, count)) {
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
      throw new SimulationLogs.Refused("no injector of " + root + " finished (none wrote " + Injector.MARKER + ")");
    }
    Found first = complete.get(0);
    for (Found f : complete) {
      checkSame(first, f, count);
    }

    // One log on one time base: the earliest injector's start; every record keeps its absolute time.
    long start = complete.stream().mapToLong(f -> f.header().info().runStart()).min().getAsLong();
    String simulation = first.header().simulation();
    String id = simulation.substring(simulation.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) + "-merged";
    Files.createDirectories(out);
    List<Map<String, Object>> rows = new ArrayList<>();
    long lastEnd = Long.MIN_VALUE;
    Path mergedLog;
    List<MergedReconciliation> recs = List.of();
    try (SimulationLogs.Writer w = new SimulationLogs.Writer(out, id, first.header(), start,
        "merged from " + complete.size() + " of " + count + " injectors")) {
      for (Found f : found) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("index", f.index());
        if (f.complete()) {
          SimulationLogs.Counts c = SimulationLogs.stream(f.header(), w::write);
          if (c.truncated()) {
            throw new SimulationLogs.Refused(f.log() + " is truncated after record " + c.records());
          }
          lastEnd = Math.max(lastEnd, c.lastMillis());
          row.putAll(rowOf(f, c));
        } else {
          row.putAll(died(f));
        }
        rows.add(row);
      }
      mergedLog = w.file();
      recs = connection == null ? List.of() : reconcileAll(connection, complete, found, w, lastEnd);
    }
    List<Found> dead = found.stream().filter(f -> !f.complete()).toList();
    long deadInTopic = showFound(rows, recs);

    // Gatling's own report and verdicts on the merged log, as `gatling -ro` would make them.
    Path runDir = mergedLog.getParent();
    int gatling = io.gatling.app.Gatling$.MODULE$.fromArgs(new String[] {"-ro", runDir.getFileName().toString(),
        "-rf", out.toString()});
    Map<String, Object> summary = MergedSummary.of(complete, rows,
        recs.stream().map(r -> r == null ? null : r.json()).toList());
    summary.put("merge", Map.of("injectors", count, "complete", complete.size(), "died",
        dead.stream().map(Found::index).toList(), "gatlingExitCode", gatling,
        "mergeSeconds", (System.nanoTime() - t0) / 1e9));
    // Gatling's verdicts once more, for the page and the JUnit file (reports-only mode keeps them to itself).
    AssertionsJUnitReport.Verdicts verdicts = AssertionsJUnitReport.validate(mergedLog, GatlingConfiguration.load());
    summary.put("gates", AssertionsJUnitReport.rows(verdicts));
    RunSummary s = RunSummary.of(summary);
    s.write(runDir);
    Path page = KafkaPage.write(runDir, s);
    if (Files.isRegularFile(runDir.resolve("index.html"))) {
      AssertionsJUnitReport.write(mergedLog, verdicts);
    }
    recs.stream().filter(r -> r != null).forEach(r -> System.out.println(r.text()));
    System.out.println("[kafkaload] merged Kafka page: file://" + page.toAbsolutePath());
    int code;
    String verdict;
    if (!dead.isEmpty()) {
      code = INJECTOR_DIED;
      verdict = "FAILED: injector(s) " + dead.stream().map(f -> String.valueOf(f.index())).toList()
          + " did not finish" + (deadInTopic > 0 ? "; " + deadInTopic + " of their records are in the topic, "
              + "acked by no injector's results" : "") + "; see the rows above";
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
    for (Map<String, Object> row : rows) {
      System.out.println("[kafkaload] injector " + row.get("index") + ": " + row.get("text"));
    }
    System.out.println("[kafkaload] merge verdict: " + verdict + " (exit " + code + ")");
    return new Outcome(code, runDir, rows, verdict);
  }

  /**
   * The merge's reconciliation of one protocol: as printed, as kafka-summary.json holds it, and the records of the
   * run found in the topic per injector (empty without a read-back).
   */
  record MergedReconciliation(String text, Map<String, Object> json, Map<Integer, Long> foundByInjector) {}

  /**
   * Each injector's row gets the records of the run found in the topic from its sequence space (over every
   * protocol), when a read-back ran; a dead injector's row says so. Returns the dead injectors' total.
   */
  private static long showFound(List<Map<String, Object>> rows, List<MergedReconciliation> recs) {
    Map<Integer, Long> found = new TreeMap<>();
    boolean readBack = false;
    for (MergedReconciliation r : recs) {
      if (r != null && !r.foundByInjector().isEmpty()) {
        readBack = true;
        r.foundByInjector().forEach((i, n) -> found.merge(i, n, Long::sum));
      }
    }
    long dead = 0;
    if (!readBack) {
      return 0;
    }
    for (Map<String, Object> row : rows) {
      int index = (Integer) row.get("index");
      long n = found.getOrDefault(index, 0L);
      row.put("recordsInTopic", n);
      if ("died".equals(row.get("status"))) {
        dead += n;
        row.put("text", row.get("text") + String.format(Locale.ROOT, "; the read-back found %d of its records in "
            + "the topic (counted for it alone, not as delivered: no results acked them)", n));
      }
    }
    return dead;
  }

  /** One reconciliation per protocol of the simulation, in the order of the injectors' summaries. */
  private static List<MergedReconciliation> reconcileAll(Connection connection, List<Found> complete,
      List<Found> all, SimulationLogs.Writer w, long at) {
    JsonNode first = complete.get(0).summary();
    List<MergedReconciliation> out = new ArrayList<>();
    for (int k = 0; first != null && k < first.path("protocols").size(); k++) {
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
      return new Found(index, dir, null, log, null, null);
    }
    JsonNode marker = Injector.JSON.readTree(markerFile.toFile());
    Path log = dir.resolve(marker.path("log").asText());
    if (!Files.isRegularFile(log)) {
      throw new SimulationLogs.Refused(log + " is missing (named by " + markerFile + ")");
    }
    long size = Files.size(log);
    if (size != marker.path("logBytes").asLong() || !Injector.sha256(log).equals(marker.path("logSha256").asText())) {
      throw new SimulationLogs.Refused(log + " is truncated or changed: " + size + " bytes, but the injector wrote "
          + marker.path("logBytes").asLong() + " bytes with another SHA-256 (" + markerFile + ")");
    }
    JsonNode summary = marker.path("kafkaSummary").isTextual()
        ? Injector.JSON.readTree(dir.resolve(marker.path("kafkaSummary").asText()).toFile()) : null;
    return new Found(index, dir, marker, log, summary, SimulationLogs.header(log));
  }

  /** Same Gatling version (checked by the header read), simulation, scenarios, assertions, run id and count. */
  private static void checkSame(Found a, Found b, int count) {
    if (!a.header().simulation().equals(b.header().simulation())) {
      throw new SimulationLogs.Refused(b.log() + " is a run of " + b.header().simulation() + ", not of "
          + a.header().simulation() + " (" + a.log() + "): different simulations cannot be merged");
    }
    if (!a.header().scenarios().equals(b.header().scenarios())) {
      throw new SimulationLogs.Refused(b.log() + " has the scenarios " + b.header().scenarios() + ", "
          + a.log() + " has " + a.header().scenarios() + ": different simulations cannot be merged");
    }
    if (!a.header().assertions().equals(b.header().assertions())) {
      throw new SimulationLogs.Refused(b.log() + " has other assertions than " + a.log()
          + ": the merged verdict would depend on which one is read first");
    }
    if (!a.marker().path("runId").asText().equals(b.marker().path("runId").asText())) {
      throw new SimulationLogs.Refused(b.log() + " belongs to run " + b.marker().path("runId").asText() + ", "
          + a.log() + " to run " + a.marker().path("runId").asText());
    }
    if (b.marker().path("count").asInt() != count) {
      throw new SimulationLogs.Refused(b.log() + " was injector " + b.index() + " of "
          + b.marker().path("count").asInt() + ", not of " + count);
    }
  }

  private static Map<String, Object> rowOf(Found f, SimulationLogs.Counts c) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("status", "complete");
    // How late its simulation started (the log's own start) after the common start time.
    long late = f.header().info().runStart() - f.marker().path("startAtMillis").asLong();
    row.put("lateMs", late);
    row.put("requests", c.requests());
    row.put("ok", c.ok());
    row.put("ko", c.ko());
    row.put("gatlingExitCode", f.marker().path("gatlingExitCode").asInt());
    JsonNode p = f.summary() == null ? null : f.summary().path("protocols").path(0);
    if (p != null) {
      row.put("ackedOk", p.path("throughput").path("ackedOk").asLong());
      row.put("failed", p.path("throughput").path("failed").asLong());
      row.put("msgsPerSec", p.path("throughput").path("msgsPerSec").isNumber()
          ? p.path("throughput").path("msgsPerSec").asDouble() : null);
      row.put("ackLatencyMs", Injector.JSON.convertValue(p.path("ackLatencyMs"), Map.class));
    }
    JsonNode health = f.summary() == null ? null : f.summary().path("injector");
    if (health != null) {
      row.put("saturated", health.path("saturated").asBoolean());
      row.put("reasons", Injector.JSON.convertValue(health.path("reasons"), List.class));
      row.put("maxProcessCpuPct", health.path("maxProcessCpuPct").asDouble());
    }
    row.put("text", String.format(Locale.ROOT, "complete, %d requests (%d OK, %d KO), started %d ms after the "
        + "common start%s", c.requests(), c.ok(), c.ko(), late,
        Boolean.TRUE.equals(row.get("saturated")) ? "; SATURATED: " + row.get("reasons") : ""));
    return row;
  }

  /** What an injector that did not finish had done, as far as its log tells. */
  private static Map<String, Object> died(Found f) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("status", "died");
    if (f.log() == null) {
      row.put("text", "DID NOT FINISH and wrote no simulation.log (" + f.dir() + ")");
      return row;
    }
    try {
      if (Files.size(f.log()) == 0) {
        row.put("requests", 0L);
        row.put("text", "DID NOT FINISH and its log " + f.log() + " is empty (Gatling writes it in 8 KB blocks: "
            + "it died before the first was full)");
        return row;
      }
      SimulationLogs.Counts c = SimulationLogs.stream(SimulationLogs.header(f.log()), e -> { });
      row.put("requests", c.requests());
      row.put("ok", c.ok());
      row.put("ko", c.ko());
      row.put("text", String.format(Locale.ROOT, "DID NOT FINISH: its log %s holds %d requests (%d OK, %d KO) over "
          + "%.1f s%s; no Kafka results, so none of its sends is counted as acked", f.log(), c.requests(), c.ok(),
          c.ko(), c.requests() == 0 ? 0 : (c.lastMillis() - c.firstMillis()) / 1000.0,
          c.truncated() ? ", cut inside a record" : ""));
    } catch (RuntimeException | IOException e) {
      row.put("text", "DID NOT FINISH; its log " + f.log() + " is unreadable: " + e.getMessage());
    }
    return row;
  }

  /**
   * The one reconciliation of the run: every injector's acked counts, KOs and baselines in one ledger, read back
   * once; its verdicts become the merged log's reconcile requests, which the simulation's gates judge.
   */
  private static MergedReconciliation reconcile(Connection connection, List<Found> complete, List<Found> all,
      SimulationLogs.Writer w, long at, int k) {
    JsonNode p0 = complete.get(0).summary().path("protocols").path(k);
    String runId = p0.path("config").path("runId").isTextual() ? p0.path("config").path("runId").asText() : null;
    JsonNode bounds = p0.path("distributed").path("reconcile");
    Map<String, TopicOffsets> baselines = new TreeMap<>();
    for (Found f : complete) {
      JsonNode d = f.summary().path("protocols").path(k).path("distributed").path("baselines");
      d.fields().forEachRemaining(e -> baselines.merge(e.getKey(), offsets(e.getValue()), Merge::earlier));
    }
    List<Long> starts = all.stream().map(f -> (long) f.index() << kafkaload.internal.config.InjectorShare.SEQUENCE_BITS)
        .toList();
    List<Long> unreported = all.stream().filter(f -> !f.complete())
        .map(f -> (long) f.index() << kafkaload.internal.config.InjectorShare.SEQUENCE_BITS).toList();
    RunLedger ledger = RunLedger.merged(runId == null ? null : new RunIdentity(runId), baselines, starts, unreported);
    boolean anySaturated = false;
    List<String> saturation = new ArrayList<>();
    for (Found f : complete) {
      JsonNode p = f.summary().path("protocols").path(k);
      for (JsonNode row : p.path("partitions")) {
        ledger.delivery().ackedElsewhere(row.path("topic").asText(), row.path("partition").asInt(),
            row.path("records").asLong(), row.path("bytes").asLong());
      }
      ledger.delivery().inFlightElsewhere(p.path("throughput").path("inFlightAtEnd").asLong());
      String ko = p.path("distributed").path("koSequences").asText("");
      if (!ko.isEmpty()) {
        ledger.delivery().failedElsewhere(java.util.Base64.getDecoder().decode(ko));
      }
      if (f.summary().path("injector").path("saturated").asBoolean()) {
        anySaturated = true;
        saturation.add("injector " + f.index() + ": " + f.summary().path("injector").path("reasons"));
      }
    }
    boolean gated = bounds.isObject();
    boolean readBack = gated && bounds.path("readBack").asBoolean() && runId != null;
    long timeout = gated ? bounds.path("timeoutSeconds").asLong(60) : 60;
    String topic = p0.path("config").path("topic").isTextual() ? p0.path("config").path("topic").asText() : null;
    Reconciled.Result r;
    try {
      r = Reconciliation.run(connection, ledger, List.of(), topic, readBack, Duration.ofSeconds(timeout));
    } catch (RuntimeException e) {
      String reason = "could not verify the run's records: " + e.getMessage();
      if (gated) {
        w.request(ReconcileSpec.LOST_REQUEST, at, reason);
        w.request(ReconcileSpec.DUPLICATES_REQUEST, at, reason);
      }
      return new MergedReconciliation("[kafkaload] RECONCILIATION FAILED: " + reason, Map.of("error", reason),
          Map.of());
    }
    if (gated) {
      w.request(ReconcileSpec.LOST_REQUEST, at, ReconciliationVerdict.lost(r, bounds.path("maxLost").asLong(), timeout));
      w.request(ReconcileSpec.DUPLICATES_REQUEST, at,
          ReconciliationVerdict.duplicates(r, bounds.path("maxDuplicatePct").asDouble()));
      if (bounds.path("failOnSaturatedInjector").asBoolean()) {
        w.request(ReconcileSpec.INJECTOR_REQUEST, at, anySaturated ? "saturated: " + String.join("; ", saturation) : null);
      }
    }
    return new MergedReconciliation(ReconciliationPrinter.format(r)
        + (gated ? "" : "  (no reconcile() step: offsets only, not gated)"), RunSummary.reconciliation(r, gated),
        r.readBack() == null ? Map.of() : r.readBack().foundByInjector());
  }

  private static TopicOffsets offsets(JsonNode n) {
    Map<Integer, Long> ends = new TreeMap<>();
    n.path("endOffsets").fields().forEachRemaining(e -> ends.put(Integer.parseInt(e.getKey()), e.getValue().asLong()));
    return new TopicOffsets(n.path("topicId").asText(), ends, n.path("atMillis").asLong());
  }

  /**
   * The baseline of a topic over all injectors: each took its own before its first record, so per partition the
   * lowest offset is before every injector's records (the topic as the earliest snapshot saw it, if it changed).
   */
  private static TopicOffsets earlier(TopicOffsets a, TopicOffsets b) {
    if (!a.topicId().equals(b.topicId())) {
      return a.atMillis() <= b.atMillis() ? a : b;
    }
    Map<Integer, Long> ends = new TreeMap<>(a.endOffsets());
    b.endOffsets().forEach((p, o) -> ends.merge(p, o, Math::min));
    return new TopicOffsets(a.topicId(), ends, Math.min(a.atMillis(), b.atMillis()));
  }

  static Map<String, Object> tree(JsonNode n) {
    return Injector.JSON.convertValue(n, new TypeReference<Map<String, Object>>() { });
  }
}
