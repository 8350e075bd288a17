package kafkaload.internal.distributed;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import kafkaload.internal.action.ReconcileSpec;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.report.ReconciliationPrinter;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ReconciliationResult;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.run.TopicOffsets;
import kafkaload.internal.semantics.Semantics;
import kafkaload.internal.verification.Reconciliation;
import kafkaload.internal.verification.ReconciliationVerdict;

/**
 * One protocol's merged reconciliation: as printed, as saved, or (result null) why not run; {@code
 * reconciled} as the semantics' merge reads it (null when not run).
 */
record MergedReconciliation(
    String text, ReconciliationResult result, String error, Reconciled.Result reconciled) {
  /** Records of the run found per injector (sequence space); empty without a read-back. */
  Map<Integer, Long> foundByInjector() {
    return result == null || result.readBack() == null
        ? Map.of()
        : result.readBack().found().foundByInjector();
  }

  /**
   * Protocol {@code k}'s one reconciliation: every injector's counts, KOs and baselines in one
   * ledger; {@code all} holds dead injectors, counted for them.
   */
  static MergedReconciliation reconcile(
      Connection connection,
      List<InjectorFolder> complete,
      List<InjectorFolder> all,
      SimulationLogs.Writer w,
      long at,
      int k) {
    ProtocolResults p0 = complete.get(0).summary().protocols().get(k);
    String runId = p0.config().runId();
    ProtocolResults.ReconcileBounds bounds =
        p0.distributed() == null ? null : p0.distributed().reconcile();
    Map<String, TopicOffsets> baselines = new TreeMap<>();
    for (InjectorFolder f : complete) {
      ProtocolResults.Distributed d =
          f.summary() == null ? null : f.summary().protocols().get(k).distributed();
      if (d != null) {
        d.baselines()
            .forEach(
                (topic, b) ->
                    baselines.merge(
                        topic,
                        new TopicOffsets(b.topicId(), b.endOffsets(), b.atMillis()),
                        MergedReconciliation::earlier));
      }
    }
    Function<InjectorFolder, Long> start = f -> (long) f.index() << InjectorShare.SEQUENCE_BITS;
    List<Long> starts = all.stream().map(start).toList();
    List<Long> unreported = all.stream().filter(f -> !f.complete()).map(start).toList();
    RunLedger ledger =
        RunLedger.merged(
            runId == null ? null : new RunIdentity(runId), baselines, starts, unreported);
    List<String> saturation = new ArrayList<>();
    for (InjectorFolder f : complete) {
      if (f.summary() == null) {
        continue;
      }
      ProtocolResults p = f.summary().protocols().get(k);
      for (ProtocolResults.PartitionShare row : p.sends().partitions()) {
        ledger.delivery().ackedElsewhere(row.topic(), row.partition(), row.records(), row.bytes());
      }
      ledger.delivery().inFlightElsewhere(p.sends().throughput().inFlightAtEnd());
      ProtocolResults.Distributed d = p.distributed();
      if (d != null && d.koSequences() != null && !d.koSequences().isEmpty()) {
        ledger.delivery().failedElsewhere(Base64.getDecoder().decode(d.koSequences()));
      }
      if (d != null) {
        Semantics.all().forEach(s -> s.intoMergedLedger(d, ledger));
      }
      if (f.summary().injector() != null && f.summary().injector().saturated()) {
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
      return new MergedReconciliation(
          "[kafkaload] RECONCILIATION FAILED: " + reason, null, reason, null);
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
            !saturation.isEmpty() ? "saturated: " + String.join("; ", saturation) : null);
      }
    }
    return new MergedReconciliation(
        ReconciliationPrinter.format(r)
            + (gated ? "" : "  (no reconcile() step: offsets only, not gated)"),
        r.toResult(gated),
        null,
        r);
  }

  /** A topic's baseline over all injectors: per partition the lowest offset. */
  private static TopicOffsets earlier(TopicOffsets a, TopicOffsets b) {
    if (!a.topicId().equals(b.topicId())) {
      return a.atMillis() <= b.atMillis() ? a : b;
    }
    Map<Integer, Long> ends = new TreeMap<>(a.endOffsets());
    b.endOffsets().forEach((p, o) -> ends.merge(p, o, Math::min));
    return new TopicOffsets(a.topicId(), ends, Math.min(a.atMillis(), b.atMillis()));
  }
}
