package kafkaload.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import kafkaload.internal.config.KafkaLoadConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The registry client against the embedded registry (Confluent's REST API subset and its error
 * codes): caching, compatibility, the errors a user sees before the load, subject strategies.
 */
class RegistryTest {
  private final EmbeddedRegistry registry = EmbeddedRegistry.start(null);
  private final LongAdder calls = new LongAdder();

  @AfterEach
  void stop() {
    registry.close();
  }

  private static String avsc(String name) {
    return Schemas.read("schemas/" + name, "schema file");
  }

  private RegistryClient client() {
    return new RegistryClient(registry.url(), null, RegistryTls.NONE, null, calls);
  }

  @Test
  void registerThenEverythingElseIsCachedOneCallPerSchema() {
    RegistryClient c = client();
    String v1 = new AvroSchema(avsc("order.avsc")).text();
    int id = c.register("orders-value", SchemaFormat.AVRO, v1).id();
    for (int i = 0; i < 100; i++) {
      assertEquals(id, c.register("orders-value", SchemaFormat.AVRO, v1).id());
      assertEquals(v1, c.byId(id).schema());
    }
    assertEquals(1, calls.sum(), "one call for the register, none for the cached id");
    assertEquals(1, registry.requests());
    assertEquals(id, c.lookup("orders-value", SchemaFormat.AVRO, v1).id());
    assertEquals(List.of("orders-value"), c.subjectsOf(id));
    assertEquals(id, c.latest("orders-value").id());
  }

  @Test
  void aCompatibleSecondVersionGetsANewIdAndAnIncompatibleOneIsRefusedWithTheRegistrysMessage() {
    RegistryClient c = client();
    int v1 =
        c.register("orders-value", SchemaFormat.AVRO, new AvroSchema(avsc("order.avsc")).text())
            .id();
    int v2 =
        c.register("orders-value", SchemaFormat.AVRO, new AvroSchema(avsc("order-v2.avsc")).text())
            .id();
    assertNotEquals(v1, v2);
    assertEquals(v2, c.latest("orders-value").id());
    RegistryClient.RegistryException e =
        assertThrows(
            RegistryClient.RegistryException.class,
            () ->
                c.register(
                    "orders-value",
                    SchemaFormat.AVRO,
                    new AvroSchema(avsc("order-incompatible.avsc")).text()));
    assertEquals(409, e.status);
    assertTrue(
        e.getMessage()
            .startsWith(
                "Schema Registry at "
                    + registry.url()
                    + " answered 409 (error_code 409) to "
                    + "POST /subjects/orders-value/versions: Schema being registered is incompatible with an earlier schema for "
                    + "subject \"orders-value\""),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("customer"), "the registry names the field: " + e.getMessage());
  }

  @Test
  void confluentsErrorCodes() {
    RegistryClient c = client();
    String v1 = new AvroSchema(avsc("order.avsc")).text();
    assertEquals(
        40401,
        assertThrows(
                RegistryClient.RegistryException.class,
                () -> c.lookup("nothing-value", SchemaFormat.AVRO, v1))
            .errorCode);
    c.register("orders-value", SchemaFormat.AVRO, v1);
    assertEquals(
        40403,
        assertThrows(
                RegistryClient.RegistryException.class,
                () ->
                    c.lookup(
                        "orders-value",
                        SchemaFormat.AVRO,
                        new AvroSchema(avsc("order-v2.avsc")).text()))
            .errorCode);
    assertEquals(
        40403, assertThrows(RegistryClient.RegistryException.class, () -> c.byId(99)).errorCode);
    assertEquals(
        42201,
        assertThrows(
                RegistryClient.RegistryException.class,
                () -> c.register("x-value", SchemaFormat.AVRO, "{\"type\": \"recordz\"}"))
            .errorCode);
  }

