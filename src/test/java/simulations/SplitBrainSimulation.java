package simulations;

import java.util.Map;

/**
 * A split brain: 3 embedded brokers, each in a network namespace of its own (needs root), a topic
 * with replication factor 3. Broker 1 is cut from the other brokers and the controllers, not from
 * the injector, at 10 s for 15 s: the others elect new leaders for its partitions while it still
 * accepts the injector's sends. The reconciliation counts, by identity, the acked records the new
 * leaders never had.
 *
 * <p>Run it twice to see what the settings decide (bench/acks-under-partition.sh does, side by
 * side): these defaults (acks=all, min.insync.replicas=2, idempotence) lose no acked record, and
 * {@code -Dacks=1 -Denable.idempotence=false -Dmin.insync.replicas=1} may; its "no acked record
 * lost" gate then fails the build, by design.
 */
public class SplitBrainSimulation extends FaultSimulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md); these are its defaults
  // ----
  public SplitBrainSimulation() {
    super(
        Map.ofEntries(
            Map.entry("kafka.embedded.brokers", "3"),
            Map.entry("topic", "kafkaload-split-brain"),
            Map.entry("topic.partitions", "6"),
            Map.entry("topic.replication", "3"),
            Map.entry("min.insync.replicas", "2"),
            Map.entry("acks", "all"),
            Map.entry("enable.idempotence", "true"),
            Map.entry("delivery.timeout.ms", "30000"),
            Map.entry("request.timeout.ms", "5000"),
            Map.entry("max.block.ms", "10000"),
            Map.entry("fault.plan", "isolate-peers:1@10s+15s"),
            Map.entry("warmup", "0"),
            Map.entry("duration", "40"),
            Map.entry("users", "10"),
            Map.entry("gate.p99Ms", "600000"),
            Map.entry("gate.maxErrorPct", "1")));
  }
}
