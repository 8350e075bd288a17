package kafkaload.internal.metrics;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.IOException;
import java.net.BindException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * One injector's Prometheus endpoint for the length of its run. Results are counted as actions log
 * them (the same calls that feed Gatling's report); the rest is read at each scrape ({@link
 * RunGauges}). Every series carries the run id, the simulation and the injector index.
 */
public final class LiveMetrics implements AutoCloseable {
  /** What every series carries. */
  public record RunLabels(String runId, String simulation, int injector) {
    Labels labels() {
      return Labels.of(
          "run_id", runId, "simulation", simulation, "injector", String.valueOf(injector));
    }
  }

  /** Response-time buckets, seconds: 0.5 ms to 30 s, the span of ack and end-to-end latencies. */
  private static final double[] BUCKETS = {
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30
  };

  private final HTTPServer server;
  private final Counter requests;
  private final Histogram responseTime;
  private final Gauge verdicts;
  private final AtomicBoolean verdictSeen = new AtomicBoolean();
  private final int lingerSeconds;
  private final Map<String, RequestSeries> series = new ConcurrentHashMap<>();

  /** A request's series, made at its first result: its KO count is 0, not missing, until one. */
  private record RequestSeries(
      CounterDataPoint ok, CounterDataPoint ko, DistributionDataPoint responseTime) {}

  private LiveMetrics(MetricsSettings settings, RunLabels run, MetricSources sources) {
    int port = settings.port();
    PrometheusRegistry registry = new PrometheusRegistry();
    Labels labels = run.labels();
    this.lingerSeconds = settings.lingerSeconds();
    // The first verdict logged starts the verification, until the load's end.
    Supplier<String> phase =
        () -> {
          String p = sources.phase().get();
          return verdictSeen.get() && !p.equals("ended") ? "verification" : p;
        };
    new RunGauges(registry, labels, sources.withPhase(phase)).register();
    try {
      this.server = HTTPServer.builder().port(port).registry(registry).buildAndStart();
    } catch (BindException e) {
      throw new KafkaLoadConfigException(
          "-Dmetrics.port=%s: the port is in use on this machine; choose another, or 0 for a free one"
              .formatted(port));
    } catch (IOException e) {
      throw new KafkaLoadConfigException(
          "-Dmetrics.port=" + port + ": the metrics endpoint could not start: " + e.getMessage());
    }
    this.requests =
        Counter.builder()
            .name("kafkaload_requests_total")
            .help("Results logged to Gatling's report, by request name and status (OK or KO)")
            .labelNames("request", "status")
            .constLabels(labels)
            .register(registry);
    this.responseTime =
        Histogram.builder()
            .name("kafkaload_response_time_seconds")
            .help("OK results' response time: send to ack for a send, send to read end to end")
            .labelNames("request")
            .classicOnly()
            .classicUpperBounds(BUCKETS)
            .withoutExemplars()
            .constLabels(labels)
            .register(registry);
    this.verdicts =
        Gauge.builder()
            .name("kafkaload_verdict")
            .help("A verdict as soon as it is known: 1 passed, 0 failed")
            .labelNames("request")
            .constLabels(labels)
            .register(registry);
  }

  /**
   * Starts the endpoint on {@code port} (0: a free one); a port that cannot be bound is refused
   * before any load, naming it.
   */
  public static LiveMetrics start(MetricsSettings settings, RunLabels run, MetricSources sources) {
    return new LiveMetrics(settings, run, sources);
  }

  /** The port it listens on. */
  public int port() {
    return server.getPort();
  }

  /** One result, as logged to Gatling: {@code koMessage} null for an OK. */
  public void result(String request, long startMillis, long endMillis, String koMessage) {
    RequestSeries s =
        series.computeIfAbsent(
            request,
            r ->
                new RequestSeries(
                    requests.labelValues(r, "OK"),
                    requests.labelValues(r, "KO"),
                    responseTime.labelValues(r)));
    if (koMessage == null) {
      s.ok().inc();
      s.responseTime().observe(Math.max(0, endMillis - startMillis) / 1000.0);
    } else {
      s.ko().inc();
    }
  }

  /** A verdict (reconciliation, lag, baseline, capacity ...) as it is logged. */
  public void verdict(String request, boolean passed) {
    verdicts.labelValues(request).set(passed ? 1 : 0);
    verdictSeen.set(true);
  }

  /** Stays up -Dmetrics.lingerSeconds first, so a last scrape sees the end. */
  @Override
  public void close() {
    try {
      Thread.sleep(lingerSeconds * 1000L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    server.close();
  }
}
