package kafkaload.internal.semantic.traffic.generate;

import static org.junit.jupiter.api.Assertions.*;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.schema.ProtobufSchema;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;
import org.junit.jupiter.api.Test;

class ProtobufGeneratorTest {
  private static final ProtobufSchema SCHEMA =
      (ProtobufSchema) Schemas.load(SchemaFormat.PROTOBUF, "schemas/generated.proto", "Shipment");

  private static GenSpec spec() {
    return GenSpec.of("test").withSeed(7);
  }

  private static RecordGenerator gen(GenSpec spec) {
    return RecordGenerator.of(SCHEMA, spec);
  }

  private static Object field(DynamicMessage m, String name) {
    return m.getField(m.getDescriptorForType().findFieldByName(name));
  }

  @Test
  void everyMessageIsValidAndReadsBackTheSame() throws Exception {
    RecordGenerator g = gen(spec());
    Descriptor d = SCHEMA.descriptor();
    Set<String> payments = new HashSet<>();
    Set<String> statuses = new HashSet<>();
    for (long n = 0; n < 2000; n++) {
      DynamicMessage m = (DynamicMessage) g.record(n);
      assertEquals(d.getFullName(), m.getDescriptorForType().getFullName());
      assertTrue(m.isInitialized());
      assertEquals(m, DynamicMessage.parseFrom(d, m.toByteArray()), "message " + n);
      FieldDescriptor set = m.getOneofFieldDescriptor(d.getRealOneofs().get(0));
      assertNotNull(set, "a oneof has one member set");
      payments.add(set.getName());
      statuses.add(field(m, "status").toString());
      assertTrue(((Integer) field(m, "count")) >= 0, "uint32 stays non-negative");
      assertTrue(m.hasField(d.findFieldByName("shipTo")));
    }
    assertEquals(Set.of("card", "voucher"), payments);
    assertEquals(Set.of("NEW", "PAID", "SHIPPED"), statuses);
  }

  @Test
  void theSameSeedMakesTheSameMessages() {
    for (long n = 0; n < 200; n++) {
      assertEquals(gen(spec()).record(n), gen(spec()).record(n));
    }
    assertNotEquals(gen(spec()).record(3), gen(spec().withSeed(8)).record(3));
  }

  @Test
  void eachFieldGeneratorIsHonoured() {
    RecordGenerator g =
        gen(
            spec()
                .withFields(
                    "orderId=sequence:o-10;seq=sequence:5;qty=range:1..3;sku=oneOf:A|B;"
                        + "note=regex:[a-c]{2}[0-9];coupon=null:0.5;status=oneOf:SHIPPED;"
                        + "shipTo.city=oneOf:Oslo;shipTo.zip=range:100..199;price=range:1.5..2;"
                        + "card=regex:4[0-9]{3}"));
    int unset = 0;
    for (long n = 0; n < 1000; n++) {
      DynamicMessage m = (DynamicMessage) g.record(n);
      assertEquals("o-" + (10 + n), field(m, "orderId"));
      assertEquals(5 + n, field(m, "seq"));
      int qty = (Integer) field(m, "qty");
      assertTrue(qty >= 1 && qty <= 3);
      assertTrue(List.of("A", "B").contains(field(m, "sku")));
      assertTrue(((String) field(m, "note")).matches("[a-c]{2}[0-9]"));
      unset += m.hasField(m.getDescriptorForType().findFieldByName("coupon")) ? 0 : 1;
      assertEquals("SHIPPED", field(m, "status").toString());
      DynamicMessage to = (DynamicMessage) field(m, "shipTo");
      assertEquals("Oslo", field(to, "city"));
      int zip = (Integer) field(to, "zip");
      assertTrue(zip >= 100 && zip <= 199);
      double price = (Double) field(m, "price");
      assertTrue(price >= 1.5 && price <= 2);
      FieldDescriptor card = m.getDescriptorForType().findFieldByName("card");
      if (m.hasField(card)) {
        assertTrue(((String) m.getField(card)).matches("4[0-9]{3}"));
      }
    }
    assertTrue(unset > 400 && unset < 600, "null probability 0.5 of 1000: " + unset);
  }

  private static String refusal(String fields) {
    return assertThrows(KafkaLoadConfigException.class, () -> gen(spec().withFields(fields)))
        .getMessage();
  }

  @Test
  void aFieldTheGeneratorCannotMakeValidIsAnErrorNamingIt() {
    assertTrue(refusal("shipTo.street=oneOf:x").contains("'shipTo.street'"));
    assertTrue(refusal("qty=null:0.1").contains("field 'qty'"));
    assertTrue(refusal("tags=oneOf:a").contains("field 'tags'"));
    assertTrue(refusal("count=range:-5..5").contains("field 'count'"));
    assertTrue(refusal("status=oneOf:LOST").contains("field 'status'"));
    assertTrue(refusal("express=range:1..2").contains("field 'express'"));
    assertTrue(refusal("shipTo=oneOf:x").contains("field 'shipTo'"));
    assertTrue(refusal("note=regex:(").contains("field 'note'"));
  }

  @Test
  void aRecursiveMessageIsRefusedByField() {
    RecordSchema tree =
        Schemas.parse(
            SchemaFormat.PROTOBUF,
            "syntax = \"proto3\"; message Node { int32 v = 1; Node child = 2; }",
            null);
    String m =
        assertThrows(KafkaLoadConfigException.class, () -> RecordGenerator.of(tree, spec()))
            .getMessage();
    assertTrue(m.contains("field 'child'") && m.contains("recursive"), m);
  }
}
