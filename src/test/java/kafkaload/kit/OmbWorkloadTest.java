package kafkaload.kit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatling.javaapi.core.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import kafkaload.Params;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OMB workload files: parsed, mapped to the knobs, and what cannot be honoured refused by name. */
class OmbWorkloadTest {
  static final String BASE =
      """
      name: base
      topics: 1
      partitionsPerTopic: 16
      messageSize: 1024
      keyDistributor: NO_KEY
      subscriptionsPerTopic: 0
      consumerPerSubscription: 0
      producersPerTopic: 1
      producerRate: 10000
      consumerBacklogSizeGB: 0
      testDurationMinutes: 0.1
      warmupDurationMinutes: 0
      """;

  static Map<String, String> knobs(String yaml) {
    return OmbWorkload.parse(yaml, "w.yaml").knobs("w.yaml", 1.0);
  }

  static String refused(String yaml) {
    return assertThrows(KafkaLoadConfigException.class, () -> knobs(yaml)).getMessage();
  }

  static String with(String field, String value) {
    String base = BASE.replaceAll("(?m)^" + field + ":.*\\n", "");
    return base + field + ": " + value + "\n";
  }

  @Test
  void mapsTheHonouredFieldsToTheKnobs() {
    Map<String, String> k = knobs(BASE);
    assertEquals("16", k.get("topic.partitions"));
    assertEquals("1024", k.get("recordSize"));
    assertEquals("none", k.get("key"));
    assertEquals("shared", k.get("producer.mode"));
    assertEquals("10000", k.get("rate"));
    assertEquals("6", k.get("duration"), "0.1 min is 6 s");
    assertEquals("0", k.get("warmup"));
    assertFalse(k.containsKey("value.compressibility"));
    assertFalse(k.containsKey("gate.lagMaxSlope"), "no subscription: no lag verdict to bound");
    Map<String, String> subscribed =
        knobs(
            with("subscriptionsPerTopic", "1")
                .replace("consumerPerSubscription: 0", "consumerPerSubscription: 1"));
    assertEquals("100", subscribed.get("gate.lagMaxSlope"), "1 % of 10,000 msg/s");
    assertEquals(
        "10",
        knobs(
                with("subscriptionsPerTopic", "1")
                    .replace("consumerPerSubscription: 0", "consumerPerSubscription: 1")
                    .replace("producerRate: 10000", "producerRate: 500"))
            .get("gate.lagMaxSlope"),
        "never below the default");
  }

  @Test
  void keysProducersAndRandomizedPayloads() {
    assertEquals("roundrobin", knobs(with("keyDistributor", "KEY_ROUND_ROBIN")).get("key"));
    assertEquals("10000", knobs(with("keyDistributor", "KEY_ROUND_ROBIN")).get("key.count"));
    assertEquals("uniform", knobs(with("keyDistributor", "RANDOM_NANO")).get("key"));
    Map<String, String> pool = knobs(with("producersPerTopic", "4"));
    assertEquals("pool", pool.get("producer.mode"));
    assertEquals("4", pool.get("producer.pool"));
    Map<String, String> r = knobs(BASE + "useRandomizedPayloads: true\nrandomBytesRatio: 0.25\n");
    assertEquals(0.75, Double.parseDouble(r.get("value.compressibility")), 1e-9);
    assertFalse(
        knobs(BASE + "useRandomizedPayloads: true\nrandomBytesRatio: 1.0\n")
            .containsKey("value.compressibility"),
        "all random: the generator's own random values");
  }

