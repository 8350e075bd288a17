package kafkaload.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.charts.stats.LogFileData;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.distributed.Merge;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.run.KoLedger;
import kafkaload.internal.semantic.share.ShareGroupResults;
import kafkaload.internal.semantic.share.ShareOutcomes;
import kafkaload.internal.semantic.share.ShareSemantic;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * Share groups (KIP-932) over two injectors ({@code Distributed local}, the tests' broker): the
 * shipped ShareGroupSimulation on each, their consumers one share group named from the run id, one
 * merged group on the merged page and summary whose counters are the injectors' sums, and one
 * reconciliation by identity over both injectors' records, where a record produced on one injector
 * and accepted on the other is not missing.
 */
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
@Tag("quiet") // alone: its injectors must start together
class ShareGroupDistributedIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void twoInjectorsConsumeAsOneShareGroupAndReconcileOverTheUnion() throws Exception {
    String runId = "share-" + UUID.randomUUID().toString().substring(0, 8);
    Path root = Paths.get("target", "distributed-it", runId);
    DistributedIT.Run run =
        DistributedIT.distributed(
            "local",
            Map.ofEntries(
                Map.entry("gatling.simulationClass", "simulations.ShareGroupSimulation"),
                Map.entry("injector.count", "2"),
                Map.entry("run.id", runId),
                // 40 records/s and 4 consumers in all, split: 20/s and 2 consumers an injector.
                Map.entry("rate", "40"),
                Map.entry("share.consumers", "4"),
                Map.entry("share.slowConsumers", "0"),
                Map.entry("share.releasePct", "0"),
                Map.entry("share.rejectPct", "0"),
                // Every member assigned before the first record: with 2 s, one injector's two
                // consumers once had no records at all (a member joins, then the coordinator
                // assigns within group.share.assignment.interval.ms, then heartbeats).
                Map.entry("share.headStartSeconds", "5"),
                Map.entry("share.drainTimeoutSeconds", "20"),
                Map.entry("duration", "3"),
                Map.entry("topic", KafkaTestSupport.uniqueTopic("distshare")),
                // A partition for each consumer, and keyed records spread over all four: Kafka's
                // simple assignor then gives every member one partition of its own (at 2
                // partitions, two members shared each one, and keyless records stuck to one
                // partition, so which injector's consumers got records was Kafka's pick).
                Map.entry("topic.partitions", "4"),
                Map.entry("key", "roundrobin"),
                Map.entry("gate.minRps", "0"),
                Map.entry("gate.p99Ms", "600000"),
                Map.entry("kafka.bootstrap.servers", KafkaTestSupport.bootstrap()),
                Map.entry("local.results", root.toString()),
                // An injector reached the common start 2 to 4 s after its JVM started (load
                // average 9 to 14); 10 s leaves room for a busier machine (a late one exits 5).
                Map.entry("local.startDelaySeconds", "10"),
                Map.entry("local.injectorHeap", "384m")),
            240);
    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("merge verdict: PASSED"), run.output());

    // Each injector: the one group of the run, its outcomes handed to the merge, no verdict alone.
    String group = "kafkaload-share-" + runId + "-share";
    List<ProtocolResults> injectors = new ArrayList<>();
    List<ShareGroupResults> own = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      ProtocolResults p =
          kafkaload.internal.results.ResultsJson.read(
                  DistributedIT.injectorLog(root, i).resolveSibling("kafka-summary.json"))
              .protocols()
              .get(0);
      injectors.add(p);
      ShareGroupResults g = p.section(ShareSemantic.SECTION).get(0);
      own.add(g);
      assertEquals(group, g.settings().group(), "one group for every injector, from the run id");
      assertEquals(null, g.reconciliation(), "left to the merge: " + g);
      assertTrue(
          p.distributed().section(ShareSemantic.RECORDS).containsKey("share"),
          p.distributed().toString());
      assertEquals(2, g.work().perConsumer().size(), "injector " + i + "'s consumers: " + g);
      // Each injector's consumers took part: each holds partitions that records were sent to.
      assertTrue(
          g.deliveries().accepted() > 0, "injector " + i + "'s consumers accepted records: " + g);
    }

    JsonNode merged =
        JSON.readTree(DistributedIT.mergedDir(root).resolve("kafka-summary.json").toFile())
            .path("protocols")
            .path(0);
    JsonNode g = merged.path("shareGroups").path(0);
    assertEquals(group, g.path("group").asText(), g.toString());
    assertEquals(2, g.path("injectors").asInt(), g.toString());
    assertEquals(4, g.path("consumers").asInt(), g.toString());
    for (String counter :
        List.of(
            "acquired",
            "accepted",
            "released",
            "rejected",
            "redelivered",
            "archived",
            "ackRefused",
            "renewed",
            "polls")) {
      long sum = 0;
      for (ShareGroupResults o : own) {
        sum += JSON.valueToTree(o).path(counter).asLong();
      }
      assertEquals(sum, g.path(counter).asLong(), counter + ": " + g);
    }
    assertEquals(
        own.get(0).latency().endToEndMs().count() + own.get(1).latency().endToEndMs().count(),
        g.path("endToEndMs").path("count").asLong(),
        "end-to-end latencies of both injectors' accepts: " + g);
    Set<Integer> rowsOf = new HashSet<>();
    g.path("perConsumer").forEach(c -> rowsOf.add(c.path("injector").asInt()));
    assertEquals(4, g.path("perConsumer").size(), g.toString());
    assertEquals(Set.of(0, 1), rowsOf, "every consumer's row names its injector: " + g);

    // One reconciliation over both injectors' records: every acked record accepted once.
    long acked = 0;
    for (ProtocolResults p : injectors) {
      acked += p.sends().throughput().ackedOk();
    }
    JsonNode r = g.path("reconciliation");
    assertTrue(acked > 0, merged.toString());
    assertEquals(acked, r.path("produced").asLong(), r.toString());
    assertEquals(0, r.path("missing").asLong(), r.toString());
    assertEquals(0, r.path("acceptedTwice").asLong(), r.toString());
    assertEquals(acked, r.path("acceptedOnce").asLong(), r.toString());

    // Records produced on one injector and accepted on the other, which alone it would call
    // missing.
    int crossed = 0;
    int lossOf = -1;
    long lossCount = 0;
    for (int i = 0; i < 2; i++) {
      ProtocolResults mine = injectors.get(i);
      ProtocolResults other = injectors.get(1 - i);
      long start = (long) i << InjectorShare.SEQUENCE_BITS;
      Roaring64Bitmap elsewhere =
          accepted(other.distributed().section(ShareSemantic.RECORDS).get("share").accepted());
      long mineElsewhere =
          elsewhere.stream()
              .filter(s -> s >= start && s < start + mine.distributed().sequencesIssued())
              .count();
      if (mineElsewhere > 0) {
        crossed++;
        lossOf = i;
        lossCount = mineElsewhere;
        KoLedger ko = new KoLedger();
        ko.addSerialized(java.util.Base64.getDecoder().decode(mine.distributed().koSequences()));
        ShareGroupResults.Reconciliation alone =
            ShareOutcomes.of(mine.distributed().section(ShareSemantic.RECORDS).get("share"))
                .reconcile(
                    List.of(new ShareOutcomes.Range(start, mine.distributed().sequencesIssued())),
                    ko,
                    0);
        assertEquals(mineElsewhere, alone.missing(), "alone, injector " + i + ": " + alone);
      }
    }
    assertTrue(crossed > 0, "records crossed injectors: " + run.output());

    // The merged log: one "share reconciled" request, OK; the page shows the merged group.
    LogFileData log = DistributedIT.read(DistributedIT.mergedDir(root).resolve("simulation.log"));
    assertEquals(1, DistributedIT.stats(log, "share reconciled").count(), run.output());
    assertEquals(0, failed(log, "share reconciled"), run.output());
    String page = Files.readString(DistributedIT.mergedDir(root).resolve("kafka.html"));
    assertTrue(page.contains("\"acceptedOnce\" : " + acked), "the page carries the merged group");
    Path chromium = Paths.get("/usr/bin/chromium");
    if (Files.isExecutable(chromium)) {
      KafkaPageIT.Chrome dom =
          KafkaPageIT.chrome(
              chromium,
              "--dump-dom",
              DistributedIT.mergedDir(root).resolve("kafka.html").toUri().toString());
      KafkaPageIT.assertNoScriptErrors(dom);
      assertTrue(
          dom.stdout().contains("over every injector's records and consumers"),
          "the merged reconciliation on the page");
      assertTrue(dom.stdout().contains("4 consumers on 2 injectors"), "the merged group's heading");
      assertTrue(
          dom.stdout().contains("<th class=\"\">injector</th><th class=\"\">consumer</th>"),
          "each consumer's injector in its row");
    }

    // The same results, but the other injector's consumers never accepted those records: the
    // merged verdict fails on them, as one injector's would on its own missing records.
    Path spoilt = spoilt(root, 1 - lossOf, lossOf);
    Merge.Outcome outcome = Merge.run(spoilt, 2, spoilt.resolve("merged"), null, 0);
    assertEquals(Merge.GATE_FAILED, outcome.exitCode(), outcome.verdict());
    JsonNode lost =
        JSON.readTree(outcome.runDir().resolve("kafka-summary.json").toFile())
            .at("/protocols/0/shareGroups/0/reconciliation");
    assertEquals(lossCount, lost.path("missing").asLong(), lost.toString());
    assertFalse(lost.path("ok").asBoolean(), lost.toString());
    LogFileData spoiltLog = DistributedIT.read(outcome.runDir().resolve("simulation.log"));
    assertEquals(1, failed(spoiltLog, "share reconciled"), "the merged verdict's KO");
  }

  /**
   * A copy of the injectors' results (without the merge) where injector {@code of}'s consumers
   * accepted none of injector {@code from}'s records.
   */
  private static Path spoilt(Path root, int of, int from) throws Exception {
    Path dst = root.resolveSibling(root.getFileName() + "-spoilt");
    try (Stream<Path> s = Files.walk(root)) {
      for (Path f : s.filter(x -> !root.relativize(x).startsWith("merged")).toList()) {
        Files.copy(f, dst.resolve(root.relativize(f).toString()));
      }
    }
    Path summary = DistributedIT.injectorLog(dst, of).resolveSibling("kafka-summary.json");
    ObjectNode tree = (ObjectNode) JSON.readTree(summary.toFile());
    ObjectNode records = (ObjectNode) tree.at("/protocols/0/distributed/shareGroups/share");
    Roaring64Bitmap accepted = accepted(records.path("accepted").asText());
    long start = (long) from << InjectorShare.SEQUENCE_BITS;
    Roaring64Bitmap kept = new Roaring64Bitmap();
    accepted.stream()
        .filter(seq -> seq < start || seq >= start + (1L << InjectorShare.SEQUENCE_BITS))
        .forEach(kept::addLong);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataOutputStream d = new DataOutputStream(out)) {
      kept.serializePortable(d);
    }
    records.put("accepted", Base64.getEncoder().encodeToString(out.toByteArray()));
    Files.writeString(summary, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
    return dst;
  }

  private static long failed(LogFileData log, String request) {
    // None when the request has no KO at all.
    scala.Option<io.gatling.charts.stats.GeneralStats> ko =
        log.requestGeneralStats(
            scala.Option.apply(request),
            scala.Option.empty(),
            scala.Option.apply(io.gatling.commons.stats.KO$.MODULE$));
    return ko.isEmpty() ? 0 : ko.get().count();
  }

  private static Roaring64Bitmap accepted(String base64) throws Exception {
    Roaring64Bitmap b = new Roaring64Bitmap();
    b.deserializePortable(
        new java.io.DataInputStream(
            new java.io.ByteArrayInputStream(java.util.Base64.getDecoder().decode(base64))));
    return b;
  }
}
