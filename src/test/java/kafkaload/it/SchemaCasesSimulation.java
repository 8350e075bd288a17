package kafkaload.it;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.Map;
import java.util.stream.IntStream;
import kafkaload.KafkaProtocolBuilder;

/**
 * Records with schemas, end to end, for SchemaIT. -Dschema.case=flow (default): five consumers wait
 * for Avro orders matched by a decoded field while a producer sends them; one record whose content
 * does not fit its schema is a KO and the run goes on; a JSON Schema and a Protobuf record are
 * sent. The other cases are bad input that must stop the run before any load: missing-file,
 * bad-template, incompatible; and v2 (a compatible second version).
 */
public class SchemaCasesSimulation extends Simulation {
  static final int RECORDS = 5;
  static final String ORDER =
      "{\"orderId\": \"#{orderId}\", \"sku\": \"A-100\", \"qty\": #{qty}, \"price\": 1.5}";

  String topic = System.getProperty("topic");
  String schemaCase = System.getProperty("schema.case", "flow");
  KafkaProtocolBuilder kafkaProtocol = kafka().topic(topic).createTopic(2, 1).runIdentity(false);

  ScenarioBuilder one(ActionBuilder send) {
    return scenario("producer")
        .exec(session -> session.set("orderId", "o-1").set("qty", 1))
        .exec(send);
  }

  {
    switch (schemaCase) {
      case "missing-file":
        setUp(
                one(kafka("avro send").send(avro("schemas/missing.avsc", ORDER)))
                    .injectOpen(atOnceUsers(1)))
            .protocols(kafkaProtocol);
        break;
      case "bad-template":
        setUp(
                one(kafka("avro send")
                        .send(
                            avro(
                                "schemas/order.avsc",
                                "{\"orderId\": \"#{orderId}\", \"sku\": \"A-100\", \"qty\": \"three\", \"price\": 1.5}")))
                    .injectOpen(atOnceUsers(1)))
            .protocols(kafkaProtocol);
        break;
      case "incompatible":
        setUp(
                one(kafka("avro send")
                        .send(
                            avro(
                                "schemas/order-incompatible.avsc",
                                "{\"orderId\": \"#{orderId}\", \"sku\": \"A\", \"qty\": \"3\", \"price\": 1.5, \"customer\": \"c\"}")))
                    .injectOpen(atOnceUsers(1)))
            .protocols(kafkaProtocol);
        break;
      case "v2":
        setUp(
                one(kafka("avro send v2").send("#{orderId}", avro("schemas/order-v2.avsc", ORDER)))
                    .injectOpen(atOnceUsers(1)))
            .protocols(kafkaProtocol);
        break;
      default:
        flow();
    }
  }

  private void flow() {
    ScenarioBuilder consumers =
        scenario("consumers")
            .feed(
                IntStream.range(0, RECORDS)
                    .mapToObj(i -> Map.<String, Object>of("i", i))
                    .iterator())
            .exec(
                kafka("consume decoded")
                    .consume(topic)
                    .decoded()
                    .matchJsonPath("$.orderId", "c-#{i}")
                    .timeout(java.time.Duration.ofSeconds(30)));
    ScenarioBuilder producer =
        scenario("producer")
            .pause(3)
            .repeat(RECORDS, "i")
            .on(
                exec(session ->
                        session
                            .set("orderId", "c-" + session.getInt("i"))
                            .set("qty", session.getInt("i") + 1))
                    .exec(kafka("avro send").send("#{orderId}", avro("schemas/order.avsc", ORDER))))
            // a record whose content does not fit: a KO naming the field, and the user goes on
            .exec(session -> session.set("qty", "\"three\""))
            .exec(kafka("bad record").send("#{orderId}", avro("schemas/order.avsc", ORDER)))
            .exec(session -> session.set("qty", 2))
            .exec(
                kafka("json send")
                    .send("#{orderId}", jsonSchema("schemas/order.schema.json", ORDER)))
            .exec(
                kafka("proto send")
                    .send("#{orderId}", protobuf("schemas/order.proto", "Order", ORDER)))
            .exec(kafka("after the KO").send("#{orderId}", avro("schemas/order.avsc", ORDER)));
    setUp(consumers.injectOpen(atOnceUsers(RECORDS)), producer.injectOpen(atOnceUsers(1)))
        .protocols(kafkaProtocol);
  }
}