  @Test
  void wrongCredentialsAre401AndTheSecretIsNeverInTheMessage() {
    try (EmbeddedRegistry secured = EmbeddedRegistry.start("alice:s3cret")) {
      String v1 = new AvroSchema(avsc("order.avsc")).text();
      RegistryClient.RegistryException e =
          assertThrows(
              RegistryClient.RegistryException.class,
              () ->
                  new RegistryClient(
                          secured.url(), "alice:wrong-pass", RegistryTls.NONE, null, calls)
                      .register("o-value", SchemaFormat.AVRO, v1));
      assertEquals(401, e.status);
      assertTrue(
          e.getMessage().contains("refused the credentials (401 Unauthorized"), e.getMessage());
      assertFalse(e.getMessage().contains("wrong-pass"), e.getMessage());
      assertTrue(
          new RegistryClient(secured.url(), "alice:s3cret", RegistryTls.NONE, null, calls)
                  .register("o-value", SchemaFormat.AVRO, v1)
                  .id()
              > 0);
    }
  }

  @Test
  void anUnreachableRegistryIsNamed() {
    RegistryClient.RegistryException e =
        assertThrows(
            RegistryClient.RegistryException.class,
            () ->
                new RegistryClient("http://127.0.0.1:1", null, RegistryTls.NONE, null, calls)
                    .byId(1));
    assertTrue(
        e.getMessage().startsWith("Schema Registry at http://127.0.0.1:1 is unreachable"),
        e.getMessage());
  }

  @Test
  void subjectStrategiesNameTheSubjectAsConfluentDoes() {
    assertEquals(
        "orders-value",
        SubjectStrategy.of("io.confluent.kafka.serializers.subject.TopicNameStrategy")
            .subject("orders", false, "com.acme.Order"));
    assertEquals("orders-key", SubjectStrategy.TOPIC.subject("orders", true, "com.acme.Order"));
    assertEquals(
        "com.acme.Order",
        SubjectStrategy.of("RecordNameStrategy").subject("orders", false, "com.acme.Order"));
    assertEquals(
        "orders-com.acme.Order",
        SubjectStrategy.of("TopicRecordNameStrategy").subject("orders", false, "com.acme.Order"));
    KafkaLoadConfigException e =
        assertThrows(KafkaLoadConfigException.class, () -> SubjectStrategy.of("Bogus"));
    assertTrue(e.getMessage().contains("'Bogus'"), e.getMessage());
  }

  @Test
  void aVersionThatIsNotANumberIsA422AndMinusOneIsTheLatestAsInConfluentsRegistry()
      throws Exception {
    client().register("orders-value", SchemaFormat.AVRO, new AvroSchema(avsc("order.avsc")).text());
    HttpClient http = HttpClient.newHttpClient();
    java.util.function.Function<String, HttpResponse<String>> get =
        path -> {
          try {
            return http.send(
                HttpRequest.newBuilder(URI.create(registry.url() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        };
    HttpResponse<String> bad = get.apply("/subjects/orders-value/versions/first");
    assertEquals(422, bad.statusCode(), bad.body());
    assertTrue(bad.body().contains("\"error_code\":42202"), bad.body());
    assertTrue(bad.body().contains("'first'"), bad.body());
    assertEquals(200, get.apply("/subjects/orders-value/versions/-1").statusCode());
    assertEquals(404, get.apply("/subjects/orders-value/versions/2").statusCode());
  }

  @Test
  void theSameTextInAnotherFormatIsNotTheCachedSchema() {
    RegistryClient c = client();
    String text = "{\"type\":\"string\"}";
    int id = c.register("s-value", SchemaFormat.AVRO, text).id();
    assertEquals(id, c.lookup("s-value", SchemaFormat.AVRO, text).id());
    RegistryClient.RegistryException e =
        assertThrows(
            RegistryClient.RegistryException.class,
            () -> c.lookup("s-value", SchemaFormat.JSON, text),
            "a JSON schema of the same text was never registered");
    assertEquals(404, e.status, e.getMessage());
  }
}
