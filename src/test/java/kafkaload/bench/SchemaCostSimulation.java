package kafkaload.bench;

import static io.gatling.javaapi.core.CoreDsl.*;
import static kafkaload.KafkaDsl.*;

import io.gatling.javaapi.core.*;
import java.util.concurrent.atomic.AtomicLong;
import kafkaload.KafkaProtocolBuilder;
import kafkaload.internal.run.RunLedger;
import kafkaload.internal.schema.AvroSchema;
import kafkaload.internal.schema.Schemas;

/**
 * One arm of bench/schema-cost.sh: -Dformat=raw|avro|protobuf. Every arm fills the same session
 * attributes per record; avro and protobuf encode them with their schema (Confluent's wire format,
 * registry ids cached), raw sends random bytes of the Avro record's framed size. A probe prints the
 * process CPU when the measured phase starts and ends, so CPU per message leaves out JVM start,
 * warm-up and report.
 */
public class SchemaCostSimulation extends Simulation {
  static final String ORDER =
      "{\"orderId\": \"#{orderId}\", \"sku\": \"SKU-#{n}\", \"qty\": #{qty}, \"price\": 9.99}";

  String format = System.getProperty("format", "raw");
  int users = Integer.getInteger("users", 32);
  int warmup = Integer.getInteger("warmup", 10);
  int duration = Integer.getInteger("duration", 20);
  KafkaProtocolBuilder kafkaProtocol = kafka().topic(System.getProperty("topic")).createTopic(8, 1);
  AtomicLong counter = new AtomicLong();

  /** The framed size of a typical Avro record of this run: what the raw arm sends. */
  static int avroSize() {
    AvroSchema s = new AvroSchema(Schemas.read("schemas/order.avsc", "schema"));
    return 5
        + s.encode("{\"orderId\": \"o-123456\", \"sku\": \"SKU-42\", \"qty\": 3, \"price\": 9.99}")
            .length;
  }

  ChainBuilder send(String name) {
    Object value =
        switch (format) {
          case "avro" -> avro("schemas/order.avsc", ORDER);
          case "protobuf" -> protobuf("schemas/order.proto", "Order", ORDER);
          default -> null;
        };
    ChainBuilder fill =
        exec(
            session -> {
              long n = counter.incrementAndGet();
              return session
                  .set("orderId", "o-" + (100_000 + n % 900_000))
                  .set("n", n % 100)
                  .set("qty", (int) (1 + n % 9));
            });
    return fill.exec(
        value == null
            ? kafka(name).send(randomBytes(avroSize()))
            : kafka(name).send((kafkaload.SchemaValue) value));
  }

  ScenarioBuilder load =
      scenario("load").during(warmup).on(send("warm-up send")).during(duration).on(send("send"));

  ScenarioBuilder probe =
      scenario("cpu probe")
          .pause(warmup)
          .exec(
              session -> {
                System.out.println("CPU-AT-START " + RunLedger.processCpuSeconds());
                return session;
              })
          .pause(duration)
          .exec(
              session -> {
                System.out.println("CPU-AT-END " + RunLedger.processCpuSeconds());
                return session;
              });

  {
    System.out.println("RECORD-SIZE avro-framed=" + avroSize());
    setUp(
            load.injectClosed(constantConcurrentUsers(users).during(warmup + duration)),
            probe.injectOpen(atOnceUsers(1)))
        .protocols(kafkaProtocol)
        .maxDuration(warmup + duration + 60);
  }
}
