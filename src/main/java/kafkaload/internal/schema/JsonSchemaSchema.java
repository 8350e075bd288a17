package kafkaload.internal.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.SpecVersionDetector;
import com.networknt.schema.ValidationMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A JSON Schema (networknt's validator): the payload is the JSON, validated before sending.
 *
 * @param text the schema as registered: its JSON, compact
 * @param tree the schema's JSON
 * @param schema the validator built from it
 */
record JsonSchemaSchema(String text, JsonNode tree, JsonSchema schema) implements RecordSchema {

  /** The schema of this text; not JSON, or not a valid JSON Schema, throws saying why. */
  static JsonSchemaSchema parse(String text) {
    JsonNode tree;
    try {
      tree = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new Mismatch("not a valid JSON Schema: not JSON: " + e.getOriginalMessage());
    }
    if (!tree.isObject()) {
      throw new Mismatch("not a valid JSON Schema: not a JSON object");
    }
    try {
      JsonSchemaFactory factory =
          JsonSchemaFactory.getInstance(
              tree.has("$schema") ? SpecVersionDetector.detect(tree) : SpecVersion.VersionFlag.V7);
      return new JsonSchemaSchema(tree.toString(), tree, factory.getSchema(tree));
    } catch (RuntimeException e) {
      throw new Mismatch("not a valid JSON Schema: " + e.getMessage());
    }
  }

  @Override
  public SchemaFormat format() {
    return SchemaFormat.JSON;
  }

  /** Confluent's record-name strategies take a JSON Schema's title. */
  @Override
  public String recordName() {
    JsonNode title = tree.get("title");
    if (title == null || !title.isTextual()) {
      throw new Mismatch(
          "the JSON Schema has no \"title\", which the record-name strategies name the subject by");
    }
    return title.asText();
  }

  @Override
  public byte[] encode(Object content) {
    JsonNode n = RecordSchema.tree(content);
    check(n, false);
    return n.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String toJson(byte[] value, int offset) {
    return new String(value, offset, value.length - offset, StandardCharsets.UTF_8);
  }

  @Override
  public void checkTemplate(JsonNode template) {
    check(template, true);
  }

  private void check(JsonNode n, boolean lenient) {
    List<String> errors =
        schema.validate(n).stream()
            .filter(m -> !lenient || !RecordSchema.isPlaceholder(m.getInstanceNode()))
            .map(ValidationMessage::getMessage)
            .sorted()
            .toList();
    if (!errors.isEmpty()) {
      throw new Mismatch("the record does not fit the JSON Schema: " + String.join("; ", errors));
    }
  }
}
