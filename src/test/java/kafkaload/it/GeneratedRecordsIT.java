package kafkaload.it;

import static kafkaload.it.KafkaTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import kafkaload.internal.schema.AvroSchema;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;
import kafkaload.internal.semantic.traffic.generate.GenSpec;
import kafkaload.internal.semantic.traffic.generate.RecordGenerator;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Records generated from a schema by a shipped simulation's -D knobs (docs/traffic.md): Avro
 * records through the embedded registry to the embedded broker, read back, decoded with the schema,
 * each valid, following the field generators, and record n the seed's record n.
 */
class GeneratedRecordsIT {
  private static final String FIELDS =
      "orderId=sequence:o-1;qty=range:1..10;sku=oneOf:A|B;note=regex:[A-Z]{3}-[0-9]{4};"
          + "coupon=null:0.2;coupon=regex:C[0-9]{2};status=oneOf:PAID|SHIPPED";

  @Test
  void constantRateSendsValidGeneratedAvroRecordsThatFollowTheFieldGenerators() throws Exception {
    String topic = uniqueTopic("generated");
    GatlingRun run =
        runGatling(
            "simulations.ConstantRateSimulation",
            props(
                "kafka.bootstrap.servers",
                bootstrap(),
                "topic",
                topic,
                "rate",
                "1000",
                "warmup",
                "0",
                "duration",
                "5",
                "key",
                "random",
                "value.schema",
                "schemas/generated.avsc",
                "value.seed",
                "42",
                "value.fields",
                FIELDS),
            180);
    assertEquals(0, run.exitCode(), run.tail());
    long ok = run.counts("send")[1];
    assertTrue(ok >= 1000, "records acked: " + ok);

    AvroSchema schema =
        (AvroSchema) Schemas.load(SchemaFormat.AVRO, "schemas/generated.avsc", null);
    RecordGenerator expected =
        RecordGenerator.of(schema, GenSpec.of("test").withSeed(42).withFields(FIELDS));
    GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(schema.schema());
    Set<Integer> ids = new TreeSet<>();
    Set<Long> numbers = new TreeSet<>();
    int nulls = 0;
    for (byte[] value : readAll(topic, ok)) {
      ByteBuffer b = ByteBuffer.wrap(value);
      assertEquals(0, b.get(), "Confluent's magic byte");
      ids.add(b.getInt());
      GenericRecord r =
          reader.read(null, DecoderFactory.get().binaryDecoder(value, 5, value.length - 5, null));
      assertTrue(GenericData.get().validate(schema.schema(), r), r.toString());
      String orderId = r.get("orderId").toString();
      assertTrue(orderId.matches("o-\\d+"), orderId);
      long n = Long.parseLong(orderId.substring(2)) - 1;
      assertTrue(numbers.add(n), "record " + n + " sent once");
      assertEquals(expected.record(n), r, "record " + n + " is the seed's record n");
      int qty = (Integer) r.get("qty");
      assertTrue(qty >= 1 && qty <= 10, "qty " + qty);
      assertTrue(List.of("A", "B").contains(r.get("sku").toString()));
      assertTrue(r.get("note").toString().matches("[A-Z]{3}-[0-9]{4}"));
      assertTrue(List.of("PAID", "SHIPPED").contains(r.get("status").toString()));
      Object coupon = r.get("coupon");
      nulls += coupon == null ? 1 : 0;
      assertTrue(coupon == null || coupon.toString().matches("C[0-9]{2}"), String.valueOf(coupon));
    }
    assertEquals(ok, numbers.size(), "every acked record read back");
    assertEquals(ok - 1, ((TreeSet<Long>) numbers).last(), "records 0 to n-1, none skipped");
    assertEquals(1, ids.size(), "one schema id: " + ids);
    double share = (double) nulls / ok;
    assertTrue(share > 0.12 && share < 0.28, "coupon null in about 20 %: " + share);
  }

  /** The topic's values from the beginning, until {@code expected} have come or 60 s pass. */
  private static List<byte[]> readAll(String topic, long expected) {
    return KafkaTestSupport.readAll(topic, expected, Duration.ofSeconds(60)).stream()
        .map(ConsumerRecord::value)
        .toList();
  }
}
