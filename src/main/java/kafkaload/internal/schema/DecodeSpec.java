package kafkaload.internal.schema;

import java.util.Map;

/**
 * How consumed records and replies are decoded for matchers and checks: by the registry
 * (Confluent's wire format; {@code deserializerClass} null), or by a named Kafka Deserializer with
 * its configs, written as JSON.
 */
public record DecodeSpec(String deserializerClass, Map<String, Object> configs) {
  public static final DecodeSpec REGISTRY = new DecodeSpec(null, Map.of());

  /** A decoded record's synthetic headers: the writer schema's id and subjects, for checks. */
  public static final String SCHEMA_ID_HEADER = "kafkaload.schema.id";

  public static final String SUBJECT_HEADER = "kafkaload.schema.subject";
}
