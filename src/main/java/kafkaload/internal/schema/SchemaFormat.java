package kafkaload.internal.schema;

/** Confluent's Schema Registry schema types, by their REST name ("schemaType"). */
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
