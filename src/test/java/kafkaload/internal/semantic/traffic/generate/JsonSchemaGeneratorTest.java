package kafkaload.internal.semantic.traffic.generate;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.HashSet;
import java.util.Set;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.schema.RecordSchema;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.Schemas;
import org.junit.jupiter.api.Test;

class JsonSchemaGeneratorTest {
  private static final RecordSchema SCHEMA =
      Schemas.load(SchemaFormat.JSON, "schemas/generated.schema.json", null);

  private static GenSpec spec() {
    return GenSpec.of("test").withSeed(3);
  }

  private static RecordGenerator gen(GenSpec spec) {
    return RecordGenerator.of(SCHEMA, spec);
  }

  private static JsonSchema validator(String text) throws Exception {
    return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7)
        .getSchema(RecordSchema.JSON.readTree(text));
  }

  @Test
  void everyRecordIsValidForTheNetworkntValidator() throws Exception {
    JsonSchema v = validator(SCHEMA.text());
    RecordGenerator g = gen(spec());
    Set<String> statuses = new HashSet<>();
    int nulls = 0;
    for (long n = 0; n < 2000; n++) {
      JsonNode r = (JsonNode) g.record(n);
      Set<ValidationMessage> errors = v.validate(r);
      assertTrue(errors.isEmpty(), "record " + n + " " + r + ": " + errors);
      statuses.add(r.get("status").asText());
      nulls += r.get("coupon").isNull() ? 1 : 0;
      assertTrue(r.get("sku").asText().matches("[A-Z]{2}-\\d{3}"));
    }
    assertEquals(Set.of("NEW", "PAID", "SHIPPED"), statuses);
    assertTrue(nulls > 0 && nulls < 2000, "type [string, null] takes both: " + nulls);
  }

  @Test
  void theSameSeedMakesTheSameRecords() {
    for (long n = 0; n < 200; n++) {
      assertEquals(gen(spec()).record(n), gen(spec()).record(n));
    }
    assertNotEquals(gen(spec()).record(1), gen(spec().withSeed(4)).record(1));
  }

  @Test
  void eachFieldGeneratorIsHonoured() {
    RecordGenerator g =
        gen(
            spec()
                .withFields(
                    "orderId=sequence:o-1;qty=range:5..7;sku=oneOf:AB-123|CD-456;"
                        + "note=regex:n[0-9]{3};coupon=null:0.25;coupon=oneOf:X;gift=null:0.5;"
                        + "status=oneOf:NEW|PAID;shipTo.zip=sequence:20000"));
    int nulls = 0;
    int left = 0;
    for (long n = 0; n < 2000; n++) {
      JsonNode r = (JsonNode) g.record(n);
      assertEquals("o-" + (1 + n), r.get("orderId").asText());
      long qty = r.get("qty").asLong();
      assertTrue(qty >= 5 && qty <= 7);
      assertTrue(Set.of("AB-123", "CD-456").contains(r.get("sku").asText()));
      assertTrue(r.get("note").asText().matches("n[0-9]{3}"));
      if (r.get("coupon").isNull()) {
        nulls++;
      } else {
        assertEquals("X", r.get("coupon").asText());
      }
      left += r.has("gift") ? 0 : 1;
      assertTrue(Set.of("NEW", "PAID").contains(r.get("status").asText()));
      if (n < 100) {
        assertEquals(20000 + n, r.get("shipTo").get("zip").asLong());
      }
    }
    assertTrue(nulls > 400 && nulls < 600, "0.25 of 2000: " + nulls);
    assertTrue(left > 900 && left < 1100, "gift, not required, left out half the time: " + left);
  }

  private static String refusal(GenSpec s) {
    return assertThrows(KafkaLoadConfigException.class, () -> gen(s)).getMessage();
  }

  @Test
  void aFieldTheGeneratorCannotMakeValidIsAnErrorNamingIt() {
    assertTrue(refusal(spec().withFields("nope=oneOf:x")).contains("'nope'"));
    assertTrue(refusal(spec().withFields("qty=range:0..5")).contains("field 'qty'"));
    assertTrue(refusal(spec().withFields("sku=oneOf:AB-123|bad")).contains("field 'sku'"));
    assertTrue(refusal(spec().withFields("status=oneOf:LOST")).contains("field 'status'"));
    assertTrue(refusal(spec().withFields("qty=null:0.5")).contains("field 'qty'"));
    assertTrue(refusal(spec().withFields("note=oneOf:toolongvalue")).contains("field 'note'"));
    // a regex whose strings break the schema's own bounds: caught on the sample, naming the field
    String m = refusal(spec().withFields("note=regex:[a-z]{10}"));
    assertTrue(m.contains("note"), m);
    // the zip sequence leaves 10000..99999 past record 79,999 only: the sample is in range
    assertTrue(refusal(spec().withFields("shipTo.zip=sequence:99990")).contains("zip"));
  }

  @Test
  void aKeywordTheGeneratorCannotHonourIsRefusedByField() {
    for (String sub :
        new String[] {
          "{\"anyOf\": [{\"type\": \"string\"}]}",
          "{\"type\": \"integer\", \"multipleOf\": 5}",
          "{\"type\": \"string\", \"format\": \"ipv6\"}",
          "{\"not\": {\"type\": \"string\"}}",
          "{\"$ref\": \"#/definitions/x\"}"
        }) {
      RecordSchema s =
          Schemas.parse(
              SchemaFormat.JSON,
              "{\"title\":\"T\",\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\","
                  + "\"properties\":{\"b\":"
                  + sub
                  + "}}}}",
              null);
      String m =
          assertThrows(KafkaLoadConfigException.class, () -> RecordGenerator.of(s, spec()))
              .getMessage();
      assertTrue(m.contains("field 'a.b'"), sub + ": " + m);
    }
  }
}
