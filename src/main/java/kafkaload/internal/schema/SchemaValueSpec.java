package kafkaload.internal.schema;

import io.gatling.core.session.Session;
import java.util.Map;
import kafkaload.internal.payload.SessionValue;

/**
 * A key or value with a schema as described: format and file (or a serializer), and the content per
 * record; immutable, bound to the run's registry by the send ({@link SchemaContext#bind}) before
 * the load. {@code template}: its text, for the check. {@code generator}: when set, the content is
 * the records it makes for the parsed schema (records generated from a schema), else null.
 */
public record SchemaValueSpec(
    SchemaFormat format,
    String schemaPath,
    String messageName,
    String template,
    SessionValue<Object> content,
    String serializerClass,
    Map<String, Object> serializerConfigs,
    ContentGenerator generator)
    implements SessionValue<byte[]> {

  /**
   * What the schema is, for messages: "Avro schema schemas/order.avsc", "serializer com.acme.Ser".
   */
  public String describe() {
    if (serializerClass != null) {
      return "serializer " + serializerClass;
    }
    String f =
        format == SchemaFormat.AVRO
            ? "Avro schema "
            : format == SchemaFormat.JSON
                ? "JSON Schema "
                : "Protobuf message " + (messageName == null ? "" : messageName + " of ");
    return f + schemaPath;
  }

  @Override
  public byte[] resolve(Session session) {
    throw new IllegalStateException(describe() + " was not bound to the run's Schema Registry");
  }
}