  @Test
  void subscriptionsAreConsumerGroupsOfTheirOwn() {
    Map<String, String> k =
        knobs(
            BASE.replace("subscriptionsPerTopic: 0", "subscriptionsPerTopic: 2")
                .replace("consumerPerSubscription: 0", "consumerPerSubscription: 32"));
    assertEquals("2", k.get("subscriptions"));
    assertEquals("32", k.get("subscriptions.consumers"), "more than the 16 partitions: accepted");
    assertFalse(knobs(BASE).containsKey("subscriptions"), "0: no consumers, as before");
    SubscriptionParams subs =
        SubscriptionParams.of(
            Params.of(Map.of("subscriptions.groupPrefix", "g"), Map.of()).withDefaults(k));
    assertEquals(List.of("g-sub-0", "g-sub-1"), subs.groups("t"));
    assertEquals(32, subs.consumers());
    assertEquals(30, subs.drainSeconds());
    assertEquals(0, SubscriptionParams.of(Params.of(Map.of(), Map.of())).subscriptions());
    assertTrue(
        SubscriptionParams.of(Params.of(Map.of("subscriptions", "1"), Map.of()))
            .groups("t")
            .get(0)
            .matches("kafkaload-omb-[0-9a-f]{8}-sub-0"));
  }

  @Test
  void missingOptionalFieldsTakeOmbsDefaults() {
    Map<String, String> k =
        knobs(
            """
            topics: 1
            partitionsPerTopic: 2
            messageSize: 100
            producerRate: 50
            testDurationMinutes: 2
            """);
    assertEquals("60", k.get("warmup"), "OMB's warm-up: 1 minute");
    assertEquals("120", k.get("duration"));
    assertEquals("none", k.get("key"));
  }

  @Test
  void manyTopicsSpreadTheWholeRateOverThemAll() {
    Map<String, String> k = knobs(with("topics", "4"));
    assertEquals("4", k.get("topics"), "-Dtopics: the sends spread over 4 topics");
    assertEquals("16", k.get("topic.partitions"), "partitionsPerTopic: each topic's");
    assertEquals("10000", k.get("rate"), "producerRate: over all the topics together");
    assertNull(knobs(BASE).get("topics"), "one topic: -Dtopic as it is");
  }

  @Test
  void severalTopicsWithSubscriptionsHaveAGroupPerSubscriptionAndTopic() {
    Map<String, String> k =
        knobs(
            with("topics", "3")
                .replace("subscriptionsPerTopic: 0", "subscriptionsPerTopic: 2")
                .replace("consumerPerSubscription: 0", "consumerPerSubscription: 1"));
    assertEquals("3", k.get("topics"));
    assertEquals("2", k.get("subscriptions"));
    SubscriptionParams subs =
        SubscriptionParams.of(
            Params.of(Map.of("subscriptions.groupPrefix", "g"), Map.of()).withDefaults(k));
    assertEquals(
        List.of(
            "g-sub-0-t-0",
            "g-sub-0-t-1",
            "g-sub-0-t-2",
            "g-sub-1-t-0",
            "g-sub-1-t-1",
            "g-sub-1-t-2"),
        subs.groups("t"));
  }

  @Test
  void producerRateZeroIsTheCapacitySearchFromOmbsStartRate() {
    OmbWorkload w = OmbWorkload.parse(with("producerRate", "0"), "w.yaml");
    assertEquals(Workload.Mode.MAX_RATE, w.mode("w.yaml"));
    Map<String, String> k = w.knobs("w.yaml", 1.0);
    assertNull(k.get("rate"), "no fixed rate");
    assertEquals("10000", k.get("capacity.startRate"), "OMB's search starts at 10,000 msg/s");
    assertEquals("0", k.get("capacity.warmUpSeconds"), "the workload's warm-up");
    assertEquals("6", k.get("capacity.maxSeconds"), "searching for the test's duration");
    CapacityParams c = CapacityParams.of(Params.of(Map.of(), Map.of()).withDefaults(k));
    assertEquals(10000, c.startRate());
    assertEquals(6, c.maxSeconds());
    assertEquals(Workload.Mode.FIXED_RATE, OmbWorkload.parse(BASE, "w").mode("w"));
  }

