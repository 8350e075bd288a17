package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
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
 * Sends a known number of records, then tampers with the topic behind the tool's back before the reconciliation:
 * -Dtamper=duplicate writes copies of the first K records of partition 0 (same headers), -Dtamper=delete deletes
 * the first K records of partition 0. The reconciliation must count exactly K duplicates, or K lost.
 */
public class TamperSimulation extends Simulation {
  static final int USERS = 4;
  static final int PER_USER = 50;
  static final int K = 7;

  String bootstrap = System.getProperty("kafka.bootstrap.servers");
  String topic = System.getProperty("topic");
  String tamper = System.getProperty("tamper");

  ScenarioBuilder load = scenario("load")
      .repeat(PER_USER).on(exec(kafka("send").send(randomKey(), randomBytes(200))));

  ScenarioBuilder tamperer = scenario("tamper").exec(session -> {
    try {
      if (tamper.equals("duplicate")) {
        duplicateFirstRecords();
      } else {
        deleteFirstRecords();
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
    try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap),
            new ByteArraySerializer(), new ByteArraySerializer())) {
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
      producer.flush();
    }
  }

  void deleteFirstRecords() throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      admin.deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(K))).all()
          .get(30, TimeUnit.SECONDS);
    }
  }

  {
    // load, then tamper, then reconcile: each stage starts when the one before has finished.
    setUp(load.injectOpen(atOnceUsers(USERS)).andThen(reconciled(tamperer.injectOpen(atOnceUsers(1)), reconcile())))
        .protocols(kafka().topic(topic).createTopic(2, 1))
        .maxDuration(120)
        .assertions(kafkaload.verification.Gates.reconciliation());
  }
}
