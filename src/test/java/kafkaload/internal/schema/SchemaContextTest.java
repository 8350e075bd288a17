package kafkaload.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.SessionValue;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Binding a send's schema value: what is refused before the load, and records encoded then decoded
 * back.
 */
class SchemaContextTest {
  private final EmbeddedRegistry registry = EmbeddedRegistry.start(null);
  private final LongAdder calls = new LongAdder();

  @AfterEach
  void stop() {
    registry.close();
  }

  private SchemaContext context(boolean autoRegister, SubjectStrategy strategy) {
    return new SchemaContext(
        new RegistrySettings(
            registry.url(),
            null,
            autoRegister,
            false,
            SubjectStrategy.TOPIC,
            strategy,
            RegistryTls.NONE,
            null),
        calls,
        InjectorShare.SINGLE);
  }

  private static SchemaValueSpec spec(
      SchemaFormat f, String path, String message, String template) {
    return new SchemaValueSpec(
        f, path, message, template, SessionValue.constant(template), null, Map.of(), null);
  }

  private static byte[] encode(SessionValue<byte[]> bound, String topic) {
    return ((TopicValue) bound).encode(null, topic);
  }

  private static final String ORDER =
      "{\"orderId\": \"o-1\", \"sku\": \"A-100\", \"qty\": 3, \"price\": 9.5}";

  @Test
  void avroRoundTripWithDefaultsFilledAndOneRegistryCallForManyRecords() throws Exception {
    SchemaContext c = context(true, SubjectStrategy.TOPIC);
    LongAdder timed = new LongAdder();
    SessionValue<byte[]> v =
        c.bind(
            spec(SchemaFormat.AVRO, "schemas/order.avsc", null, ORDER),
            false,
            "orders",
            "send",
            n -> timed.increment());
    assertEquals(
        1, calls.sum(), "the subject is registered when the send is bound, before the load");
    byte[] first = null;
    for (int i = 0; i < 1000; i++) {
      first = encode(v, "orders");
    }
    assertEquals(1, calls.sum(), "no registry call per record");
    assertEquals(1000, timed.sum());
    SchemaContext.Decoded d = c.decode(first);
    JsonNode json = RecordSchema.JSON.readTree(d.json());
    assertEquals("o-1", json.get("orderId").asText());
    assertEquals(3, json.get("qty").asInt());
    assertEquals(false, json.get("express").asBoolean());
    assertEquals("orders-value", d.subject());
  }

  @Test
  void protobufRoundTripWithNestedAndRepeatedFields() throws Exception {
    SchemaContext c = context(true, SubjectStrategy.TOPIC);
    String order =
        "{\"orderId\": \"o-2\", \"sku\": \"B\", \"qty\": 2, \"tags\": [\"a\", \"b\"], "
            + "\"shipTo\": {\"city\": \"Lyon\", \"zip\": \"69001\"}}";
    byte[] b =
        encode(
            c.bind(
                spec(SchemaFormat.PROTOBUF, "schemas/order.proto", "Order", order),
                false,
                "po",
                "send",
                n -> {}),
            "po");
    assertEquals(0, b[5], "Order is the file's first message: the [0] shortcut");
    JsonNode json = RecordSchema.JSON.readTree(c.decode(b).json());
    assertEquals("Lyon", json.at("/shipTo/city").asText());
    assertEquals("b", json.at("/tags/1").asText());
    byte[] reply =
        encode(
            c.bind(
                spec(
                    SchemaFormat.PROTOBUF,
                    "schemas/order.proto",
                    "com.acme.Address",
                    "{\"city\": \"Oslo\"}"),
                false,
                "po-addr",
                "send",
                n -> {}),
            "po-addr");
    assertEquals(
        List.of(1), Framing.read(reply, true).messageIndexes(), "the file's second message");
    assertEquals("Oslo", RecordSchema.JSON.readTree(c.decode(reply).json()).get("city").asText());
  }