  @Test
  void aBacklogIsBuiltOfItsSizeScaledDownByAKnobAndDrainedToItsRatio(@TempDir Path dir)
      throws Exception {
    String yaml =
        with("consumerBacklogSizeGB", "2")
                .replace("subscriptionsPerTopic: 0", "subscriptionsPerTopic: 1")
                .replace("consumerPerSubscription: 0", "consumerPerSubscription: 4")
            + "backlogDrainRatio: 0.9\n";
    OmbWorkload w = OmbWorkload.parse(yaml, "w.yaml");
    assertEquals(Workload.Mode.BACKLOG, w.mode("w.yaml"));
    Map<String, String> full = w.knobs("w.yaml", 1.0);
    assertEquals(String.valueOf(2L << 30), full.get("backlog.bytes"), "2 GiB");
    assertEquals("10000", full.get("backlog.rate"), "producerRate");
    assertEquals("0.9", full.get("backlog.drainRatio"));
    Map<String, String> small = w.knobs("w.yaml", 0.001);
    assertEquals(String.valueOf((long) Math.ceil((2L << 30) * 0.001)), small.get("backlog.bytes"));
    // 2,147,484 bytes of 1 KiB at 10,000 msg/s: under a second to build; the bounds' floor.
    assertEquals("60", small.get("backlog.maxBuildSeconds"));
    assertEquals(
        "1.0",
        OmbWorkload.parse(yaml.replace("backlogDrainRatio: 0.9\n", ""), "w")
            .knobs("w", 1.0)
            .get("backlog.drainRatio"),
        "OMB's default: drained in full");
    String m = refused(yaml.replace("subscriptionsPerTopic: 1", "subscriptionsPerTopic: 2"));
    assertTrue(m.contains("subscriptionsPerTopic: 2 cannot be honoured"), m);
    m = refused(yaml.replace("producerRate: 10000", "producerRate: 0"));
    assertTrue(m.contains("consumerBacklogSizeGB: 2.0") && m.contains("producerRate 0"), m);
    m = assertThrows(KafkaLoadConfigException.class, () -> w.knobs("w.yaml", 1e-12)).getMessage();
    assertTrue(m.contains("-Domb.backlogScale"), m);
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, yaml);
    Workload scaled =
        Workload.of(
            Params.of(Map.of("workload", file.toString(), "omb.backlogScale", "0.5"), Map.of()));
    assertEquals(Workload.Mode.BACKLOG, scaled.mode());
    assertEquals(String.valueOf(1L << 30), scaled.params().raw("backlog.bytes"));
  }

  @Test
  void anUnknownFieldIsRefusedByName() {
    String m = refused(BASE + "producerRte: 100\n");
    assertTrue(m.contains("unknown field 'producerRte'"), m);
    assertTrue(m.contains("producerRate"), "lists the known fields: " + m);
  }

  @Test
  void aValueOfTheWrongTypeNamesItsField() {
    String m = refused(with("partitionsPerTopic", "many"));
    assertTrue(m.contains("'partitionsPerTopic'"), m);
  }

  @Test
  void aMissingRequiredFieldIsNamed() {
    String m = refused(BASE.replace("producerRate: 10000\n", ""));
    assertTrue(m.contains("'producerRate' is missing"), m);
  }

  @Test
  void eachFieldItCannotHonourIsRefusedNamingItsValueAndWhy() {
    String m = refused(with("topics", "0"));
    assertTrue(m.contains("topics: 0 cannot be honoured"), m);
    m = refused(with("producerRate", "10.5"));
    assertTrue(m.contains("producerRate: 10.5"), m);
    m = refused(with("producerRate", "-1"));
    assertTrue(m.contains("producerRate: -1.0"), m);
    m = refused(with("consumerBacklogSizeGB", "-2"));
    assertTrue(m.contains("consumerBacklogSizeGB: -2.0"), m);
    m = refused(with("backlogDrainRatio", "1.5"));
    assertTrue(m.contains("backlogDrainRatio: 1.5"), m);
    m = refused(with("subscriptionsPerTopic", "-1"));
    assertTrue(m.contains("subscriptionsPerTopic: -1 cannot be honoured"), m);
    m = refused(with("consumerPerSubscription", "1"));
    assertTrue(m.contains("consumerPerSubscription: 1"), m);
    m = refused(with("subscriptionsPerTopic", "1"));
    assertTrue(m.contains("consumerPerSubscription: 0 cannot be honoured"), m);
    m =
        refused(
            with("subscriptionsPerTopic", "1").replace("consumerPerSubscription: 0\n", "")
                + "consumerPerSubscription: -2\n");
    assertTrue(m.contains("consumerPerSubscription: -2 cannot be honoured"), m);
    m = refused(with("keyDistributor", "ZIPF"));
    assertTrue(m.contains("keyDistributor: ZIPF") && m.contains("KEY_ROUND_ROBIN"), m);
    m = refused(with("randomBytesRatio", "0.5"));
    assertTrue(m.contains("randomBytesRatio: 0.5") && m.contains("useRandomizedPayloads"), m);
    m = refused(with("randomizedPayloadPoolSize", "10"));
    assertTrue(m.contains("randomizedPayloadPoolSize: 10"), m);
    m = refused(BASE + "useRandomizedPayloads: true\nrandomBytesRatio: 0\n");
    assertTrue(m.contains("randomBytesRatio: 0.0"), m);
    m = refused(with("testDurationMinutes", "0.001"));
    assertTrue(m.contains("testDurationMinutes: 0.001"), m);
    m = refused(with("partitionsPerTopic", "0"));
    assertTrue(m.contains("partitionsPerTopic: 0"), m);
    m = refused(with("backlogDrainRatio", "-1"));
    assertTrue(m.contains("backlogDrainRatio: -1.0"), m);
    assertTrue(m.startsWith("-Dworkload=w.yaml: "), m);
  }

  @Test
  void theWorkloadIsTheSnapshotsDefaultsAndACommandLineKnobWins(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, BASE);
    Workload w =
        Workload.of(Params.of(Map.of("workload", file.toString(), "duration", "3"), Map.of()));
    assertEquals("base", w.name());
    RunParams plan = RunParams.of(w.params());
    assertEquals(16, plan.topic().partitions());
    assertEquals(1024, plan.records().size());
    assertEquals(3, plan.phases().durationSeconds(), "-Dduration wins over testDurationMinutes");
    assertEquals(10000, w.params().positiveInt("rate", 1));
  }

  @Test
  void aPayloadFileIsEachValueAndMustHoldMessageSizeBytes(@TempDir Path dir) throws Exception {
    byte[] bytes = new byte[1024];
    bytes[7] = 42;
    Files.write(dir.resolve("p.data"), bytes);
    Path file = dir.resolve("w.yaml");
    Files.writeString(file, BASE + "payloadFile: p.data\n");
    Workload w = Workload.of(Params.of(Map.of("workload", file.toString()), Map.of()));
    Object value = w.valueFunction(RunParams.of(w.params())).apply((Session) null);
    assertArrayEquals(bytes, (byte[]) value);

    Files.write(dir.resolve("p.data"), new byte[10]);
    String m =
        assertThrows(
                KafkaLoadConfigException.class,
                () -> Workload.of(Params.of(Map.of("workload", file.toString()), Map.of())))
            .getMessage();
    assertTrue(m.contains("payloadFile: p.data holds 10 bytes but messageSize is 1024"), m);
  }

  @Test
  void aPayloadFileIsAlsoFoundFromOmbsRoot(@TempDir Path omb) throws Exception {
    Files.createDirectories(omb.resolve("payload"));
    Files.createDirectories(omb.resolve("workloads"));
    byte[] bytes = new byte[1024];
    bytes[0] = 9;
    Files.write(omb.resolve("payload/payload-1Kb.data"), bytes);
    Path file = omb.resolve("workloads/w.yaml");
    Files.writeString(file, BASE + "payloadFile: \"payload/payload-1Kb.data\"\n");
    Workload w = Workload.of(Params.of(Map.of("workload", file.toString()), Map.of()));
    assertArrayEquals(
        bytes, (byte[]) w.valueFunction(RunParams.of(w.params())).apply((Session) null));
  }

  @Test
  void noWorkloadIsRefused() {
    String m =
        assertThrows(
                KafkaLoadConfigException.class, () -> Workload.of(Params.of(Map.of(), Map.of())))
            .getMessage();
    assertTrue(m.contains("-Dworkload is required"), m);
  }

  /**
   * Each shipped workload is accepted and runs what its file says: its fields, read here line by
   * line apart from the parser, are the knobs the run gets (name, rate, partitions, record size,
   * producers, topics, subscriptions, warm-up and duration), and a record is messageSize bytes.
   */
  @Test
  void theShippedWorkloadsAreAcceptedAndRunWhatTheirFilesSay() throws Exception {
    List<Path> shipped;
    try (var files = Files.list(Path.of("src/test/resources/workloads"))) {
      shipped = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertEquals(7, shipped.size(), "docs/workloads.md lists seven: " + shipped);
    for (Path f : shipped) {
      Map<String, String> field = new java.util.HashMap<>();
      for (String line : Files.readAllLines(f)) {
        int colon = line.indexOf(':');
        if (!line.startsWith("#") && colon > 0) {
          field.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
        }
      }
      Workload w = Workload.of(Params.of(Map.of("workload", f.toString()), Map.of()));
      RunParams plan = RunParams.of(w.params());
      String at = f.getFileName().toString();
      assertEquals(field.get("name"), w.name(), at);
      int rate = Integer.parseInt(field.get("producerRate"));
      double backlogGb = Double.parseDouble(field.getOrDefault("consumerBacklogSizeGB", "0"));
      if (rate == 0) {
        // OMB's max rate: the capacity search from OMB's start rate, over the test's duration.
        assertEquals(10_000, w.params().positiveInt("capacity.startRate", 1), at);
        assertEquals(
            Math.round(Double.parseDouble(field.get("testDurationMinutes")) * 60),
            w.params().positiveInt("capacity.maxSeconds", 1),
            at);
      } else if (backlogGb > 0) {
        assertEquals(rate, w.params().positiveInt("backlog.rate", 1), at);
        assertEquals(
            (long) Math.ceil(backlogGb * (1L << 30)),
            Long.parseLong(w.params().raw("backlog.bytes")),
            at);
        assertEquals(
            Double.parseDouble(field.get("backlogDrainRatio")),
            Double.parseDouble(w.params().raw("backlog.drainRatio")),
            at);
      } else {
        assertEquals(rate, w.params().positiveInt("rate", 1), at);
      }
      assertEquals(
          Integer.parseInt(field.get("partitionsPerTopic")), plan.topic().partitions(), at);
      assertEquals(Integer.parseInt(field.get("messageSize")), plan.records().size(), at);
      assertEquals(
          Math.round(Double.parseDouble(field.get("testDurationMinutes")) * 60),
          plan.phases().durationSeconds(),
          at);
      assertEquals(
          Math.round(Double.parseDouble(field.get("warmupDurationMinutes")) * 60),
          plan.phases().warmupSeconds(),
          at);
      int producers = Integer.parseInt(field.get("producersPerTopic"));
      assertEquals(producers == 1 ? "shared" : "pool", plan.producer().mode(), at);
      if (producers > 1) {
        assertEquals(producers, plan.producer().pool(), at);
      }
      int topics = Integer.parseInt(field.get("topics"));
      assertEquals(topics, w.params().positiveInt("topics", 1), at);
      int subscriptions = Integer.parseInt(field.getOrDefault("subscriptionsPerTopic", "0"));
      assertEquals(subscriptions, w.params().nonNegativeInt("subscriptions", 0), at);
      Object value = w.valueFunction(plan).apply((Session) null);
      assertEquals(Integer.parseInt(field.get("messageSize")), ((byte[]) value).length, at);
    }
  }
}
