package kafkaload;

import io.gatling.javaapi.core.Session;
import java.util.Map;
import java.util.function.Function;
import kafkaload.internal.payload.SessionValue;
import kafkaload.internal.schema.ContentGenerator;
import kafkaload.internal.schema.SchemaFormat;
import kafkaload.internal.schema.SchemaValueSpec;
import kafkaload.internal.semantic.traffic.generate.RecordGenerator;

/**
 * A key or value written with a schema, made by {@code avro(..)}, {@code protobuf(..)}, {@code
 * jsonSchema(..)} or {@code serializer(..)} of {@link KafkaDsl} and given to {@code send(..)} or
 * {@code .key(..)}. Immutable. Its bytes are Confluent's wire format (magic byte, schema id,
 * payload) with the id from the protocol's Schema Registry; the schema, the registry and the
 * template's shape are checked before the load.
 */
public final class SchemaValue {
  private final SchemaValueSpec spec;

  private SchemaValue(SchemaValueSpec spec) {
    this.spec = spec;
  }

  SchemaValueSpec spec() {
    return spec;
  }

  static SchemaValue of(
      SchemaFormat format, String schemaPath, String messageName, Object content) {
    return schema(format, schemaPath, messageName, template(content), content(content), null);
  }

  static SchemaValue generated(
      SchemaFormat format, String schemaPath, String messageName, Generated generated) {
    return schema(
        format, schemaPath, messageName, null, null, RecordGenerator.binder(generated.spec()));
  }

  /** A value written with a schema file: its content, or the generator of its records. */
  private static SchemaValue schema(
      SchemaFormat format,
      String schemaPath,
      String messageName,
      String template,
      SessionValue<Object> content,
      ContentGenerator generator) {
    return new SchemaValue(
        new SchemaValueSpec(
            format, schemaPath, messageName, template, content, null, Map.of(), generator));
  }

  static SchemaValue serializer(String className, Map<String, ?> configs, Object content) {
    return new SchemaValue(
        new SchemaValueSpec(
            null, null, null, null, content(content), className, Map.copyOf(configs), null));
  }

  /**
   * A String content is a JSON template with Gatling EL: its shape is checked against the schema
   * before load.
   */
  private static String template(Object content) {
    return content instanceof String s ? s : null;
  }

  @SuppressWarnings("unchecked")
  private static SessionValue<Object> content(Object content) {
    if (content instanceof String s) {
      SessionValue<String> el = SessionValue.el(s);
      return session -> el.resolve(session);
    }
    if (content instanceof Function) {
      return SessionValue.of((Function<Session, Object>) content);
    }
    return SessionValue.constant(content);
  }
}
