package kafkaload.internal.schema;

/**
 * The schema types of Confluent's Schema Registry, by the name its REST API gives them
 * ("schemaType").
 */
public enum SchemaFormat {
  AVRO,
  PROTOBUF,
  JSON;

  /** The registry's schemaType; absent means AVRO. */
  public static SchemaFormat of(String schemaType) {
    return schemaType == null || schemaType.isBlank()
        ? AVRO
        : valueOf(schemaType.trim().toUpperCase());
  }
}
