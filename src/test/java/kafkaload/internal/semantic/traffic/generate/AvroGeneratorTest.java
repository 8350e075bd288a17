package kafkaload.internal.semantic.traffic.generate;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.util.HashSet;
import java.util.Set;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.schema.AvroSchema;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;

class AvroGeneratorTest {
  private static final RecordSchema SCHEMA =
      Schemas.load(SchemaFormat.AVRO, "schemas/generated.avsc", null);

  private static GenSpec spec() {
    return GenSpec.of("test").withSeed(42);
  }

  private static RecordGenerator gen(GenSpec spec) {
    return RecordGenerator.of(SCHEMA, spec);
  }

  /** Written with GenericDatumWriter and read back with GenericDatumReader: the same record. */
  private static GenericRecord roundTrip(GenericRecord r) throws Exception {
    Schema s = ((AvroSchema) SCHEMA).schema();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(s).write(r, enc);
    enc.flush();
    return new GenericDatumReader<GenericRecord>(s)
        .read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
  }

  @Test
  void injectorsOfADistributedRunMakeDisjointShares() {
    // Injector 1 of 3 binds records 1, 4, 7, ...: the seed's records, none another injector sends.
    GenSpec seq = spec().withFields("orderId=sequence:o-0");
    RecordGenerator g = gen(seq);
    var content =
        RecordGenerator.binder(seq)
            .contentFor(SCHEMA, new kafkaload.internal.config.InjectorShare(1, 3, "run"));
    for (long k = 0; k < 5; k++) {
      GenericRecord r = (GenericRecord) content.resolve(null);
      assertEquals(g.record(1 + 3 * k), r, "the injector's record " + k);
      assertEquals("o-" + (1 + 3 * k), r.get("orderId").toString());
    }
  }

  @Test
  void everyRecordIsValidAndReadsBackTheSame() throws Exception {
    RecordGenerator g = gen(spec());
    Set<Object> statuses = new HashSet<>();
    int nulls = 0;
    for (long n = 0; n < 2000; n++) {
      GenericRecord r = (GenericRecord) g.record(n);
      assertTrue(GenericData.get().validate(r.getSchema(), r), "record " + n + ": " + r);
      assertEquals(r, roundTrip(r), "record " + n);
      statuses.add(r.get("status").toString());
      nulls += r.get("coupon") == null ? 1 : 0;
    }
    assertEquals(Set.of("NEW", "PAID", "SHIPPED"), statuses);
    assertTrue(nulls > 0 && nulls < 2000, "a nullable field without a rule takes both: " + nulls);
  }

  @Test
  void theSameSeedMakesTheSameRecordsWhateverTheOrder() {
    RecordGenerator a = gen(spec());
    RecordGenerator b = gen(spec());
    for (long n = 999; n >= 0; n--) {
      assertEquals(a.record(n), b.record(n));
    }
    assertNotEquals(a.record(7), gen(spec().withSeed(43)).record(7));
  }

  @Test
  void eachFieldGeneratorIsHonoured() {
    GenSpec s =
        spec()
            .withFields(
                "orderId=sequence:o-1;seq=sequence:100;qty=range:1..10;price=range:0.5..2.5;"
                    + "sku=oneOf:A|B;note=regex:[A-Z]{3}-[0-9]{4};coupon=null:0.2;coupon=regex:C[0-9];"
                    + "status=oneOf:PAID;shipTo.city=oneOf:Oslo|Bergen;shipTo.zip=range:1000..1999;"
                    + "billTo=null:1");
    RecordGenerator g = gen(s);
    Set<Integer> qtys = new HashSet<>();
    int nulls = 0;
    for (long n = 0; n < 2000; n++) {
      GenericRecord r = (GenericRecord) g.record(n);
      assertEquals("o-" + (1 + n), r.get("orderId").toString());
      assertEquals(100 + n, r.get("seq"));
      int qty = (Integer) r.get("qty");
      assertTrue(qty >= 1 && qty <= 10, "qty " + qty);
      qtys.add(qty);
      double price = (Double) r.get("price");
      assertTrue(price >= 0.5 && price <= 2.5, "price " + price);
      assertTrue(Set.of("A", "B").contains(r.get("sku").toString()));
      assertTrue(r.get("note").toString().matches("[A-Z]{3}-[0-9]{4}"), r.get("note").toString());
      Object coupon = r.get("coupon");
      if (coupon == null) {
        nulls++;
      } else {
        assertTrue(coupon.toString().matches("C[0-9]"), coupon.toString());
      }
      assertEquals("PAID", r.get("status").toString());
      GenericRecord shipTo = (GenericRecord) r.get("shipTo");
      assertTrue(Set.of("Oslo", "Bergen").contains(shipTo.get("city").toString()));
      int zip = (Integer) shipTo.get("zip");
      assertTrue(zip >= 1000 && zip <= 1999, "zip " + zip);
      assertNull(r.get("billTo"));
    }
    assertEquals(10, qtys.size(), "every qty of 1..10 appears: " + qtys);
    assertTrue(nulls > 300 && nulls < 500, "null probability 0.2 of 2000: " + nulls);
  }

  private static String refusal(GenSpec s) {
    return assertThrows(KafkaLoadConfigException.class, () -> gen(s)).getMessage();
  }

  @Test
  void aFieldTheGeneratorCannotMakeValidIsAnErrorNamingIt() {
    assertTrue(refusal(spec().withFields("shipTo.street=oneOf:x")).contains("'shipTo.street'"));
    assertTrue(refusal(spec().withFields("sku=range:1..5")).contains("field 'sku'"));
    assertTrue(refusal(spec().withFields("qty=oneOf:1|two")).contains("field 'qty'"));
    assertTrue(refusal(spec().withFields("qty=range:1..3000000000")).contains("field 'qty'"));
    assertTrue(refusal(spec().withFields("note=regex:[A-")).contains("field 'note'"));
    assertTrue(refusal(spec().withFields("qty=null:0.1")).contains("field 'qty'"));
    assertTrue(refusal(spec().withFields("qty=sequence:q-1")).contains("field 'qty'"));
    assertTrue(refusal(spec().withFields("status=oneOf:LOST")).contains("field 'status'"));
    assertTrue(refusal(spec().withFields("tags=oneOf:a")).contains("field 'tags'"));
    assertTrue(refusal(spec().withFields("amount=range:1..2")).contains("field 'amount'"));
    assertTrue(refusal(spec().withFields("hash=oneOf:short")).contains("field 'hash'"));
  }

  @Test
  void aRecursiveRecordIsRefusedByField() {
    RecordSchema list =
        Schemas.parse(
            SchemaFormat.AVRO,
            "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"v\",\"type\":\"int\"},"
                + "{\"name\":\"next\",\"type\":[\"null\",\"Node\"]}]}",
            null);
    String m =
        assertThrows(KafkaLoadConfigException.class, () -> RecordGenerator.of(list, spec()))
            .getMessage();
    assertTrue(m.contains("field 'next'") && m.contains("recursive"), m);
  }
}
