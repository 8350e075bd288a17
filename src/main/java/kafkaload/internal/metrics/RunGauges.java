package kafkaload.internal.metrics;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import kafkaload.internal.client.ProducerHandle;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.run.DeliveryLedger;

/**
 * The series read at each scrape from their owners: records sent, acked, failed and in flight; the
 * producers' own Kafka metrics under Kafka's names; the injector's health; the groups' lag; the
 * run's phase.
 */
record RunGauges(PrometheusRegistry registry, Labels labels, MetricSources s) {
  /** Kafka's producer-metrics the dashboard shows, exported as kafka_producer_<name>. */
  static final List<String> PRODUCER_METRICS =
      List.of(
          "record-send-rate",
          "record-error-rate",
          "record-retry-rate",
          "request-latency-avg",
          "request-latency-max",
          "record-queue-time-avg",
          "buffer-available-bytes",
          "buffer-total-bytes",
          "bufferpool-wait-ratio",
          "batch-size-avg",
          "records-per-request-avg",
          "compression-rate-avg");

  static final List<String> PHASES = List.of("warm-up", "measured", "verification", "ended");

  /** Registers every series in the registry. */
  void register() {
    records("sent", "Records handed to a producer", DeliveryLedger.Snapshot::sent);
    records("acked", "Records acked by the cluster", DeliveryLedger.Snapshot::acked);
    records("failed", "Records that failed", DeliveryLedger.Snapshot::failed);
    gauge(
        "kafkaload_records_in_flight",
        "Records sent and not yet acked or failed",
        cb ->
            cb.call(
                s.delivery().get().stream().mapToLong(DeliveryLedger.Snapshot::inFlight).sum()));
    gauge(
        "kafka_producer_metric",
        "The producers' own Kafka metrics (producer-metrics group), by Kafka's name",
        cb -> producers(s.producers().get(), cb),
        "name",
        "client_id");
    gauge(
        "kafka_consumer_metric",
        "The consumers' own Kafka metrics (consumer-fetch-manager-metrics), by Kafka's name",
        ConsumerMetrics::report,
        "name",
        "client_id");
    health(
        "cpu_ratio",
        "The injector process's CPU, share of the machine",
        x -> x.resources().processCpuPct() / 100);
    health(
        "heap_after_gc_bytes",
        "Heap used after the last GC",
        x -> x.resources().heapAfterGcMb() * 1048576);
    health(
        "gc_pause_seconds",
        "GC pause time in the last second",
        x -> x.resources().gcPauseMs() / 1000);
    health(
        "event_loop_delay_p99_seconds",
        "Gatling event loops' p99 delay in the last second",
        x -> x.eventLoop().eventLoopDelayP99Ms() / 1000);
    health(
        "send_blocked_seconds",
        "Time sends waited for producer buffer in the last second",
        x -> x.eventLoop().sendBlockedMs() / 1000);
    gauge(
        "kafkaload_group_lag_records",
        "A group under test's lag: records behind, over its partitions",
        cb -> s.groupLag().get().forEach((g, lag) -> cb.call(lag, g)),
        "group");
    gauge(
        "kafkaload_phase",
        "The run's phase: 1 for the current one",
        cb -> {
          String now = s.phase().get();
          PHASES.forEach(p -> cb.call(p.equals(now) ? 1 : 0, p));
        },
        "phase");
  }

  private void records(String what, String help, ToLongFunction<DeliveryLedger.Snapshot> count) {
    CounterWithCallback.builder()
        .name("kafkaload_records_" + what + "_total")
        .help(help)
        .constLabels(labels)
        .callback(cb -> cb.call(s.delivery().get().stream().mapToLong(count).sum()))
        .register(registry);
  }

  private void health(String name, String help, ToDoubleFunction<InjectorSample> value) {
    gauge(
        "kafkaload_injector_" + name,
        help,
        cb -> {
          InjectorSample last = s.health().get();
          if (last != null) {
            cb.call(value.applyAsDouble(last));
          }
        });
  }

  private void gauge(
      String name, String help, Consumer<GaugeWithCallback.Callback> callback, String... label) {
    GaugeWithCallback.builder()
        .name(name)
        .help(help)
        .labelNames(label)
        .constLabels(labels)
        .callback(callback)
        .register(registry);
  }

  /** Each producer's metrics once, under its client id (a series per name and client). */
  private static void producers(List<ProducerHandle> producers, GaugeWithCallback.Callback cb) {
    java.util.Map<List<String>, Double> values = new java.util.LinkedHashMap<>();
    for (ProducerHandle h : producers) {
      ProducerHandle.Readings r = h.producerMetrics(PRODUCER_METRICS);
      r.values().forEach((name, v) -> values.put(List.of(name, r.clientId()), v));
    }
    values.forEach((k, v) -> cb.call(v, k.get(0), k.get(1)));
  }
}
