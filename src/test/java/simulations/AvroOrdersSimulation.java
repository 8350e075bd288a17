package simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.Params;
import kafkaload.kit.RunParams;

/**
 * Avro orders through a Schema Registry: each user sends orders written with schemas/order.avsc in
 * Confluent's wire format, from a JSON template filled from the session. The schema is registered
 * once (subject "<topic>-value") before the load; with no -Dschema.registry.url, the embedded
 * registry (a test double) is started and named in the console. The send's response time is the ack
 * latency; serialization is reported apart on the Kafka page.
 */
public class AvroOrdersSimulation extends Simulation {
  Params params =
      Params.fromSystemProperties().withDefaults(Map.of("topic", "kafkaload-avro-orders"));
  RunParams plan = RunParams.of(params);
  int users = params.positiveInt("users", 10);
  KafkaProtocolBuilder kafkaProtocol = plan.protocol(users);

  static final String ORDER =
      "{\"orderId\": \"#{orderId}\", \"sku\": \"#{sku}\", \"qty\": #{qty}, "
          + "\"price\": #{price}, \"note\": null}";

  ChainBuilder order(String name) {
    return exec(session -> {
          ThreadLocalRandom r = ThreadLocalRandom.current();
          return session
              .set("orderId", "o-" + session.userId() + "-" + r.nextInt(1_000_000))
              .set("sku", "SKU-" + r.nextInt(100))
              .set("qty", 1 + r.nextInt(9))
              .set("price", r.nextInt(10_000) / 100.0);
        })
        .exec(kafka(name).send("#{orderId}", avro("schemas/order.avsc", ORDER)));
  }

  ScenarioBuilder producers =
      scenario("avro producers")
          .exec(plan.warmUp(order("warm-up send")))
          .exec(plan.measured(exec(order("send"))));

  {
    setUp(
            plan.withReconciliation(
                producers.injectClosed(
                    constantConcurrentUsers(users).during(plan.phases().loadSeconds()))))
        .protocols(kafkaProtocol)
        .maxDuration(plan.maxDurationSeconds(plan.phases().loadSeconds()))
        .assertions(plan.gates("send"));
  }
}
