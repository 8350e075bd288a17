package demo;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;

/**
 * A user's own simulation on the Kafka protocol. No bootstrap servers are configured, so the protocol starts an
 * embedded KRaft broker; -Dkafka.bootstrap.servers=host:9092 points the same simulation at a real cluster.
 * Only the DSL's entry point (kafkaload.KafkaDsl) is imported: no builder type is named.
 */
public class DemoSimulation extends Simulation {

  ScenarioBuilder producers = scenario("producers")
      .during(Duration.ofSeconds(5)).on(
          exec(kafka("send").send(randomKey(), randomBytes(256))));

  {
    setUp(reconciled(producers.injectOpen(atOnceUsers(4)), reconcile()))
        .protocols(kafka().topic("demo").createTopic(4, 1))
        .maxDuration(Duration.ofMinutes(3))
        .assertions(
            global().failedRequests().count().is(0L),
            // Generous: a short run on a busy 2-core machine stalls for a second or more while it warms up.
            details("send").responseTime().percentile(99.0).lt(20_000),
            details("send").successfulRequests().count().gt(0L));
  }
}
