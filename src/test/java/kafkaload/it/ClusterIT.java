package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.admin.Connection;
import kafkaload.internal.admin.Preflight;
import kafkaload.internal.admin.TopicPlan;
import kafkaload.internal.broker.EmbeddedKafkaMain;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * The multi-broker embedded cluster as other tools start it ({@code EmbeddedKafkaMain --brokers
 * 3}): replicated topics with min.insync.replicas, preflight's in-sync replica check, and brokers
 * that die with their parent.
 */
class ClusterIT {
  private static final long TIMEOUT_MS = 10_000;

  @Test
  void threeBrokersReplicateCheckTheirInSyncReplicasAndDieWithTheirParent() throws Exception {
    Path err =
        Files.createDirectories(Paths.get("target", "it-logs"))
            .resolve("cluster-main-" + System.nanoTime() + ".log");
    Process main =
        new ProcessBuilder(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                EmbeddedKafkaMain.class.getName(),
                "--brokers",
                "3")
            .redirectError(err.toFile())
            .start();
    try {
      String bootstrap = null;
      String dirName = null;
      BufferedReader out =
          new BufferedReader(new InputStreamReader(main.getInputStream(), StandardCharsets.UTF_8));
      for (String line; bootstrap == null && (line = out.readLine()) != null; ) {
        Matcher logs = Pattern.compile("logs in target/embedded-cluster/(\\S+)\\)").matcher(line);
        if (logs.find()) {
          dirName = logs.group(1);
        }
        if (line.startsWith("BOOTSTRAP=")) {
          bootstrap = line.substring("BOOTSTRAP=".length());
        }
      }
      assertNotNull(bootstrap, "no BOOTSTRAP line; stderr in " + err);
      assertEquals(3, bootstrap.split(",").length, bootstrap);
      assertNotNull(dirName);
      List<ProcessHandle> brokers = brokerProcesses(dirName);
      assertEquals(3, brokers.size(), "one child process per broker");

      String topic = uniqueTopic("replicated");
      try (Admin admin = new Connection(bootstrap, Map.of(), TIMEOUT_MS).admin()) {
        TopicPlan plan = new TopicPlan(true, 3, (short) 3, 1, false, TIMEOUT_MS, 3);
        assertEquals(3, Preflight.checkTopic(admin, topic, plan, TIMEOUT_MS));
        assertEquals(3, Preflight.checkInSyncReplicas(admin, topic, TIMEOUT_MS));

        // A broker crashes: once the controller fences it, its partitions have 2 in-sync replicas
        // of the 3 required.
        brokers.get(1).destroyForcibly();
        KafkaLoadConfigException e = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (e == null && System.nanoTime() < deadline) {
          try {
            Preflight.checkInSyncReplicas(admin, topic, TIMEOUT_MS);
            Thread.sleep(250);
          } catch (KafkaLoadConfigException shortOfReplicas) {
            e = shortOfReplicas;
          }
        }
        assertNotNull(e, "the ISR never shrank below min.insync.replicas=3");
        assertTrue(
            e.getMessage()
                .matches(
                    "Topic '"
                        + topic
                        + "' partition \\d has 2 in-sync replica\\(s\\) \\[.*\\] of 3 "
                        + "\\[.*\\], fewer than its min.insync.replicas=3: with acks=all every send to it would fail.*"),
            e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
      }

      // The parent is killed (no chance to clean up): its brokers notice their closed stdin and
      // exit.
      main.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!brokerProcesses(dirName).isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertTrue(brokerProcesses(dirName).isEmpty(), "brokers outlived their parent");
    } finally {
      main.destroyForcibly();
    }
  }

  @Test
  void minInsyncReplicasAboveTheInSyncReplicasFailsPreflightInOneLine() throws Exception {
    String topic = uniqueTopic("min-isr");
    try (Admin admin = new Connection(bootstrap(), Map.of(), TIMEOUT_MS).admin()) {
      TopicPlan plan = new TopicPlan(true, 2, (short) 1, 1, false, TIMEOUT_MS, 2);
      Preflight.checkTopic(admin, topic, plan, TIMEOUT_MS);
      KafkaLoadConfigException e =
          assertThrows(
              KafkaLoadConfigException.class,
              () -> Preflight.checkInSyncReplicas(admin, topic, TIMEOUT_MS));
      assertEquals(
          "Topic '"
              + topic
              + "' partition 0 has 1 in-sync replica(s) [1] of 1 [1], fewer than its "
              + "min.insync.replicas=2: with acks=all every send to it would fail (NotEnoughReplicas). Bring the replicas "
              + "back, or lower min.insync.replicas",
          e.getMessage());

      String ok = uniqueTopic("min-isr-ok");
      Preflight.checkTopic(
          admin, ok, new TopicPlan(true, 2, (short) 1, 1, false, TIMEOUT_MS, 1), TIMEOUT_MS);
      assertEquals(1, Preflight.checkInSyncReplicas(admin, ok, TIMEOUT_MS));
    }
  }

  /** The live broker processes of the embedded cluster whose data directory has this name. */
  static List<ProcessHandle> brokerProcesses(String clusterDirName) {
    return ProcessHandle.allProcesses()
        .filter(
            p ->
                commandLine(p).contains("BrokerNodeMain")
                    && commandLine(p).contains(clusterDirName))
        .toList();
  }

  /**
   * The whole command line: ProcessHandle.Info gives up on one as long as a Maven test classpath.
   */
  private static String commandLine(ProcessHandle p) {
    Path proc = Paths.get("/proc", String.valueOf(p.pid()), "cmdline");
    try {
      return Files.isReadable(proc)
          ? Files.readString(proc, StandardCharsets.UTF_8)
          : p.info().commandLine().orElse("");
    } catch (IOException | UncheckedIOException e) {
      return ""; // the process is gone
    }
  }
}
