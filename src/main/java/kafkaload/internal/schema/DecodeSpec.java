package kafkaload.internal.schema;

import java.util.Map;

/**
 * How consumed records and replies are decoded before matchers and checks see them: through the
 * Schema Registry (Confluent's wire format, any of the three formats; {@code deserializerClass}
 * null), or by a Kafka Deserializer named by class with its configs, whose result is written as
 * JSON.
 */
public record DecodeSpec(String deserializerClass, Map<String, Object> configs) {
  public static final DecodeSpec REGISTRY = new DecodeSpec(null, Map.of());

  /** A decoded record's synthetic headers: the writer schema's id and subjects, for checks. */
  public static final String SCHEMA_ID_HEADER = "kafkaload.schema.id";

  public static final String SUBJECT_HEADER = "kafkaload.schema.subject";
}
