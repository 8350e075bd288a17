package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.core.config.GatlingConfiguration;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import scala.Option;

/**
 * The throughput gate (-Dgate.minRps) judges the measured request's rate over its own window, from
 * its first ack to its last, as the Kafka page shows it, not Gatling's mean over the whole run. The
 * shipped ConstantRateSimulation injects "send" at a fixed rate after a long warm-up at the same
 * rate under another name: Gatling's mean rate of "send" runs over the warm-up too, a fraction of
 * the rate over send's own window. A bound between the two passes; a bound above the window's rate
 * fails, naming the request, the rate, the window and the bound.
 */
class ThroughputGateIT {
  /** Arrivals per second, one record each: far below what any machine sends. */
  private static final int RATE = 200;

  /** Half the injected rate: below the window's rate, above Gatling's whole-run mean. */
  private static final int BETWEEN = RATE / 2;

  /** Ten times the injected rate: above the window's rate on any machine. */
  private static final int ABOVE = RATE * 10;

  private static GatlingRun run(int warmupSeconds, int durationSeconds, int minRps)
      throws Exception {
    return runGatling(
        "simulations.ConstantRateSimulation",
        props(
            "kafka.bootstrap.servers",
            bootstrap(),
            "topic",
            uniqueTopic("tgate"),
            "rate",
            String.valueOf(RATE),
            "warmup",
            String.valueOf(warmupSeconds),
            "duration",
            String.valueOf(durationSeconds),
            "gate.minRps",
            String.valueOf(minRps)),
        180);
  }

  @Test
  void aBoundBetweenGatlingsWholeRunMeanAndTheWindowsRatePasses() throws Exception {
    // 6 s of warm-up, then 2 s of "send": Gatling's mean of send is over 8 s and more.
    GatlingRun run = run(6, 2, BETWEEN);
    assertEquals(0, run.exitCode(), run.tail());

    JsonNode p = summaryJson(run).path("protocols").path(0);
    JsonNode send = p.path("throughput").path("byRequest").path("send");
    JsonNode gate = p.path("throughputGates").path(0);
    assertEquals("send", gate.path("request").asText(), p.toString());
    assertEquals(
        "kafka throughput: send >= 100 msg/s (first ack to last ack)", gate.path("gate").asText());
    assertEquals("first ack to last ack", gate.path("window").asText());
    assertTrue(gate.path("passed").asBoolean(), gate.toString());
    // The gate judged the figure the page shows, over the same window.
    assertEquals(send.path("msgsPerSec").asDouble(), gate.path("msgsPerSec").asDouble(), 1e-9);
    assertEquals(send.path("firstAckMillis").asLong(), gate.path("firstAckMillis").asLong());
    assertEquals(send.path("lastAckMillis").asLong(), gate.path("lastAckMillis").asLong());
    assertEquals(send.path("acked").asLong(), gate.path("acked").asLong());

    // The bound lies between the two rates, read from this run's own figures: the old gate, on
    // Gatling's whole-run mean, would have failed this run.
    double window = send.path("msgsPerSec").asDouble();
    LogFileData log =
        new LogFileReader(
                reportDir(run).resolve("simulation.log").toFile(), GatlingConfiguration.load())
            .read();
    double gatling =
        log.requestGeneralStats(Option.apply("send"), Option.empty(), Option.empty())
            .get()
            .meanRequestsPerSec();
    assertTrue(window > BETWEEN, "the window's rate " + window + " above the bound");
    assertTrue(gatling < BETWEEN, "Gatling's whole-run mean " + gatling + " below the bound");
    assertTrue(window > 2 * gatling, window + " vs " + gatling);

    assertTrue(
        Pattern.compile(
                "\\[kafkaload\\] throughput gate: send: [\\d,.]+ msg/s over \\d+\\.\\d s"
                    + " \\(first ack to last ack\\) >= 100: PASS")
            .matcher(run.output())
            .find(),
        run.tail());
    assertTrue(
        run.output()
            .contains(
                "kafka throughput: send >= 100 msg/s (first ack to last ack): count of failed"
                    + " events is 0.0 : true"),
        run.tail());
  }

  @Test
  void aBoundAboveTheWindowsRateFailsTheRunNamingTheWindow() throws Exception {
    GatlingRun run = run(0, 3, ABOVE);
    assertNotEquals(0, run.exitCode(), run.tail());
    // The KO names the request, the rate, the window and the bound.
    assertTrue(
        Pattern.compile(
                "send: [\\d,.]+ msg/s over \\d+\\.\\d s \\(first ack to last ack\\) < 2,000")
            .matcher(run.output())
            .find(),
        run.tail());
    assertTrue(
        run.output()
            .contains(
                "kafka throughput: send >= 2000 msg/s (first ack to last ack): count of failed"
                    + " events is 0.0 : false"),
        run.tail());

    JsonNode summary = summaryJson(run);
    JsonNode gate = summary.path("protocols").path(0).path("throughputGates").path(0);
    assertTrue(
        gate.path("passed").isBoolean() && !gate.path("passed").asBoolean(), gate.toString());
    assertEquals("first ack to last ack", gate.path("window").asText());
    assertTrue(
        gate.path("verdict").asText().endsWith("(first ack to last ack) < 2,000"), gate.toString());
    boolean judged = false;
    for (JsonNode g : summary.path("gates")) {
      if (g.path("description").asText().startsWith("kafka throughput: send >= 2000 msg/s")) {
        judged = true;
        assertTrue(g.path("passed").isBoolean() && !g.path("passed").asBoolean(), g.toString());
      }
    }
    assertTrue(judged, summary.path("gates").toString());

    // The Kafka page shows the rate next to the gates, with its window.
    Path page = reportDir(run).resolve("kafka.html");
    KafkaPageIT.Chrome dom =
        KafkaPageIT.chrome(KafkaPageIT.chromium(), "--dump-dom", page.toUri().toString());
    KafkaPageIT.assertNoScriptErrors(dom);
    String html = dom.stdout();
    assertTrue(html.contains("data-rendered=\"true\""), "the page script ran to its end");
    int gates = html.indexOf("<div id=\"gates\">");
    int note = html.indexOf("<div id=\"throughputGates\">");
    assertTrue(gates >= 0 && note > gates, "the throughput gates follow the gates' table");
    String part = html.substring(note, html.indexOf("</table>", note));
    assertTrue(part.contains("first ack to last ack: "), part);
    assertTrue(part.contains("<td class=\"bad\">FAIL</td>"), part);
  }
}
