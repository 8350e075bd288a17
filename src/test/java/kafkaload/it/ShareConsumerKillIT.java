package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.admin.ShareGroupPreflight;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.junit.jupiter.api.Test;

/**
 * A share consumer killed mid-run (issue 20): a consumer of the run's share group in another
 * process ({@link ShareHolderMain}) takes records the run produced, never acknowledges them, and is
 * killed with SIGKILL while the run's consumers ({@link ShareKillSimulation}) work the topic. Its
 * records' locks expire (2 s) and the broker gives them to the run's consumers, delivery count 2:
 * redelivered, and accepted once each; nothing missing, nothing accepted twice, and the run ends
 * when everything is settled, not at its drain deadline.
 */
class ShareConsumerKillIT {
  private static final int LOCK_MS = 2_000;
  private static final int HOLDER_MAX_RECORDS = 10;

  @Test
  void aKilledConsumersRecordsComeBackAfterTheLockAndAreAcceptedOnceByTheOthers() throws Exception {
    String topic = uniqueTopic("share-kill");
    String group = "share-kill-" + UUID.randomUUID().toString().substring(0, 8);
    // One partition: the holder and the run's 3 consumers all share it (with 2, the assignor
    // would give each partition to 2 of the 4 members, and the unkeyed records go to one).
    createTopic(topic, 1);
    // The group's settings before anyone joins (the run sets the same ones again): the holder
    // joins first and must read from the earliest offset with the run's lock.
    try (Admin admin = admin()) {
      ShareGroupPreflight.configureGroup(
          admin,
          group,
          Map.of(
              "share.record.lock.duration.ms",
              String.valueOf(LOCK_MS),
              "share.auto.offset.reset",
              "earliest"),
          10_000);
    }
    Holder holder = new Holder(topic, group);
    try {
      // The holder is a member with partitions before the run starts, so it competes for the
      // run's first records.
      awaitAssigned(group, holder);
      CompletableFuture<GatlingRun> running =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return runGatling(
                      "kafkaload.it.ShareKillSimulation",
                      props("kafka.bootstrap.servers", bootstrap(), "topic", topic, "group", group),
                      150);
                } catch (Exception e) {
                  throw new CompletionException(e);
                }
              });
      List<long[]> held = holder.awaitHolding(running);
      long seenNanos = System.nanoTime();
      int n = held.size();
      assertTrue(n >= 1 && n <= HOLDER_MAX_RECORDS, holder.output());
      // Killed while it holds them: no close, no acknowledgement, no release reaches the broker.
      holder.process.destroyForcibly();
      long killMs = (System.nanoTime() - seenNanos) / 1_000_000;
      assertTrue(holder.process.waitFor(20, TimeUnit.SECONDS), "the holder did not die");
      assertEquals(137, holder.process.exitValue(), "killed by SIGKILL (128 + 9)");

      GatlingRun run = running.get(180, TimeUnit.SECONDS);
      assertEquals(0, run.exitCode(), run.tail());
      JsonNode g = null;
      for (JsonNode p : summaryJson(run).get("protocols")) {
        for (JsonNode s : p.path("shareGroups")) {
          if (s.get("request").asText().equals("kill")) {
            g = s;
          }
        }
      }
      assertNotNull(g, run.tail());
      JsonNode r = g.get("reconciliation");
      long produced = r.get("produced").asLong();
      assertEquals(
          (long) ShareKillSimulation.BURST * ShareKillSimulation.BURSTS, produced, g.toString());
      assertEquals(produced, endOffsetSum(topic));

      // The holder's records were the run's (identity headers), each a different one.
      Set<Long> seqs = new HashSet<>();
      for (long[] h : held) {
        assertTrue(h[3] >= 0, "a held record without the run's identity: " + holder.output());
        seqs.add(h[3]);
      }
      assertEquals(n, seqs.size(), holder.output());

      // They came back to the run's consumers: delivered to them at delivery count 2 or more,
      // never at 1 (the holder had their first delivery).
      long firstDeliveries = g.at("/deliveryCounts/1").asLong();
      long later = 0;
      var counts = g.get("deliveryCounts").fields();
      while (counts.hasNext()) {
        var e = counts.next();
        if (Integer.parseInt(e.getKey()) >= 2) {
          later += e.getValue().asLong();
        }
      }
      assertTrue(firstDeliveries <= produced - n, n + " held; " + g);
      assertTrue(later >= n, n + " held; " + g);
      assertTrue(g.get("redelivered").asLong() >= n, n + " held; " + g);
      assertEquals(3, g.get("perConsumer").size(), g.toString());

      // Accepted exactly once each: every record of the run accepted once, none twice, none
      // missing (the holder accepted nothing).
      assertEquals(produced, r.get("acceptedOnce").asLong(), r.toString());
      assertEquals(0, r.get("acceptedTwice").asLong(), r.toString());
      assertEquals(0, r.get("missing").asLong(), r.toString());
      assertEquals(0, r.get("rejected").asLong() + r.get("archived").asLong(), r.toString());
      assertTrue(r.get("ok").asBoolean(), r.toString());
      assertEquals(produced, g.get("accepted").asLong(), g.toString());
      assertEquals(0, g.at("/lagVerdict/lagAtEnd").asLong(), g.toString());
      assertArrayEquals(new long[] {1, 1, 0}, run.counts("kill reconciled"), run.tail());
      assertArrayEquals(new long[] {1, 1, 0}, run.counts("kill lag"), run.tail());
      assertEquals(produced, run.counts("kill accept")[1], run.tail());

      // On time: the consumers stopped once everything was settled, before their drain deadline.
      long seconds = elapsedSeconds(run);
      System.out.printf(
          "[ShareConsumerKillIT] held %d (seq %s), killed %d ms after it said so; redelivered %d,"
              + " deliveries at count >= 2: %d; accepted %d of %d; simulation %d s%n",
          n,
          seqs,
          killMs,
          g.get("redelivered").asLong(),
          later,
          g.get("accepted").asLong(),
          produced,
          seconds);
      assertTrue(
          seconds < ShareKillSimulation.HEAD_START + 4 + 30,
          "the run took " + seconds + " s: it waited for its drain deadline");
    } finally {
      holder.process.destroyForcibly();
    }
  }

  /** The simulation's length: Gatling's last console block's "Ns elapsed". */
  private static long elapsedSeconds(GatlingRun run) {
    Matcher m = Pattern.compile("(\\d+)s elapsed").matcher(run.output());
    long last = -1;
    while (m.find()) {
      last = Long.parseLong(m.group(1));
    }
    assertTrue(last >= 0, run.tail());
    return last;
  }

  /** Until the holder is a member of the group with partitions (bounded, polled). */
  private static void awaitAssigned(String group, Holder holder) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    try (Admin admin = admin()) {
      while (System.nanoTime() < deadline) {
        assertTrue(holder.process.isAlive(), "the holder died: " + holder.output());
        try {
          ShareGroupDescription d =
              admin
                  .describeShareGroups(List.of(group))
                  .describedGroups()
                  .get(group)
                  .get(5, TimeUnit.SECONDS);
          if (d.members().stream().anyMatch(m -> !m.assignment().topicPartitions().isEmpty())) {
            return;
          }
        } catch (Exception notYet) {
          // the group is not known yet
        }
        Thread.sleep(100);
      }
    }
    fail("the holder was not assigned partitions within 60 s: " + holder.output());
  }

  /** The other process's share consumer, and what it printed. */
  private static final class Holder {
    final Process process;
    private final List<String> lines = new ArrayList<>();

    Holder(String topic, String group) throws Exception {
      List<String> cmd =
          List.of(
              Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
              "-XX:TieredStopAtLevel=1",
              "-Xmx256m",
              "-cp",
              System.getProperty("java.class.path"),
              ShareHolderMain.class.getName(),
              bootstrap(),
              topic,
              group,
              String.valueOf(HOLDER_MAX_RECORDS));
      process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader in =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = in.readLine()) != null) {
                    synchronized (lines) {
                      lines.add(line);
                    }
                  }
                } catch (java.io.IOException e) {
                  // the process went
                }
              },
              "share-holder-output");
      reader.setDaemon(true);
      reader.start();
    }

    String output() {
      synchronized (lines) {
        return String.join("\n", lines);
      }
    }

    /**
     * Waits (polling its output) until the holder printed "HOLDING n", and returns its records as
     * [partition, offset, deliveryCount, seq]; fails when it died or the run ended first.
     */
    List<long[]> awaitHolding(CompletableFuture<GatlingRun> running) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (System.nanoTime() < deadline) {
        List<String> now;
        synchronized (lines) {
          now = List.copyOf(lines);
        }
        if (now.stream().anyMatch(l -> l.startsWith("HOLDING "))) {
          List<long[]> out = new ArrayList<>();
          for (String l : now) {
            if (l.startsWith("HELD ")) {
              String[] f = l.split(" ");
              out.add(
                  new long[] {
                    Long.parseLong(f[1]),
                    Long.parseLong(f[2]),
                    Long.parseLong(f[3]),
                    Long.parseLong(f[4])
                  });
            }
          }
          return out;
        }
        assertTrue(process.isAlive(), "the holder died: " + output());
        if (running.isDone()) {
          fail("the run ended before the holder held records: " + running.get().tail());
        }
        Thread.sleep(20);
      }
      fail("the holder held nothing within 120 s: " + output());
      return List.of();
    }
  }
}
