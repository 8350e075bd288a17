package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * Transactions under load, with zero setup on the embedded broker: -Dtxn.users virtual users each
 * run transactions of -Dtxn.records records in a loop for -Dduration seconds ("order txn" times
 * each record's ack, "order txn commit" each commit); every -Dtxn.abortEvery-th transaction and a
 * -Dtxn.abortProbability share of them are aborted ("order txn abort"). The reconciliation then
 * reads the topic back read_committed: every committed record found exactly once, no aborted one
 * visible, none lost. Gates: the records' ack p99 and error rate, the commit's p99
 * (-Dgate.commitP99Ms) and error rate, and the reconciliation's.
 */
public class TransactionsSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  // Transactions need acks=all and the idempotent producer; a -D value still wins (and a wrong one
  // is refused before any load).
  Params params =
      Params.fromSystemProperties()
          .withDefaults(
              Map.of(
                  "acks", "all",
                  "enable.idempotence", "true",
                  "max.block.ms", "10000",
                  "topic", "kafkaload-txn",
                  "duration", "20"));
  RunParams plan = RunParams.of(params);
  int users = params.positiveInt("txn.users", 4);
  int records = params.positiveInt("txn.records", 10);
  int abortEvery = params.nonNegativeInt("txn.abortEvery", 10);
  double abortProbability = params.nonNegativeDouble("txn.abortProbability", 0.0);
  double commitP99Ms = params.positiveDouble("gate.commitP99Ms", 500);

  ScenarioBuilder transactions =
      scenario("transactions").exec(plan.measured(exec(transactionalSend("order txn"))));

  /** The transactional send, built from the knobs. */
  private ActionBuilder transactionalSend(String name) {
    var send = kafka(name).send(plan.keyFunction(), plan.valueFunction()).transaction(records);
    if (abortEvery > 0) {
      send = send.abortEvery(abortEvery);
    }
    if (abortProbability > 0) {
      send = send.abortProbability(abortProbability);
    }
    return send;
  }

  {
    List<Assertion> gates = new ArrayList<>(plan.gates("order txn"));
    gates.add(details("order txn commit").responseTime().percentile(99.0).lt((int) commitP99Ms));
    gates.add(
        details("order txn commit").failedRequests().percent().lte(plan.gate().maxErrorPct()));
    setUp(plan.withReconciliation(transactions.injectOpen(atOnceUsers(users))))
        .protocols(plan.protocol(users))
        .maxDuration(plan.maxDurationSeconds(plan.phases().durationSeconds()))
        .assertions(gates);
  }
}