  @Test
  void jsonSchemaValidatesAndRecordNameStrategyUsesTheTitle() {
    SchemaContext c = context(true, SubjectStrategy.RECORD);
    byte[] b =
        encode(
            c.bind(
                spec(SchemaFormat.JSON, "schemas/order.schema.json", null, ORDER),
                false,
                "jo",
                "send",
                n -> {}),
            "jo");
    assertEquals("com.acme.OrderJson", c.decode(b).subject());
    SessionValue<byte[]> bad =
        c.bind(
            new SchemaValueSpec(
                SchemaFormat.JSON,
                "schemas/order.schema.json",
                null,
                null,
                SessionValue.constant("{\"orderId\": \"x\", \"sku\": \"y\", \"qty\": 0}"),
                null,
                Map.of(),
                null),
            false,
            "jo",
            "s",
            n -> {});
    RecordSchema.Mismatch e = assertThrows(RecordSchema.Mismatch.class, () -> encode(bad, "jo"));
    assertTrue(e.getMessage().contains("qty"), e.getMessage());
  }

  @Test
  void topicRecordNameStrategy() {
    SchemaContext c = context(true, SubjectStrategy.TOPIC_RECORD);
    byte[] b =
        encode(
            c.bind(
                spec(SchemaFormat.AVRO, "schemas/order.avsc", null, ORDER),
                false,
                "tr",
                "s",
                n -> {}),
            "tr");
    assertEquals("tr-com.acme.Order", c.decode(b).subject());
  }

