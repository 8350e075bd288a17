package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.run.RunIdentity;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Sends a known number of records, then tampers with the topic behind the tool's back before the
 * reconciliation: -Dtamper=duplicate writes copies of the first K records of partition 0 (same
 * headers) and EXTRA records of no run (so the offsets alone would say K + EXTRA), -Dtamper=delete
 * deletes the first K records of partition 0 and writes each user's KO'd first record as if the
 * broker had taken it after all (so acked minus read-back would hide USERS of the K losses). The
 * reconciliation must count exactly K duplicates, or K lost.
 */
public class TamperSimulation extends Simulation {
  static final int USERS = 4;
  static final int PER_USER = 50;
  static final int K = 7;
  static final int EXTRA = 3;

  String bootstrap = System.getProperty("kafka.bootstrap.servers");
  String topic = System.getProperty("topic");
  String tamper = System.getProperty("tamper");

  // Each user's first record (sequence 0) is too large for the producer: KO.
  ScenarioBuilder load =
      scenario("load")
          .exec(kafka("too large").send(randomBytes(2_000_000)))
          .repeat(PER_USER)
          .on(exec(kafka("send").send(randomKey(), randomBytes(200))));

  ScenarioBuilder tamperer =
      scenario("tamper")
          .exec(
              session -> {
                try {
                  if (tamper.equals("duplicate")) {
                    duplicateFirstRecords();
                  } else {
                    KoIds ko = koIdentities();
                    deleteFirstRecords();
                    writeKoRecords(ko);
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
                return session;
              });

  void duplicateFirstRecords() {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap);
    p.put("auto.offset.reset", "earliest");
    TopicPartition tp = new TopicPartition(topic, 0);
    try (KafkaConsumer<byte[], byte[]> c =
            new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        KafkaProducer<byte[], byte[]> producer =
            new KafkaProducer<>(
                Map.of("bootstrap.servers", bootstrap),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
      c.assign(List.of(tp));
      c.seekToBeginning(List.of(tp));
      int copied = 0;
      while (copied < K) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          if (copied < K) {
            producer.send(new ProducerRecord<>(topic, 0, r.key(), r.value(), r.headers()));
            copied++;
          }
        }
      }
      for (int i = 0; i < EXTRA; i++) {
        producer.send(new ProducerRecord<>(topic, 1, null, new byte[] {1}));
      }
      producer.flush();
    }
  }

  /**
   * The KO'd records, stamped with this run's identity, as if the broker had taken them after all.
   * Their sequence numbers are the gaps in what the topic holds (the run-wide sequence has no other
   * gaps here); read before the deletion, so the deleted records do not count as gaps.
   */
  void writeKoRecords(KoIds ko) {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", bootstrap),
            new ByteArraySerializer(),
            new ByteArraySerializer())) {
      for (long seq : ko.seqs()) {
        // A user of its own, so these late records do not count as reordered against the real
        // users' records.
        ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, 1, null, new byte[] {2});
        r.headers()
            .add(RunIdentity.RUN_HEADER, ko.runId())
            .add(RunIdentity.SEQ_HEADER, RunIdentity.userSequence(1_000_000 + seq, seq));
        producer.send(r);
      }
      producer.flush();
    }
  }

  /** The run's id and the sequence numbers of its KO'd records. */
  record KoIds(byte[] runId, List<Long> seqs) {}

  /** Reads every record of the load and finds the sequence numbers none of them has. */
  KoIds koIdentities() {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap);
    java.util.TreeMap<Long, Long> userBySeq = new java.util.TreeMap<>();
    byte[] runId = null;
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      c.assign(List.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1)));
      c.seekToBeginning(c.assignment());
      long deadline = System.currentTimeMillis() + 30_000;
      while (userBySeq.size() < USERS * PER_USER && System.currentTimeMillis() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(200))) {
          runId = r.headers().lastHeader(RunIdentity.RUN_HEADER).value();
          long[] id = RunIdentity.parse(r.headers().lastHeader(RunIdentity.SEQ_HEADER).value());
          userBySeq.put(id[1], id[0]);
        }
      }
    }
    List<Long> ko = new java.util.ArrayList<>();
    for (long seq = 0; seq <= userBySeq.lastKey(); seq++) {
      if (!userBySeq.containsKey(seq)) {
        ko.add(seq);
      }
    }
    return new KoIds(runId, ko);
  }

  void deleteFirstRecords() throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      admin
          .deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(K)))
          .all()
          .get(30, TimeUnit.SECONDS);
    }
  }

  {
    // load, then tamper, then reconcile: each stage starts when the one before has finished.
    setUp(
            load.injectOpen(atOnceUsers(USERS))
                .andThen(reconciled(tamperer.injectOpen(atOnceUsers(1)), reconcile())))
        .protocols(kafka().topic(topic).createTopic(2, 1))
        .maxDuration(120)
        .assertions(kafkaload.Gates.reconciliation());
  }
}
