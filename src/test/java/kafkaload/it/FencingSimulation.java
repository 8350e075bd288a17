package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A transactional producer fenced mid-run: one user runs transactions of 3 records for 4 s with
 * transactional ids "{prefix}-N"; after 1.5 s an intruder (a producer of this test, on a thread of
 * its own) initialises transactions with the id the user's producer has, "{prefix}-0", which fences
 * it. Then the reconciliation, read_committed.
 */
public class FencingSimulation extends Simulation {
  String topic = System.getProperty("topic");
  String prefix = kafkaload.Params.fromSystemProperties().raw("prefix");
  String bootstrap = System.getProperty("kafka.bootstrap.servers");

  ScenarioBuilder transactions =
      scenario("transactions")
          .during(4)
          .on(exec(kafka("fenced txn").send(randomBytes(10)).transaction(3)));
  ScenarioBuilder intruder =
      scenario("intruder")
          .pause(Duration.ofMillis(1500))
          .exec(
              session -> {
                Thread t =
                    new Thread(
                        () -> {
                          try (KafkaProducer<byte[], byte[]> p =
                              new KafkaProducer<>(
                                  Map.of(
                                      "bootstrap.servers",
                                      bootstrap,
                                      "transactional.id",
                                      prefix + "-0"),
                                  new ByteArraySerializer(),
                                  new ByteArraySerializer())) {
                            p.initTransactions();
                            System.out.println("[test] intruder fenced " + prefix + "-0");
                          }
                        });
                t.start();
                return session;
              });

  {
    setUp(
            verified(transactions.injectOpen(atOnceUsers(1)), reconcile().maxLost(0)),
            intruder.injectOpen(atOnceUsers(1)))
        .maxDuration(60)
        .protocols(
            kafka().topic(topic).createTopic(2, 1).acks("all").transactionalIdPrefix(prefix));
  }
}