  @Test
  void aTemplateThatDoesNotFitIsRefusedBeforeTheLoadNamingTheField() {
    SchemaContext c = context(true, SubjectStrategy.TOPIC);
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                c.bind(
                    spec(
                        SchemaFormat.AVRO,
                        "schemas/order.avsc",
                        null,
                        "{\"orderId\": \"#{id}\", \"sku\": \"A\", \"qty\": \"three\", \"price\": #{p}}"),
                    false,
                    "orders",
                    "send order",
                    n -> {}));
    assertEquals(
        "Send 'send order' value (Avro schema schemas/order.avsc): the template does not fit the schema: "
            + "field 'qty' should be an int, not \"three\"",
        e.getMessage());
    e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                c.bind(
                    spec(
                        SchemaFormat.AVRO,
                        "schemas/order.avsc",
                        null,
                        "{\"orderId\": \"#{id}\", \"qty\": #{qty}, \"price\": 1.0}"),
                    false,
                    "orders",
                    "s",
                    n -> {}));
    assertTrue(
        e.getMessage()
            .endsWith("field 'sku' is missing, and the schema com.acme.Order gives it no default"),
        e.getMessage());
    e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                c.bind(
                    spec(
                        SchemaFormat.PROTOBUF,
                        "schemas/order.proto",
                        "Order",
                        "{\"orderId\": \"#{id}\", \"shipTo\": {\"town\": \"x\"}}"),
                    false,
                    "orders",
                    "s",
                    n -> {}));
    assertTrue(
        e.getMessage().endsWith("field 'shipTo.town' is not in the message com.acme.Address"),
        e.getMessage());
    // EL in any position fits any type; nothing was registered for the refused ones
    c.bind(
        spec(
            SchemaFormat.AVRO,
            "schemas/order.avsc",
            null,
            "{\"orderId\": \"#{id}\", \"sku\": \"A-#{n}\", \"qty\": #{qty}, \"price\": #{price}}"),
        false,
        "orders",
        "s",
        n -> {});
  }

  @Test
  void aMissingOrInvalidSchemaFileIsNamed() {
    SchemaContext c = context(true, SubjectStrategy.TOPIC);
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                c.bind(
                    spec(SchemaFormat.AVRO, "schemas/nope.avsc", null, ORDER),
                    false,
                    "t",
                    "s",
                    n -> {}));
    assertEquals(
        "Schema file not found on disk or on the classpath: schemas/nope.avsc", e.getMessage());
    e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                c.bind(
                    spec(SchemaFormat.AVRO, "schemas/order.proto", null, ORDER),
                    false,
                    "t",
                    "s",
                    n -> {}));
    assertTrue(
        e.getMessage().startsWith("Schema file schemas/order.proto: not a valid Avro schema"),
        e.getMessage());
    e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                c.bind(
                    spec(SchemaFormat.PROTOBUF, "schemas/order.proto", "Nope", ORDER),
                    false,
                    "t",
                    "s",
                    n -> {}));
    assertTrue(e.getMessage().contains("the .proto has no message 'Nope'"), e.getMessage());
  }

  @Test
  void autoRegisterOffAndTheSubjectMissingIsRefusedBeforeTheLoad() {
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                context(false, SubjectStrategy.TOPIC)
                    .bind(
                        spec(SchemaFormat.AVRO, "schemas/order.avsc", null, ORDER),
                        false,
                        "orders",
                        "s",
                        n -> {}));
    assertTrue(
        e.getMessage()
            .contains(
                "topic 'orders': the schema is not registered under subject 'orders-value' and "
                    + "auto.register.schemas=false"),
        e.getMessage());
    assertTrue(e.getMessage().contains("Subject 'orders-value' not found."), e.getMessage());
    // once registered, the lookup finds it
    context(true, SubjectStrategy.TOPIC)
        .bind(
            spec(SchemaFormat.AVRO, "schemas/order.avsc", null, ORDER),
            false,
            "orders",
            "s",
            n -> {});
    context(false, SubjectStrategy.TOPIC)
        .bind(
            spec(SchemaFormat.AVRO, "schemas/order.avsc", null, ORDER),
            false,
            "orders",
            "s",
            n -> {});
  }

  @Test
  void useLatestVersionWritesWithTheSubjectsLatestSchema() throws Exception {
    context(true, SubjectStrategy.TOPIC)
        .bind(
            spec(SchemaFormat.AVRO, "schemas/order-v2.avsc", null, ORDER),
            false,
            "ul",
            "s",
            n -> {});
    SchemaContext latest =
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
            calls,
            InjectorShare.SINGLE);
    byte[] b =
        encode(
            latest.bind(
                spec(SchemaFormat.AVRO, "schemas/order.avsc", null, ORDER),
                false,
                "ul",
                "s",
                n -> {}),
            "ul");
    assertEquals(
        "web",
        RecordSchema.JSON.readTree(latest.decode(b).json()).get("channel").asText(),
        "written with v2, whose default fills the field the v1 template lacks");
  }

  @Test
  void anyKafkaSerializerAndDeserializerByClassName() {
    SchemaContext c = context(true, SubjectStrategy.TOPIC);
    LongAdder timed = new LongAdder();
    SessionValue<byte[]> v =
        c.bind(
            new SchemaValueSpec(
                null,
                null,
                null,
                null,
                SessionValue.constant("héllo"),
                "org.apache.kafka.common.serialization.StringSerializer",
                Map.of("serializer.encoding", "ISO-8859-1"),
                null),
            false,
            "t",
            "s",
            n -> timed.increment());
    byte[] b = encode(v, "t");
    assertEquals(5, b.length, "configured with its properties: ISO-8859-1, one byte per character");
    assertEquals(1, timed.sum());
    var record =
        new ConsumerRecord<byte[], byte[]>(
            "t", 0, 0, null, "{\"a\": 1}".getBytes(StandardCharsets.UTF_8));
    var decoded =
        c.decoder(
                new DecodeSpec(
                    "org.apache.kafka.common.serialization.StringDeserializer", Map.of()),
                "t")
            .apply(record);
    assertEquals("{\"a\": 1}", new String(decoded.value(), StandardCharsets.UTF_8));
    KafkaLoadConfigException e =
        assertThrows(
            KafkaLoadConfigException.class,
            () ->
                c.bind(
                    new SchemaValueSpec(
                        null,
                        null,
                        null,
                        null,
                        SessionValue.constant("x"),
                        "com.acme.NoSuchSerializer",
                        Map.of(),
                        null),
                    false,
                    "t",
                    "s",
                    n -> {}));
    assertTrue(
        e.getMessage()
            .startsWith("Send 's' value (serializer com.acme.NoSuchSerializer): cannot create it"),
        e.getMessage());
  }
}
