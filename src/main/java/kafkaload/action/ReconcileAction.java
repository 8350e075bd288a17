package kafkaload.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.List;
import kafkaload.protocol.KafkaComponents;
import kafkaload.report.ReconciliationPrinter;
import kafkaload.run.Reconciled;
import kafkaload.verification.Reconciliation;

/**
 * Runs the reconciliation off the event loop once the load is over, prints it, and records its verdicts as
 * Gatling requests ("kafka reconcile: lost", "kafka reconcile: duplicates") so that the gates, the HTML report
 * and the JUnit file carry them like any latency verdict.
 */
final class ReconcileAction extends KafkaAction {

  private final ReconcileSpec spec;

  ReconcileAction(KafkaComponents components, Action next, ReconcileSpec spec) {
    super("kafka reconcile", components, next);
    this.spec = spec;
  }

  @Override
  public void execute(Session session) {
    components.health().loadEnded(); // the verification starts: the injector's load window ends here
    Thread t = new Thread(() -> reconcile(session), "kafkaload-reconcile");
    t.setDaemon(true);
    t.start();
  }

  private void reconcile(Session session) {
    Reconciled.Result r;
    try {
      r = Reconciliation.run(components.connection(), components.ledger(), components.producers().all(),
          components.protocol().topic(), spec.readBack(), spec.timeout());
    } catch (RuntimeException | Error e) {
      // Nothing could be verified (the cluster may be gone, the heap too small): say so by name, fail the verdicts.
      String reason = "could not verify the run's records: " + reason(e);
      components.ledger().reconciliationError(reason);
      System.out.println("[kafkaload] RECONCILIATION FAILED: " + reason);
      logVerdict(session, ReconcileSpec.LOST_REQUEST, reason);
      logVerdict(session, ReconcileSpec.DUPLICATES_REQUEST, reason);
      next.$bang(session.markAsFailed());
      return;
    }
    components.ledger().reconciliation(r, true);
    System.out.println(ReconciliationPrinter.format(r));
    String lost = r.lost() > spec.maxLost()
        ? r.lost() + " acked records missing from " + lostWhere(r) + " (gate.maxLost=" + spec.maxLost() + ")"
        : r.readBack() != null && !r.readBack().complete()
            ? "read-back did not finish within " + spec.timeout().toSeconds() + " s: lost records cannot be ruled out"
            : null;
    String dup = r.duplicatePct() > spec.maxDuplicatePct()
        ? String.format("%d duplicate records, %.3f%% of acked (gate.maxDuplicatePct=%s)", r.duplicates(),
            r.duplicatePct(), spec.maxDuplicatePct())
        : null;
    logVerdict(session, ReconcileSpec.LOST_REQUEST, lost);
    logVerdict(session, ReconcileSpec.DUPLICATES_REQUEST, dup);
    String saturated = null;
    if (spec.failOnSaturatedInjector()) {
      var verdict = components.health().verdict();
      saturated = verdict.saturated()
          ? "the injector was saturated: " + String.join("; ", verdict.reasons())
          : null;
      logVerdict(session, ReconcileSpec.INJECTOR_REQUEST, saturated);
    }
    next.$bang(lost == null && dup == null && saturated == null ? session : session.markAsFailed());
  }

  /** "topic orders", or "topics orders (3), audit (1)": where the lost records were. */
  private static String lostWhere(Reconciled.Result r) {
    List<Reconciled.TopicResult> lossy = r.topics().stream().filter(t -> t.lost() > 0).toList();
    return lossy.size() == 1 ? "topic " + lossy.get(0).topic() + changed(lossy.get(0))
        : "topics " + String.join(", ", lossy.stream().map(t -> t.topic() + changed(t) + " (" + t.lost() + ")").toList());
  }

  private static String changed(Reconciled.TopicResult t) {
    return t.change() == null ? "" : " (" + t.change().change() + " during the run)";
  }
}
