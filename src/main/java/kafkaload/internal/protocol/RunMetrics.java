package kafkaload.internal.protocol;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.ParamSnapshot;
import kafkaload.internal.metrics.LiveMetrics;
import kafkaload.internal.metrics.MetricSources;
import kafkaload.internal.run.DeliveryLedger;
import kafkaload.internal.run.RunIdentity;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.verification.InjectorHealth;

/** Starts a run's live endpoint over what its started protocols own. */
final class RunMetrics {
  private RunMetrics() {}

  static LiveMetrics start(
      KafkaProtocol protocol,
      RunLedger ledger,
      InjectorHealth health,
      Supplier<List<KafkaComponents>> started) {
    // Records without run-identity headers: the series still need a run id.
    String runId =
        ledger.identity() != null ? ledger.identity().runId() : RunIdentity.random().runId();
    String simulation =
        protocol.run().parameters().getOrDefault(ParamSnapshot.SIMULATION, "unknown");
    LiveMetrics m =
        LiveMetrics.start(
            protocol.run().metrics(),
            new LiveMetrics.RunLabels(runId, simulation, protocol.injector().index()),
            new MetricSources(
                () -> delivery(started.get()),
                () -> KafkaComponents.producers(started.get()),
                health::lastSample,
                () -> groupLag(started.get()),
                health::phase));
    Console.out(
        "[kafkaload] metrics: http://localhost:%s/metrics (Prometheus; run_id=%s, injector=%s)"
            .formatted(m.port(), runId, protocol.injector().index()));
    return m;
  }

  private static List<DeliveryLedger.Snapshot> delivery(List<KafkaComponents> started) {
    return started.stream().map(c -> c.ledger().delivery().snapshot()).toList();
  }

  /** Each group under test's latest total lag. */
  private static Map<String, Long> groupLag(List<KafkaComponents> started) {
    Map<String, Long> out = new TreeMap<>();
    started.stream()
        .filter(c -> c.lagMonitor() != null)
        .flatMap(c -> c.lagMonitor().samples().entrySet().stream())
        .filter(e -> !e.getValue().isEmpty())
        .forEach(e -> out.put(e.getKey(), e.getValue().get(e.getValue().size() - 1).totalLag()));
    return out;
  }
}
