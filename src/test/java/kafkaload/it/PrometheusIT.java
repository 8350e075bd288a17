package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import kafkaload.internal.broker.EmbeddedKafka;
import org.junit.jupiter.api.Test;

/**
 * The live endpoint scraped by a real Prometheus server (Debian's {@code prometheus} package,
 * started here as the embedded broker is): a distributed local run of EndToEndSimulation (the echo
 * service and its group under test) on two injectors, and every query of the Grafana dashboard in
 * deploy/monitoring returns data for that run through Prometheus's HTTP API, with one series per
 * injector. Bad settings are refused before any load.
 */
class PrometheusIT {
  private static final Path PROMETHEUS = Paths.get("/usr/bin/prometheus");
  private static final Path DASHBOARD = Paths.get("deploy/monitoring/grafana-dashboard.json");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Test
  void everyDashboardQueryReturnsDataForARunWithASeriesPerInjector() throws Exception {
    assumeTrue(
        Files.isExecutable(PROMETHEUS),
        "Prometheus is not installed: apt-get install prometheus (Debian's package; .ci/run does)");
    int metricsPort = freePorts(2);
    int promPort = freePorts(1);
    Path dir = Files.createTempDirectory("prometheus-it");
    Files.writeString(
        dir.resolve("prometheus.yml"),
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n"
            + "  - job_name: kafkaload\n    static_configs:\n      - targets: ['127.0.0.1:"
            + metricsPort
            + "', '127.0.0.1:"
            + (metricsPort + 1)
            + "']\n");
    Process prometheus =
        new ProcessBuilder(
                PROMETHEUS.toString(),
                "--config.file=" + dir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + promPort)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("prometheus.log").toFile())
            .start();
    String topic = uniqueTopic("prom");
    String group = "prom-echo-" + UUID.randomUUID().toString().substring(0, 8);
    try {
      String api = "http://127.0.0.1:" + promPort + "/api/v1/";
      waitReady("http://127.0.0.1:" + promPort + "/-/ready");
      String runId = "prom-" + UUID.randomUUID().toString().substring(0, 8);
      long from = System.currentTimeMillis() / 1000;
      DistributedIT.Run run =
          DistributedIT.distributed(
              "local",
              Map.ofEntries(
                  Map.entry("gatling.simulationClass", "simulations.EndToEndSimulation"),
                  Map.entry("injector.count", "2"),
                  Map.entry("run.id", runId),
                  Map.entry("warmup", "1"),
                  Map.entry("duration", "5"),
                  Map.entry("topic", topic),
                  Map.entry("reply.topic", topic + "-replies"),
                  Map.entry("sut.group", group),
                  Map.entry("metrics.port", String.valueOf(metricsPort)),
                  Map.entry("metrics.lingerSeconds", "3"),
                  Map.entry("gate.p99Ms", "600000"),
                  Map.entry("gate.minRps", "0"),
                  Map.entry("kafka.bootstrap.servers", bootstrap()),
                  Map.entry("local.results", "target/distributed-it/" + runId),
                  Map.entry("local.startDelaySeconds", "15"),
                  Map.entry("local.injectorHeap", "384m")),
              300);
      long to = System.currentTimeMillis() / 1000 + 1;
      assertEquals(0, run.exitCode(), run.output());
      for (int i = 0; i < 2; i++) {
        String out =
            Files.readString(Paths.get("target/distributed-it", runId, "injector-" + i + ".out"));
        assertTrue(
            out.contains(
                ":"
                    + (metricsPort + i)
                    + "/metrics (Prometheus; run_id="
                    + runId
                    + ", injector="
                    + i),
            "injector " + i + " listens on the port plus its index: " + out);
      }

      JsonNode dashboard = JSON.readTree(DASHBOARD.toFile());
      List<String> queries = new ArrayList<>();
      dashboard
          .path("panels")
          .forEach(p -> p.path("targets").forEach(t -> queries.add(t.path("expr").asText())));
      assertTrue(queries.size() >= 15, "the dashboard's queries: " + queries);
      for (String q : queries) {
        String expr =
            q.replace("$run_id", runId)
                .replace("$__rate_interval", "5s")
                .replace("injector=~\"$injector\"", "injector=~\".*\"")
                .replace("$injector", "0");
        JsonNode result = rangeQuery(api, expr, from, to);
        assertFalse(result.isEmpty(), "no data for the dashboard's query " + expr);
      }
      // One series per injector, each with its own requests.
      JsonNode perInjector =
          rangeQuery(
              api,
              "max by (injector) (kafkaload_requests_total{run_id=\""
                  + runId
                  + "\", request=\"send\", status=\"OK\"})",
              from,
              to);
      TreeSet<String> injectors = new TreeSet<>();
      for (JsonNode series : perInjector) {
        injectors.add(series.path("metric").path("injector").asText());
        JsonNode values = series.path("values");
        double last = values.path(values.size() - 1).path(1).asDouble();
        assertTrue(last > 100, "injector's OK sends counted: " + series);
      }
      assertEquals(List.of("0", "1"), List.copyOf(injectors));
      // The verification's verdicts and the phases were seen as the run went.
      assertFalse(
          rangeQuery(
                  api,
                  "kafkaload_phase{run_id=\"" + runId + "\", phase=\"measured\"} == 1",
                  from,
                  to)
              .isEmpty());
      assertFalse(
          rangeQuery(api, "kafkaload_verdict{run_id=\"" + runId + "\"} == 1", from, to).isEmpty());
    } finally {
      prometheus.destroy();
      prometheus.waitFor();
    }
  }

  @Test
  void aPortInUseOrABadPortIsRefusedBeforeAnyLoad() throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      String[][] cases = {
        {
          String.valueOf(taken.getLocalPort()),
          "-Dmetrics.port=" + taken.getLocalPort() + ": the port is in use"
        },
        {"99999", "-Dmetrics.port=99999 is not a port"}
      };
      List<GatlingRun> runs =
          sideBySide(
              List.<java.util.concurrent.Callable<GatlingRun>>of(
                  () -> runGatling("simulations.BaselineSimulation", refusedRun(cases[0][0]), 120),
                  () ->
                      runGatling("simulations.BaselineSimulation", refusedRun(cases[1][0]), 120)));
      for (int i = 0; i < cases.length; i++) {
        GatlingRun run = runs.get(i);
        assertNotEquals(0, run.exitCode(), run.tail());
        assertTrue(run.output().contains(cases[i][1]), run.tail());
        assertFalse(run.output().contains("---- Requests"), "no load was sent: " + run.tail());
      }
    }
  }

  /**
   * A dry run with this port, on the test JVM's broker: hosted in this JVM (InProcessGatling); a
   * refusal that did not come would be the plan and exit 0, not a load.
   */
  private static Map<String, String> refusedRun(String port) {
    return props(
        "kafka.bootstrap.servers",
        bootstrap(),
        "topic",
        uniqueTopic("metrics-refused"),
        "metrics.port",
        port,
        "duration",
        "1",
        "dry.run",
        "true");
  }

  private static JsonNode rangeQuery(String api, String expr, long from, long to) throws Exception {
    String url =
        api
            + "query_range?query="
            + URLEncoder.encode(expr, StandardCharsets.UTF_8)
            + "&start="
            + from
            + "&end="
            + to
            + "&step=1";
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    JsonNode body = JSON.readTree(r.body());
    assertEquals("success", body.path("status").asText(), expr + ": " + r.body());
    return body.path("data").path("result");
  }

  private static void waitReady(String url) throws Exception {
    long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < until) {
      try {
        if (HTTP.send(
                    HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.discarding())
                .statusCode()
            == 200) {
          return;
        }
      } catch (java.io.IOException notYet) {
        // starting
      }
      Thread.sleep(200);
    }
    fail("Prometheus was not ready within 60 s: " + url);
  }

  /**
   * {@code n} consecutive free ports, the first of them: below the ephemeral range, as the embedded
   * broker's, since a port from that range can go to another process's outgoing connection before
   * the injector binds it ("-Dmetrics.port=...: the port is in use", CI 2026-12-06).
   */
  private static int freePorts(int n) throws Exception {
    for (int attempt = 0; attempt < 50; attempt++) {
      int first = EmbeddedKafka.freePort();
      if (first + n > 65535) {
        continue;
      }
      List<ServerSocket> held = new ArrayList<>();
      try {
        for (int i = 1; i < n; i++) {
          held.add(new ServerSocket(first + i));
        }
        return first;
      } catch (java.io.IOException taken) {
        // try another
      } finally {
        for (ServerSocket s : held) {
          s.close();
        }
      }
    }
    throw new IllegalStateException("no " + n + " free consecutive ports");
  }
}
