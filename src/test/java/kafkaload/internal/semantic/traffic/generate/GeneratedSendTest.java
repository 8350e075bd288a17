package kafkaload.internal.semantic.traffic.generate;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.schema.EmbeddedRegistry;
import kafkaload.internal.schema.Framing;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.RegistrySettings;
import kafkaload.internal.schema.RegistryTls;
import kafkaload.internal.schema.SchemaContext;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.SchemaValueSpec;
import kafkaload.internal.schema.SubjectStrategy;
import kafkaload.internal.schema.TopicValue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Generated records through a send's schema binding: registered, framed, decoded back. */
class GeneratedSendTest {
  private final EmbeddedRegistry registry = EmbeddedRegistry.start(null);

  @AfterEach
  void stop() {
    registry.close();
  }

  private SchemaContext context() {
    return new SchemaContext(
        new RegistrySettings(
            registry.url(),
            null,
            true,
            false,
            SubjectStrategy.TOPIC,
            SubjectStrategy.TOPIC,
            RegistryTls.NONE,
            null),
        new LongAdder(),
        InjectorShare.SINGLE);
  }

  private static SchemaValueSpec spec(SchemaFormat f, String path, String message, GenSpec g) {
    return new SchemaValueSpec(
        f, path, message, null, null, null, Map.of(), RecordGenerator.binder(g));
  }

  @Test
  void eachFormatsRecordsAreFramedRegisteredAndDecodeAsGenerated() throws Exception {
    GenSpec g =
        GenSpec.of("generated()").withSeed(1).withFields("orderId=sequence:o-1;qty=range:1..10");
    for (SchemaValueSpec s :
        new SchemaValueSpec[] {
          spec(SchemaFormat.AVRO, "schemas/generated.avsc", null, g),
          spec(SchemaFormat.PROTOBUF, "schemas/generated.proto", "Shipment", g),
          spec(SchemaFormat.JSON, "schemas/generated.schema.json", null, g)
        }) {
      SchemaContext c = context();
      c.check(s, false, "send");
      SessionValue<byte[]> v = c.bind(s, false, "orders-" + s.format(), "send", ns -> {});
      for (int n = 0; n < 50; n++) {
        byte[] bytes = ((TopicValue) v).encode(null, "orders-" + s.format());
        assertEquals(Framing.MAGIC, bytes[0]);
        JsonNode json = RecordSchema.JSON.readTree(c.decode(bytes).json());
        assertEquals("o-" + (1 + n), json.get("orderId").asText(), s.describe());
        int qty = json.get("qty").asInt();
        assertTrue(qty >= 1 && qty <= 10, s.describe() + ": " + json);
      }
    }
  }

  @Test
  void aFieldThatCannotBeMadeValidFailsTheCheckBeforeTheLoadNamingSendAndField() {
    GenSpec g = GenSpec.of("-Dvalue.fields").withFields("sku=range:1..3");
    String m =
        assertThrows(
                KafkaLoadConfigException.class,
                () ->
                    context()
                        .check(
                            spec(SchemaFormat.AVRO, "schemas/order.avsc", null, g), false, "send"))
            .getMessage();
    assertTrue(
        m.startsWith(
            "Send 'send' value (Avro schema schemas/order.avsc): -Dvalue.fields: field 'sku'"),
        m);
  }

  @Test
  void aDifferentLatestSchemaUnderUseLatestIsRefusedBeforeTheLoad() {
    String v2 = "{\"orderId\": \"o-1\", \"sku\": \"A\", \"qty\": 3, \"price\": 9.5}";
    context()
        .bind(
            new SchemaValueSpec(
                SchemaFormat.AVRO,
                "schemas/order-v2.avsc",
                null,
                v2,
                SessionValue.constant(v2),
                null,
                Map.of(),
                null),
            false,
            "latest",
            "register",
            ns -> {});
    SchemaContext useLatest =
        new SchemaContext(
            new RegistrySettings(
                registry.url(),
                null,
                false,
                true,
                SubjectStrategy.TOPIC,
                SubjectStrategy.TOPIC,
                RegistryTls.NONE,
                null),
            new LongAdder(),
            InjectorShare.SINGLE);
    String m =
        assertThrows(
                KafkaLoadConfigException.class,
                () ->
                    useLatest.bind(
                        spec(
                            SchemaFormat.AVRO,
                            "schemas/order.avsc",
                            null,
                            GenSpec.of("generated()")),
                        false,
                        "latest",
                        "send",
                        ns -> {}))
            .getMessage();
    assertTrue(m.contains("use.latest.version") && m.contains("'latest-value'"), m);
  }
}
