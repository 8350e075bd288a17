package demo;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.time.Duration;
import kafkaload.KafkaProtocolBuilder;

/**
 * A user's own simulation on the Kafka protocol. No bootstrap servers are configured, so the protocol starts an
 * embedded KRaft broker; -Dkafka.bootstrap.servers=host:9092 points the same simulation at a real cluster.
 * It imports only the public API: the package kafkaload.
 */
public class DemoSimulation extends Simulation {
  KafkaProtocolBuilder kafkaProtocol = kafka().topic("demo").createTopic(4, 1);

  ScenarioBuilder producers = scenario("producers")
      .during(Duration.ofSeconds(5)).on(
          exec(kafka("send").send(randomKey(), randomBytes(256))));

  {
    setUp(reconciled(producers.injectOpen(atOnceUsers(4)), reconcile()))
        .protocols(kafkaProtocol)
        .maxDuration(Duration.ofMinutes(3))
        .assertions(
            global().failedRequests().count().is(0L),
            // Generous: a short run on a busy 2-core machine stalls for a second or more while it warms up.
            details("send").responseTime().percentile(99.0).lt(20_000),
            details("send").successfulRequests().count().gt(0L));
  }
}
