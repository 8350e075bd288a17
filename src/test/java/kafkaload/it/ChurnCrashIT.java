package kafkaload.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import kafkaload.internal.broker.EmbeddedKafka;
import kafkaload.internal.semantic.churn.ChurnConsumerProcess;
import kafkaload.internal.semantic.churn.ChurnConsumerSettings;
import kafkaload.internal.semantic.churn.ChurnCost;
import kafkaload.internal.semantic.churn.ChurnCost.EventCost;
import kafkaload.internal.semantic.churn.ChurnCost.Timeline;
import kafkaload.internal.semantic.churn.ChurnCost.Window;
import kafkaload.internal.semantic.churn.ChurnEvent;
import kafkaload.internal.semantic.churn.ChurnEvent.Change;
import kafkaload.internal.semantic.churn.ChurnEvent.Committed;
import kafkaload.internal.semantic.churn.ChurnEvent.Ownership;
import kafkaload.internal.semantic.churn.ChurnEvent.Read;
import kafkaload.internal.semantic.churn.ChurnProtocol;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A crashed consumer is a real crash (issue 47): two consumers of a group, each in its own JVM, on
 * a 4-partition topic; one is killed (no leave, no commit). Its partitions go to the other only
 * once the group gave up on it: after {@code session.timeout.ms} under the classic protocol, after
 * the broker's {@code group.consumer.session.timeout.ms} under KIP-848 ({@code
 * group.protocol=consumer}). A graceful leave would move them at once. Both protocols run side by
 * side on a broker of the test's own: the shared one keeps Kafka's KIP-848 session timeout, 45 s,
 * and its floor {@code group.consumer.min.session.timeout.ms} is a static broker setting, 45 s too,
 * which no group config may go under; this broker lowers both to the classic protocol's 6 s.
 */
// Kafka's own behaviour on a broker of its own, which no change to the core touches.
@Tag("long") // mvn -B verify -Plong-tests (docs/contributing.md)
class ChurnCrashIT {
  /** The classic consumers' session.timeout.ms, and the broker's KIP-848 one. */
  private static final long SESSION_MS = 6_000;

  /**
   * The earliest a crash's partitions may move, after the crash: half the session timeout. The
   * group counts from the last heartbeat, up to a heartbeat interval (2 s classic, 1 s KIP-848)
   * before the crash, later still on a loaded machine; a leave would move them within a second.
   */
  private static final long NOT_BEFORE_MS = SESSION_MS / 2;

  private static final int PARTITIONS = 4;
  private static final int PER_PARTITION = 10;
  private static final Duration WAIT = Duration.ofSeconds(60);

  private static EmbeddedKafka broker;

  /** Every consumer's events and other output, for a failure's message. */
  private static final List<ChurnConsumerProcess> EVERY =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  private static final Supplier<String> ALL =
      () -> {
        StringBuilder b = new StringBuilder();
        for (ChurnConsumerProcess c : EVERY) {
          b.append("\n").append(c.settings().name()).append(": ").append(c.events());
          b.append("\n").append(c.otherOutput());
        }
        return b.toString();
      };

