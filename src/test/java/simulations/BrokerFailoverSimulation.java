package simulations;

import java.util.Map;

/**
 * Failover without loss: 3 embedded brokers (child processes), a topic with replication factor 3
 * and min.insync.replicas=2, 10 producers with acks=all and idempotence. Broker 2 is killed
 * (SIGKILL) mid-run and restarted later on its own data. Sends in flight at the kill are OK
 * (retried on the new leader) or KO with their reason; the reconciliation then proves that no acked
 * record was lost, and counts duplicates.
 *
 * <p>Gates: no acked record lost, duplicates within gate.maxDuplicatePct, failed sends within
 * gate.maxErrorPct, every fault done; p99 is judged loosely (gate.p99Ms), since sends caught by the
 * failover wait for a new leader.
 */
public class BrokerFailoverSimulation extends FaultSimulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md); these are its defaults
  // ----
  public BrokerFailoverSimulation() {
    super(
        Map.ofEntries(
            Map.entry("kafka.embedded.brokers", "3"),
            Map.entry("topic", "kafkaload-failover"),
            Map.entry("topic.partitions", "6"),
            Map.entry("topic.replication", "3"),
            Map.entry("min.insync.replicas", "2"),
            Map.entry("acks", "all"),
            Map.entry("enable.idempotence", "true"),
            Map.entry("delivery.timeout.ms", "30000"),
            Map.entry("request.timeout.ms", "5000"),
            Map.entry("max.block.ms", "10000"),
            Map.entry("fault.plan", "kill:2@20s,start:2@40s"),
            Map.entry("warmup", "0"),
            Map.entry("duration", "60"),
            Map.entry("users", "10"),
            Map.entry("gate.p99Ms", "5000"),
            Map.entry("gate.maxErrorPct", "1")));
  }
}
