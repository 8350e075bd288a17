package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.report.ReconciliationPrinter;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.run.Reconciled;
import kafkaload.internal.verification.ExactlyOnceCheck;
import kafkaload.internal.verification.Reconciliation;
import kafkaload.internal.verification.ReconciliationVerdict;

/**
 * Runs the reconciliation off the event loop once the load is over, prints it, and records its
 * verdicts as Gatling requests ("kafka reconcile: lost", "kafka reconcile: duplicates") so that the
 * gates, the HTML report and the JUnit file carry them like any latency verdict.
 */
final class ReconcileAction extends KafkaAction {

  private final ReconcileSpec spec;

  /**
   * The pipeline output whose exactly-once is judged, with its offsets before the load; or null.
   */
  private final ExactlyOnceCheck.Output output;

  ReconcileAction(
      KafkaComponents components, Action next, ReconcileSpec spec, ExactlyOnceCheck.Output output) {
    super("kafka reconcile", components, next);
    this.spec = spec;
    this.output = output;
  }

  @Override
  public void execute(Session session) {
    // The verification starts: the injector's load window ends here.
    components.health().loadEnded();
    if (components.ledger().injector().distributed()) {
      // One injector sees only its own acks: the merge reconciles every injector's records once all
      // have ended.
      components
          .ledger()
          .deferReconciliation(
              new ProtocolResults.ReconcileBounds(
                  spec.maxLost(),
                  spec.maxDuplicatePct(),
                  spec.readBack(),
                  spec.timeout().toSeconds(),
                  spec.failOnSaturatedInjector()));
      Console.out(
          "[kafkaload] injector %s: the reconciliation is left to the merge of all injectors"
              .formatted(components.ledger().injector().index()));
      next.$bang(session);
      return;
    }
    Daemons.start("kafkaload-reconcile", () -> reconcile(session));
  }

  private void reconcile(Session session) {
    Reconciled.Result r;
    try {
      r =
          Reconciliation.run(
              Reconciliation.Request.of(
                      components.connection(), components.ledger(), components.protocol().topic())
                  .withProducers(components.producers().all())
                  .withReadBack(spec.readBack(), spec.timeout())
                  .withOutput(output));
    } catch (RuntimeException | Error e) {
      // Nothing could be verified (the cluster may be gone, the heap too small): say so by name,
      // fail the verdicts.
      String reason = "could not verify the run's records: " + reason(e);
      components.ledger().reconciliationError(reason);
      Console.out("[kafkaload] RECONCILIATION FAILED: " + reason);
      logVerdict(session, ReconcileSpec.LOST_REQUEST, reason);
      logVerdict(session, ReconcileSpec.DUPLICATES_REQUEST, reason);
      if (output != null) {
        logVerdict(session, ReconcileSpec.EXACTLY_ONCE_REQUEST, reason);
      }
      next.$bang(session.markAsFailed());
      return;
    }
    components.ledger().reconciliation(r, true);
    Console.out(ReconciliationPrinter.format(r));
    String lost = ReconciliationVerdict.lost(r, spec.maxLost(), spec.timeout().toSeconds());
    String dup = ReconciliationVerdict.duplicates(r, spec.maxDuplicatePct());
    logVerdict(session, ReconcileSpec.LOST_REQUEST, lost);
    logVerdict(session, ReconcileSpec.DUPLICATES_REQUEST, dup);
    String exactlyOnce = null;
    if (output != null) {
      exactlyOnce = r.exactlyOnce().failure();
      logVerdict(session, ReconcileSpec.EXACTLY_ONCE_REQUEST, exactlyOnce);
    }
    String saturated = null;
    if (spec.failOnSaturatedInjector()) {
      var verdict = components.health().verdict();
      saturated =
          verdict.saturated()
              ? "the injector was saturated: " + String.join("; ", verdict.reasons())
              : null;
      logVerdict(session, ReconcileSpec.INJECTOR_REQUEST, saturated);
    }
    next.$bang(
        lost == null && dup == null && exactlyOnce == null && saturated == null
            ? session
            : session.markAsFailed());
  }
}