  @BeforeAll
  static void startBroker() {
    Properties p = new Properties();
    p.put("group.consumer.min.session.timeout.ms", String.valueOf(SESSION_MS));
    p.put("group.consumer.session.timeout.ms", String.valueOf(SESSION_MS));
    p.put("group.consumer.min.heartbeat.interval.ms", "1000");
    p.put("group.consumer.heartbeat.interval.ms", "1000");
    broker = EmbeddedKafka.start(p);
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void aCrashedConsumersPartitionsMoveOnlyAfterTheSessionTimeout() throws Exception {
    List<Group> groups =
        List.of(
            new Group(ChurnProtocol.of("classic-eager")), new Group(ChurnProtocol.of("consumer")));
    try {
      for (Group g : groups) {
        g.start();
      }
      for (Group g : groups) {
        g.awaitBalanced();
      }
      for (Group g : groups) {
        g.produce();
      }
      for (Group g : groups) {
        g.awaitCommitted(PER_PARTITION);
      }
      for (Group g : groups) {
        g.crashVictim();
      }
      for (Group g : groups) {
        g.produce();
      }
      for (Group g : groups) {
        g.checkReassignedAfterTheSessionTimeout();
      }
    } finally {
      for (Group g : groups) {
        g.close();
      }
    }
  }

  /** One protocol's topic, group, survivor and victim. */
  private static final class Group {
    final ChurnProtocol protocol;
    final String topic = KafkaTestSupport.uniqueTopic("churn-crash");
    final List<ChurnConsumerProcess> consumers = new ArrayList<>();
    ChurnConsumerProcess survivor;
    ChurnConsumerProcess victim;
    Set<Integer> victimOwned;
    long crashAt;

    Group(ChurnProtocol protocol) {
      this.protocol = protocol;
    }

    void start() throws Exception {
      createTopic(topic);
      for (int i = 1; i <= 2; i++) {
        consumers.add(
            ChurnConsumerProcess.start(
                new ChurnConsumerSettings(
                    broker.bootstrapServers(),
                    topic,
                    topic + "-group",
                    protocol,
                    topic + "-" + i,
                    SESSION_MS,
                    30_000,
                    ChurnConsumerSettings.NO_FILE),
                jvm()));
      }
      EVERY.addAll(consumers);
      survivor = consumers.get(0);
      victim = consumers.get(1);
    }

    /** Both own partitions, none twice, every one owned. */
    void awaitBalanced() throws Exception {
      awaitTrue(
          () -> {
            Set<Integer> a = ChurnEvent.owned(survivor.events());
            Set<Integer> b = ChurnEvent.owned(victim.events());
            Set<Integer> all = new TreeSet<>(a);
            all.addAll(b);
            return !a.isEmpty()
                && !b.isEmpty()
                && a.size() + b.size() == PARTITIONS
                && all.size() == PARTITIONS;
          },
          "both consumers to own partitions");
    }

    void produce() throws Exception {
      Map<String, Object> p = new HashMap<>();
      p.put("bootstrap.servers", broker.bootstrapServers());
      p.put("acks", "all");
      try (KafkaProducer<byte[], byte[]> producer =
          new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
        for (int partition = 0; partition < PARTITIONS; partition++) {
          for (int i = 0; i < PER_PARTITION; i++) {
            producer.send(new ProducerRecord<>(topic, partition, null, new byte[] {(byte) i}));
          }
        }
        producer.flush();
      }
    }

    /** Every partition's first records read and committed (next offset {@code offset}). */
    void awaitCommitted(long offset) throws Exception {
      awaitTrue(
          () -> {
            Map<Integer, Long> committed = new HashMap<>();
            for (ChurnConsumerProcess c : consumers) {
              for (ChurnEvent e : c.events()) {
                if (e instanceof Committed k) {
                  k.offsets().forEach((tp, o) -> committed.merge(tp, o, Math::max));
                }
              }
            }
            return committed.size() == PARTITIONS
                && committed.values().stream().allMatch(o -> o >= offset);
          },
          "every partition's records read and committed");
    }

    void crashVictim() throws InterruptedException {
      victimOwned = ChurnEvent.owned(victim.events());
      crashAt = victim.crash();
    }

    void checkReassignedAfterTheSessionTimeout() throws Exception {
      awaitTrue(
          () -> ChurnEvent.owned(survivor.events()).containsAll(victimOwned),
          protocol + ": the crashed consumer's partitions " + victimOwned + " to move");
      String what = protocol + ": " + survivor.events() + "\n" + survivor.otherOutput();
      long firstMove =
          survivor.events().stream()
              .filter(
                  e ->
                      e instanceof Ownership o
                          && o.change() == Change.ASSIGNED
                          && o.atMillis() >= crashAt
                          && o.partitions().stream().anyMatch(victimOwned::contains))
              .mapToLong(ChurnEvent::atMillis)
              .min()
              .orElseThrow();
      long after = firstMove - crashAt;
      System.out.printf(
          "ChurnCrashIT %s: partitions %s reassigned %d ms after the crash (session timeout %d"
              + " ms)%n",
          protocol, victimOwned, after, SESSION_MS);
      assertTrue(
          after >= NOT_BEFORE_MS,
          protocol
              + ": the crashed consumer's partitions moved "
              + after
              + " ms after the crash, before half the session timeout ("
              + NOT_BEFORE_MS
              + " ms): the crash was a leave? "
              + what);
      // Consuming again, from the crashed consumer's last commit: nothing skipped, nothing twice.
      for (int partition : victimOwned) {
        Optional<ChurnEvent> first =
            survivor.await(
                e -> e instanceof Read r && r.partition() == partition && r.atMillis() >= crashAt,
                WAIT);
        assertTrue(first.isPresent(), "no read of partition " + partition + ": " + what);
        assertEquals(PER_PARTITION, ((Read) first.get()).firstOffset(), what);
        Optional<ChurnEvent> last =
            survivor.await(
                e ->
                    e instanceof Read r
                        && r.partition() == partition
                        && r.lastOffset() == 2 * PER_PARTITION - 1,
                WAIT);
        assertTrue(last.isPresent(), "partition " + partition + " not read to its end: " + what);
      }
      // Every partition's records after the crash read to the end (the survivor's own too) before
      // the window closes, so the cost below sees every read of the second batch.
      for (int partition = 0; partition < PARTITIONS; partition++) {
        int p = partition;
        Optional<ChurnEvent> end =
            survivor.await(
                e ->
                    e instanceof Read r
                        && r.partition() == p
                        && r.atMillis() >= crashAt
                        && r.lastOffset() == 2 * PER_PARTITION - 1,
                WAIT);
        assertTrue(end.isPresent(), "partition " + p + " not read to its end: " + ALL.get());
      }
      // The same crash through ChurnCost: what the report will show.
      EventCost cost =
          ChurnCost.of(
              List.of(
                  new Timeline("survivor", survivor.events(), OptionalLong.empty()),
                  new Timeline("victim", victim.events(), OptionalLong.of(crashAt))),
              PARTITIONS,
              crashAt,
              System.currentTimeMillis());
      System.out.printf("ChurnCrashIT %s: %s%n", protocol, cost);
      String costAndWhat = cost + "\n" + ALL.get();
      for (int partition : victimOwned) {
        List<Window> unowned = cost.unowned().get(partition);
        assertEquals(List.of(new Window(crashAt, crashAt + after)), unowned, what);
      }
      assertEquals(OptionalLong.of(after), cost.allOwnedAfterMillis(), costAndWhat);
      // No steady load here: a partition with nothing new after its re-assignment is not read
      // again, so allReadAfterMillis is not asserted; the records after the crash are read once.
      assertEquals(
          PARTITIONS * PER_PARTITION,
          cost.readPerSecond().stream().mapToLong(Long::longValue).sum(),
          costAndWhat);
      assertEquals(0, cost.readTwice(), "the crashed consumer had committed all it read: " + cost);
    }

    void close() throws InterruptedException {
      for (ChurnConsumerProcess c : consumers) {
        c.close();
      }
    }
  }

  private static List<String> jvm() {
    List<String> options = new ArrayList<>(KafkaTestSupport.QUICK_START);
    options.add("-Xmx128m");
    return options;
  }

  private static void awaitTrue(Supplier<Boolean> condition, String what) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.get()) {
      if (System.nanoTime() > deadline) {
        fail("waited " + WAIT.toSeconds() + " s for " + what + ": " + ALL.get());
      }
      Thread.sleep(100);
    }
  }

  /** Created, and every partition led and answering ListOffsets, on the test's own broker. */
  private static void createTopic(String topic) throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
      admin
          .createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      for (int p = 0; p < PARTITIONS; p++) {
        latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
      }
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (true) {
        try {
          admin.listOffsets(latest).all().get(10, TimeUnit.SECONDS);
          return;
        } catch (Exception e) {
          if (System.nanoTime() > deadline) {
            throw e;
          }
          Thread.sleep(100);
        }
      }
    }
  }
}
