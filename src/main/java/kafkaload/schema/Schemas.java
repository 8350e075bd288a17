package kafkaload.schema;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import kafkaload.config.KafkaLoadConfigException;

/** Parses schemas of any format, and reads schema files (file path or classpath resource). */
public final class Schemas {
  private Schemas() {}

  /** {@code messageName}: Protobuf's message, null for the file's first; ignored by the other formats. */
  public static RecordSchema parse(SchemaFormat format, String text, String messageName) {
    switch (format) {
      case AVRO: return new AvroSchema(text);
      case JSON: return new JsonSchemaSchema(text);
      default: return ProtobufSchema.parse(text, messageName);
    }
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

  /** A text file (file system path or classpath resource); a missing one is a config error naming it. */
  public static String read(String path, String what) {
    Path p = Paths.get(path);
    try {
      if (Files.isRegularFile(p)) {
        return Files.readString(p);
      }
      try (InputStream in = Schemas.class.getClassLoader().getResourceAsStream(path)) {
        if (in == null) {
          throw new KafkaLoadConfigException(capitalized(what) + " not found on disk or on the classpath: " + path);
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new KafkaLoadConfigException("Cannot read " + what + " " + path + ": " + e.getMessage());
    }
  }

  private static String capitalized(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
