package kafkaload.internal.semantic.omb;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.run.RunLedger;

/** Taps the ledger with OMB's windows, once per protocol; records no request, passes on. */
final class OmbResultAction extends KafkaAction {
  private final OmbResultSpec spec;

  OmbResultAction(OmbResultSpec spec, KafkaComponents components, Action next) {
    super("omb result", components, next);
    this.spec = spec;
  }

  @Override
  public void execute(Session session) {
    RunLedger ledger = components.ledger();
    long start = System.currentTimeMillis() + spec.measuredAfter().toMillis();
    boolean[] made = {false};
    OmbWindows windows =
        ledger.semantic(
            OmbWindows.class,
            () -> {
              made[0] = true;
              return new OmbWindows(spec, start);
            });
    if (made[0]) {
      ledger.tap(windows);
    }
    next.$bang(session);
  }
}
