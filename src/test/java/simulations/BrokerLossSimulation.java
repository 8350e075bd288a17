package simulations;

import java.util.Map;

/**
 * FAILS by design: the only broker (a child process, no replica) is killed mid-run and never comes
 * back. Every send after that is a KO with its reason once delivery.timeout.ms has passed; the run
 * still ends on time, the reconciliation says it could not verify the records (and fails), the
 * report is written, and the gates fail the build. Nothing hangs: every client call after the kill
 * is bounded by a timeout.
 */
public class BrokerLossSimulation extends FaultSimulation {
  // ---- test plan: every knob is a -D property (see docs/parameters.md); these are its defaults
  // ----
  public BrokerLossSimulation() {
    super(
        Map.ofEntries(
            Map.entry("kafka.embedded.brokers", "1"),
            Map.entry("topic", "kafkaload-broker-loss"),
            Map.entry("topic.partitions", "4"),
            Map.entry("delivery.timeout.ms", "5000"),
            Map.entry("request.timeout.ms", "2000"),
            Map.entry("max.block.ms", "5000"),
            Map.entry("verify.timeoutSeconds", "10"),
            Map.entry("fault.plan", "kill:1@10s"),
            Map.entry("warmup", "0"),
            Map.entry("duration", "20"),
            Map.entry("users", "4")));
  }
}
