package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * An operator changes the topic while the load runs: -Dchange=recreate deletes it and creates it
 * again with fewer partitions (as a broker with auto-creation would), -Dchange=widen adds
 * partitions. The reconciliation must count every record acked into the old topic as lost, and name
 * the change; partitions added must lose nothing.
 */
public class TopicChangeSimulation extends Simulation {
  static final int PARTITIONS = 4;
  static final int RECREATED_PARTITIONS = 2;
  static final int WIDENED_PARTITIONS = 8;

  String bootstrap = System.getProperty("kafka.bootstrap.servers");
  String topic = System.getProperty("topic");
  String change = System.getProperty("change");

  ScenarioBuilder load =
      scenario("load")
          .during(Duration.ofSeconds(9))
          .on(exec(kafka("send").send(randomKey(), randomBytes(100))).pause(Duration.ofMillis(5)));

  ScenarioBuilder operator =
      scenario("operator")
          .pause(Duration.ofSeconds(3))
          .exec(
              session -> {
                try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                  if (change.equals("widen")) {
                    admin
                        .createPartitions(
                            Map.of(topic, NewPartitions.increaseTo(WIDENED_PARTITIONS)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
                  } else {
                    admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
                    long deadline = System.currentTimeMillis() + 30_000;
                    while (admin.listTopics().names().get(10, TimeUnit.SECONDS).contains(topic)
                        && System.currentTimeMillis() < deadline) {
                      Thread.sleep(100);
                    }
                    // As a broker with auto-creation would on the producer's next metadata request,
                    // with fewer partitions.
                    admin
                        .createTopics(List.of(new NewTopic(topic, RECREATED_PARTITIONS, (short) 1)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
                return session;
              });

  {
    setUp(
            reconciled(load.injectOpen(atOnceUsers(4)), reconcile()),
            operator.injectOpen(atOnceUsers(1)))
        .protocols(
            kafka()
                .topic(topic)
                .createTopic(PARTITIONS, 1)
                // Sends stuck on a partition that is gone fail within seconds, not the default two
                // minutes; and the
                // producer sees added partitions within a second.
                .property("delivery.timeout.ms", 8000)
                .property("request.timeout.ms", 4000)
                .property("max.block.ms", 4000)
                .property("metadata.max.age.ms", 1000))
        .assertions(kafkaload.Gates.reconciliation())
        .maxDuration(90);
  }
}
