package kafkaload.internal.schema;

import java.nio.charset.StandardCharsets;
import kafkaload.internal.config.KafkaLoadConfigException;
import kafkaload.internal.payload.Payloads;

/** Parses schemas of any format, and reads schema files (file path or classpath resource). */
public final class Schemas {
  private Schemas() {}

  /** {@code messageName}: Protobuf's message, null for the first; other formats ignore it. */
  public static RecordSchema parse(SchemaFormat format, String text, String messageName) {
    return switch (format) {
      case AVRO -> new AvroSchema(text);
      case JSON -> JsonSchemaSchema.parse(text);
      case PROTOBUF -> ProtobufSchema.parse(text, messageName);
    };
  }

  /** A schema file, parsed; a missing or invalid one is a config error naming the file. */
  public static RecordSchema load(SchemaFormat format, String path, String messageName) {
    String text = read(path, "schema file");
    try {
      return parse(format, text, messageName);
    } catch (RecordSchema.Mismatch e) {
      throw new KafkaLoadConfigException("Schema file " + path + ": " + e.getMessage());
    }
  }

  /** A text file (path or classpath resource); a missing one is a config error naming it. */
  public static String read(String path, String what) {
    return new String(Payloads.read(path, what), StandardCharsets.UTF_8);
  }
}
