package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kafkaload.Gates;
import kafkaload.Params;
import kafkaload.kit.RunParams;
import kafkaload.kit.ShareGroupParams;

/**
 * Kafka as a work queue (share groups, KIP-932): producers at a constant rate into a topic of 2
 * partitions, and 6 share consumers of one share group, more than the partitions. One consumer is
 * slow (1.5 x the lock a record: 3 s against the embedded broker's 2 s lock; a stock broker's lock
 * is at least 15 s, the lock and delivery limit being chosen inside the broker's bounds before the
 * load): its locks expire, its records go to the others (redelivered, delivery count 2 and up) and
 * the broker refuses its late ACCEPTs. A few records are released or rejected; a record released at
 * the delivery limit (3) is archived. The Kafka page shows the outcomes, the delivery counts, each
 * consumer's share of the work and the group's lag; the gates: the producers', every produced
 * record accepted once, rejected or archived (nothing missing), and the share group's lag drained.
 * Zero setup: the embedded broker has share groups.
 */
public class ShareGroupSimulation extends Simulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md) ----
  Params params =
      Params.fromSystemProperties()
          .withDefaults(
              Map.of(
                  "topic", "kafkaload-share",
                  "topic.partitions", "2",
                  "duration", "20",
                  "recordSize", "256",
                  "gate.minRps", "50"));
  RunParams plan = RunParams.of(params);
  ShareGroupParams share = ShareGroupParams.of(params);

  ScenarioBuilder producers =
      scenario("producers")
          .exec(plan.fed(kafka("send").send(plan.keyFunction(), plan.valueFunction())));
  // The consumers start first (the group joins, a fresh broker creates its internal topics), take
  // records a little longer than the producers send, then settle what is left.
  ScenarioBuilder consumers =
      scenario("share consumers")
          .exec(
              share.consume(
                  "share",
                  plan.topic().name(),
                  share.headStartSeconds() + plan.phases().durationSeconds() + 2));

  {
    // The share group's reconciliation stands in for the topic read-back: every produced record is
    // accounted for by what the group did with it.
    List<Assertion> gates =
        new ArrayList<>(
            Gates.on("send", plan.gate().p99Ms(), plan.gate().maxErrorPct(), plan.gate().minRps()));
    gates.add(details("share reconciled").failedRequests().count().is(0L));
    gates.add(details("share lag").failedRequests().count().is(0L));
    PopulationBuilder load =
        producers.injectOpen(
            nothingFor(share.headStartSeconds()),
            constantUsersPerSec(share.rate()).during(plan.phases().durationSeconds()));
    setUp(
            // The throughput gate's verdict once the producers are done: "send"'s rate over its
            // own window, from its first ack to its last.
            plan.gate().minRps() > 0
                ? verified(load, throughputVerdict(plan.gate().minRps()))
                : load,
            consumers.injectOpen(atOnceUsers(share.consumers())))
        .protocols(plan.protocol(1))
        .maxDuration(
            share.headStartSeconds()
                + plan.phases().durationSeconds()
                + share.drainTimeoutSeconds()
                + 60)
        .assertions(gates);
  }
}
