package kafkaload.internal.schema;

import io.gatling.core.session.Session;
import java.util.Map;
import kafkaload.internal.payload.SessionValue;

/**
 * A key or value given with a schema, as the simulation describes it: the format and schema file
 * (or a Kafka serializer's class and configs), and the content per record (a JSON template with EL,
 * a session function, or a constant). Immutable; it cannot make bytes by itself: the send binds it
 * to the run's registry ({@link SchemaContext#bind}) before the load. {@code template}: the
 * template's text, for the check before load.
 */
public record SchemaValueSpec(
    SchemaFormat format,
    String schemaPath,
    String messageName,
    String template,
    SessionValue<Object> content,
    String serializerClass,
    Map<String, Object> serializerConfigs)
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
