package kafkaload.internal.semantic.throughput;

import io.gatling.core.action.Action;
import io.gatling.core.action.builder.ActionBuilder;
import io.gatling.core.session.Session;
import java.util.List;
import java.util.Map;
import kafkaload.internal.action.Actions;
import kafkaload.internal.action.KafkaAction;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.config.Console;
import kafkaload.internal.history.RunFigures;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.results.Throughput;
import kafkaload.internal.run.RunLedger;

/**
 * The throughput gate after the load: each judged request's acked records over its own window, from
 * its first ack to its last, against the bound, recorded as a Gatling request ("kafka throughput:
 * send &gt;= 5000 msg/s (first ack to last ack)"), KO with the rate, the window and the bound, so
 * {@code Gates.on(..)} fails the build on it. Gatling's own rate of a request runs over the whole
 * run (warm-up, idle time and verification too), which is not the rate the Kafka page shows. An
 * injector of a distributed run leaves the verdict to the merge, which judges the rate over every
 * injector's acks.
 */
public final class ThroughputVerdictAction extends KafkaAction {
  private final ThroughputGateSpec spec;

  ThroughputVerdictAction(KafkaComponents components, Action next, ThroughputGateSpec spec) {
    super("kafka throughput verdict", components, next);
    this.spec = spec;
  }

  /** The verdict step as Gatling builds it. */
  public static ActionBuilder of(ThroughputGateSpec spec) {
    return Actions.scala((c, ctx, next) -> new ThroughputVerdictAction(c.start(), next, spec));
  }

  /** The run's throughput gates, made on first use. */
  static ThroughputGates gates(RunLedger ledger) {
    return ledger.semantic(ThroughputGates.class, ThroughputGates::new);
  }

  @Override
  public void execute(Session session) {
    components.health().loadEnded(); // the verification starts: the load window ends here
    Daemons.start("kafkaload-throughput-verdict", () -> judge(session));
  }

  private void judge(Session session) {
    flush(); // records still in flight count in the window they are acked in
    RunLedger ledger = components.ledger();
    Map<String, Throughput.RequestThroughput> byRequest = ledger.delivery().throughputByRequest();
    List<String> names =
        spec.requests().isEmpty()
            ? byRequest.keySet().stream().filter(n -> !n.startsWith(RunFigures.WARM_UP)).toList()
            : spec.requests();
    if (names.isEmpty()) {
      Console.out(
          "[kafkaload] throughput gate: no measured request sent records, so no rate to judge"
              + " (its gate fails unresolved)");
    }
    boolean distributed = ledger.injector().distributed();
    boolean failed = false;
    for (String name : names) {
      if (distributed) {
        gates(ledger)
            .add(ThroughputVerdict.deferred(name, spec.minMsgsPerSec(), byRequest.get(name)));
        Console.out(
            "[kafkaload] injector %s: the throughput gate on %s is left to the merge of all injectors"
                .formatted(ledger.injector().index(), name));
        continue;
      }
      ThroughputGate g =
          ThroughputVerdict.judge(
              name, spec.minMsgsPerSec(), byRequest.get(name), ThroughputVerdict.WINDOW);
      gates(ledger).add(g);
      Console.out(line(g));
      logVerdict(session, g.gate(), g.passed() ? null : g.verdict());
      failed |= !g.passed();
    }
    next.$bang(failed ? session.markAsFailed() : session);
  }

  private void flush() {
    try {
      for (ProducerHandle h : components.producers().all()) {
        h.producer().flush();
      }
    } catch (RuntimeException e) {
      // The acks so far are judged; the reconciliation names what failed.
      Console.out("[kafkaload] throughput gate: producers not flushed: " + reason(e));
    }
  }

  /** "[kafkaload] throughput gate: send: 6,894 msg/s over 58.3 s (...) >= 5,000: PASS". */
  static String line(ThroughputGate g) {
    return "[kafkaload] throughput gate: "
        + g.verdict()
        + (g.passed() == null ? "" : g.passed() ? ": PASS" : ": FAIL");
  }
}
