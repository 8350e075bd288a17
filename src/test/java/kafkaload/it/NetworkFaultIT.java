package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.bench.GatlingJvm;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The faults with a duration, each in a short run of the failover simulation (3 embedded brokers,
 * RF=3, min.insync.replicas=2, acks=all, idempotence): broker 2 paused, cut off, or throttled for 6
 * s under load, then healed. Each is a request, two console lines and a summary entry; no acked
 * record is lost; the report is written; and nothing of the run's network (namespaces, bridge,
 * veths, queues) remains. Isolate and slow need root and network namespaces: without them, those
 * tests are skipped, naming why.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
class NetworkFaultIT {
  private static final int DURATION = 20;
  private static String noNamespaces;

  @BeforeAll
  static void probeNamespaces() throws Exception {
    noNamespaces = probe();
  }

  @Test
  void aPausedBrokerIsContinuedAndLosesNoAckedRecord() throws Exception {
    GatlingRun run = faultRun("pause:2@6s+6s", "pause");
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT at [\\d.]+ s: pause broker 2: OK \\(SIGSTOP, pid (\\d+), for 6\\.0"
                    + " s\\).*"),
        run.tail());
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT healed at [\\d.]+ s: pause broker 2: OK \\(SIGCONT, pid \\d+ after"
                    + " 6\\.\\d s\\).*"),
        run.tail());
    assertFaultDoneAndHealed(run, "fault: pause broker 2", "SIGSTOP, pid \\d+; healed: SIGCONT.*");
  }

  @Test
  void aPauseThatCannotBeUndoneIsAKoWithItsReasonAndTheRunEndsOnTime() throws Exception {
    // The paused broker is killed meanwhile: there is no process left to continue.
    GatlingRun run =
        runGatling(
            "simulations.BrokerFailoverSimulation",
            props(
                "topic",
                uniqueTopic("pause-ko"),
                "duration",
                "14",
                "fault.plan",
                "pause:2@4s+5s,kill:2@6s"),
            240);
    assertNotEquals(0, run.exitCode(), "the fault gate fails the run: " + run.tail());
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT healed at [\\d.]+ s: pause broker 2: KO \\(IllegalStateException:"
                    + " broker 2's process \\d+ is gone: nothing to continue after 5\\.\\d s\\).*"),
        run.tail());
    assertArrayEquals(new long[] {1, 0, 1}, run.counts("fault: pause broker 2"), run.tail());
    assertArrayEquals(new long[] {1, 1, 0}, run.counts("fault: kill broker 2"), run.tail());
    JsonNode s = summaryJson(run);
    // In the order the faults began: the pause (4 s) before the kill (6 s), though recorded later.
    JsonNode faults = s.path("protocols").get(0).path("faults");
    JsonNode pause = faults.get(0);
    assertEquals("fault: pause broker 2", pause.path("request").asText(), faults.toString());
    assertEquals("fault: kill broker 2", faults.get(1).path("request").asText(), faults.toString());
    assertTrue(pause.path("healedAtSeconds").isNull(), "never healed: " + pause);
    assertFalse(pause.path("ok").asBoolean(), pause.toString());
    assertTrue(pause.path("detail").asText().contains("; not healed: "), pause.toString());
    assertTrue(Files.isRegularFile(reportDir(run).resolve("kafka.html")));
    assertTrue(
        s.path("durationSeconds").asDouble() < 14 + 45, "run took " + s.path("durationSeconds"));
  }

  @Test
  void anIsolatedBrokerIsHealedAndLosesNoAckedRecord() throws Exception {
    assumeNamespaces();
    GatlingRun run = faultRun("isolate:2@6s+6s", "isolate");
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT at [\\d.]+ s: isolate broker 2: OK \\(link kl\\d+-\\d+h2 down, for"
                    + " 6\\.0 s\\).*"),
        run.tail());
    assertTrue(
        run.output()
            .matches("(?s).*FAULT healed at [\\d.]+ s: isolate broker 2: OK \\(link up after.*"),
        run.tail());
    assertTrue(
        run.output().matches("(?s).*Embedded KRaft cluster of 3 broker\\(s\\) ready at 10\\..*"),
        "the clients reach the brokers through the bridge: " + run.tail());
    assertFaultDoneAndHealed(run, "fault: isolate broker 2", "link kl.*; healed: link up");
  }

  @Test
  void aSlowLinkIsThrottledThenFreedAndLosesNoAckedRecord() throws Exception {
    assumeNamespaces();
    GatlingRun run = faultRun("slow:2@6s+6s,rate=1mbit", "slow");
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT at [\\d.]+ s: slow broker 2: OK \\(tbf rate 1mbit burst \\d+ both"
                    + " ways on kl\\d+-\\d+h2, for 6\\.0 s\\).*"),
        run.tail());
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT healed at [\\d.]+ s: slow broker 2: OK \\(queues removed after.*"),
        run.tail());
    assertFaultDoneAndHealed(
        run, "fault: slow broker 2", "tbf rate 1mbit .*; healed: queues removed");
  }

  @Test
  void theInjectorCutFromABrokerReachesItAgainAfterwards() throws Exception {
    assumeNamespaces();
    GatlingRun run = faultRun("isolate-client:2@6s+6s", "isolate-client");
    assertTrue(
        run.output()
            .matches(
                "(?s).*FAULT at [\\d.]+ s: isolate-client broker 2: OK \\(the injector's packets"
                    + " to 10\\.[\\d.]+ go nowhere, for 6\\.0 s\\).*"),
        run.tail());
    assertFaultDoneAndHealed(
        run,
        "fault: isolate-client broker 2",
        "the injector's .*; healed: the injector reaches .*");
  }

  @Test
  void anInterruptedRunRemovesItsNetworkAndBrokers() throws Exception {
    assumeNamespaces();
    Map<String, String> p =
        props(
            "topic",
            uniqueTopic("interrupted"),
            "duration",
            "30",
            "fault.plan",
            "isolate:2@3s+20s");
    Path log = Files.createTempFile(Paths.get("target"), "interrupted-", ".log");
    Process gatling =
        new ProcessBuilder(
                GatlingJvm.command(
                    "simulations.BrokerFailoverSimulation",
                    p,
                    Paths.get("target", "gatling-it"),
                    QUICK_START))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      while (!Files.readString(log).contains("FAULT at") && System.nanoTime() < deadline) {
        assertTrue(gatling.isAlive(), Files.readString(log));
        Thread.sleep(200);
      }
      assertTrue(Files.readString(log).contains("isolate broker 2: OK"), Files.readString(log));
      gatling.destroy(); // SIGTERM, as Ctrl-C or a CI timeout: the shutdown hook cleans up
      assertTrue(gatling.waitFor(60, TimeUnit.SECONDS), "the run did not stop");
    } finally {
      gatling.destroyForcibly();
    }
    String output = Files.readString(log);
    assertNetworkRemoved(new GatlingRun(gatling.exitValue(), output, gatling.pid()));
  }

  private static GatlingRun faultRun(String plan, String topic) throws Exception {
    GatlingRun run =
        runGatling(
            "simulations.BrokerFailoverSimulation",
            props(
                "topic",
                uniqueTopic(topic),
                "duration",
                String.valueOf(DURATION),
                "fault.plan",
                plan,
                "gate.minRps",
                "1"),
            240);
    assertNetworkRemoved(run);
    return run;
  }

  /** One OK request spanning the fault, its summary entry, no acked record lost, the report. */
  private static void assertFaultDoneAndHealed(GatlingRun run, String request, String detail)
      throws Exception {
    assertArrayEquals(new long[] {1, 1, 0}, run.counts(request), run.tail());
    JsonNode p = summaryJson(run).path("protocols").get(0);
    JsonNode faults = p.path("faults");
    assertEquals(1, faults.size(), faults.toString());
    JsonNode f = faults.get(0);
    assertTrue(f.path("ok").asBoolean(), f.toString());
    assertEquals(request, f.path("request").asText());
    assertTrue(f.path("detail").asText().matches(detail), f.toString());
    double at = f.path("atSeconds").asDouble();
    assertTrue(at >= 6 && at < 8, f.toString());
    // The request lasts from the fault to its healing.
    assertTrue(f.path("durationMs").asLong() >= 5_900, f.toString());
    assertTrue(f.path("healedAtSeconds").asDouble() >= at + 5.9, f.toString());
    JsonNode rec = p.path("reconciliation");
    assertEquals(0, rec.path("lost").asLong(), "acked records lost: " + rec);
    assertTrue(rec.path("readBack").path("complete").asBoolean(), rec.toString());
    assertEquals(0, run.exitCode(), run.tail());
    Path dir = reportDir(run);
    assertTrue(
        Files.isRegularFile(dir.resolve("index.html"))
            && Files.isRegularFile(dir.resolve("kafka.html")),
        dir.toString());
  }

  /** No namespace, bridge or veth named for the run's JVM remains (queues go with the veths). */
  private static void assertNetworkRemoved(GatlingRun run) throws Exception {
    if (noNamespaces != null) {
      return;
    }
    String prefix = "kl" + run.pid() + "-";
    String netns = ip("netns", "list");
    String links = ip("-o", "link", "show");
    assertFalse(netns.contains(prefix), "namespaces left: " + netns);
    assertFalse(links.contains(prefix), "links left: " + links);
    Matcher m = Pattern.compile("logs in target/embedded-cluster/(\\S+)\\)").matcher(run.output());
    assertTrue(m.find(), run.tail());
    assertTrue(
        ClusterIT.brokerProcesses(m.group(1)).isEmpty(), "broker processes outlived the run");
  }

  private static void assumeNamespaces() {
    Assumptions.assumeTrue(
        noNamespaces == null,
        () ->
            "skipped: isolate and slow need network namespaces, which cannot be made here: "
                + noNamespaces);
  }

  /** Why network namespaces cannot be made here, or null. */
  static String probe() throws Exception {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "not running as root";
    }
    String name = "klitprobe" + ProcessHandle.current().pid();
    try {
      String out = ip("netns", "add", name);
      return ip("netns", "list").contains(name) ? null : "'ip netns add' failed: " + out;
    } catch (java.io.IOException e) {
      return "the ip command (iproute2) is missing: " + e.getMessage();
    } finally {
      try {
        ip("netns", "del", name);
      } catch (java.io.IOException ignored) {
        // nothing was made
      }
    }
  }

  private static String ip(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("ip"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getOutputStream().close();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return "";
    }
    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }
}
