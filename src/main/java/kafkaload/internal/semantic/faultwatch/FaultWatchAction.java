package kafkaload.internal.semantic.faultwatch;

import io.gatling.core.action.Action;
import io.gatling.core.action.builder.ActionBuilder;
import io.gatling.core.session.Session;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.run.RunLedger;

/**
 * The first step of a fault plan's population, just before the faults' own action: it marks the
 * load's start (the faults' time base), taps the ledger for every ack and KO, and starts the
 * metadata watcher, whose end prints each fault's block. Records no request; passes on at once.
 */
final class FaultWatchAction extends KafkaAction {
  private FaultWatchAction(KafkaComponents components, Action next) {
    super("fault watch", components, next);
  }

  /** The step as Gatling builds it, on the protocol's components. */
  static ActionBuilder builder() {
    return Actions.scala((c, ctx, next) -> new FaultWatchAction(c.start(), next));
  }

  @Override
  public void execute(Session session) {
    RunLedger ledger = components.ledger();
    FaultWatchCounters counters =
        ledger.semantic(FaultWatchCounters.class, FaultWatchCounters::new);
    if (!counters.isStarted()) {
      counters.started(components.clock().nowMillis(), components.health());
      ledger.tap(counters);
      // Over many topics the default topic is their prefix, not a topic: the acked ones are
      // watched.
      String topic = components.protocol().topics().many() ? null : components.protocol().topic();
      components.resource(
          MetadataWatcher.class, () -> new MetadataWatcher(components, counters, topic).start());
    }
    next.$bang(session);
  }
}
