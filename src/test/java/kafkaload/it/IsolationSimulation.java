package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Consume actions under each isolation.level against records of an aborted and of a committed
 * transaction, written by a plain transactional KafkaProducer of the test (not the protocol's): the
 * read_committed reader never sees the aborted record (a timeout), the read_uncommitted one does;
 * both see the committed record. The protocol's default is -Disolation.level (read_committed in the
 * test), which the actions without their own setting use.
 */
public class IsolationSimulation extends Simulation {
  static final int USERS = 3;
  static final int TIMEOUT_MS = 1500;

  String topic = System.getProperty("topic");
  String bootstrap = System.getProperty("kafka.bootstrap.servers");

  /** Each user writes its own two records: one aborted, one committed, keyed by its user id. */
  Session write(Session session) {
    String user = String.valueOf(session.userId());
    Map<String, Object> config =
        Map.of(
            "bootstrap.servers",
            bootstrap,
            "transactional.id",
            "isolation-test-" + topic + "-" + user);
    try (KafkaProducer<String, String> p =
        new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
      p.initTransactions();
      p.beginTransaction();
      p.send(new ProducerRecord<>(topic, "aborted-" + user, "a"));
      p.flush();
      p.abortTransaction();
      p.beginTransaction();
      p.send(new ProducerRecord<>(topic, "committed-" + user, "c"));
      p.commitTransaction();
    }
    return session.set("user", user);
  }

  ScenarioBuilder scn =
      scenario("isolation")
          .exec(this::write)
          .exec(
              kafka("aborted, read_committed")
                  .consume(topic)
                  .matchKey("aborted-#{user}")
                  .isolationLevel("read_committed")
                  .timeout(Duration.ofMillis(TIMEOUT_MS)),
              kafka("aborted, read_uncommitted")
                  .consume(topic)
                  .matchKey("aborted-#{user}")
                  .isolationLevel("read_uncommitted")
                  .timeout(Duration.ofMillis(TIMEOUT_MS)),
              kafka("aborted, protocol default")
                  .consume(topic)
                  .matchKey("aborted-#{user}")
                  .timeout(Duration.ofMillis(TIMEOUT_MS)),
              kafka("committed, read_committed")
                  .consume(topic)
                  .matchKey("committed-#{user}")
                  .isolationLevel("read_committed")
                  .timeout(Duration.ofMillis(TIMEOUT_MS)),
              kafka("committed, read_uncommitted")
                  .consume(topic)
                  .matchKey("committed-#{user}")
                  .isolationLevel("read_uncommitted")
                  .timeout(Duration.ofMillis(TIMEOUT_MS)));

  {
    setUp(scn.injectOpen(atOnceUsers(USERS)))
        .protocols(kafka().topic(topic).createTopic(2, 1))
        .maxDuration(60);
  }
}
