package kafkaload.internal.results;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.nio.file.Path;

/** kafka-summary.json to and from {@link RunResults}: one mapping for run, page and merge. */
public final class ResultsJson {
  /**
   * Indented; unknown fields refused (a test fails, not a merge); a number not known (NaN, not
   * finite) written as null, never a sentinel, and read back as NaN; a record's {@code
   * JsonUnwrapped} groups read strictly too ({@link UnwrappedRecords}). JVM-wide and thread-safe.
   */
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .registerModule(notKnownAsNull())
          .registerModule(
              new SimpleModule("unwrapped-records")
                  .setDeserializerModifier(new UnwrappedRecords()));

  private static SimpleModule notKnownAsNull() {
    StdSerializer<Double> write =
        new StdSerializer<>(Double.class) {
          @Override
          public void serialize(Double v, JsonGenerator g, SerializerProvider p)
              throws IOException {
            if (v == null || !Double.isFinite(v)) {
              g.writeNull();
            } else {
              g.writeNumber(v);
            }
          }
        };
    // A primitive double's null is its NaN (FAIL_ON_NULL_FOR_PRIMITIVES holds for the others); an
    // older file's "NaN" still reads.
    StdDeserializer<Double> read =
        new StdDeserializer<>(Double.class) {
          @Override
          public Double deserialize(JsonParser p, DeserializationContext c) throws IOException {
            return p.currentToken() == JsonToken.VALUE_STRING
                ? Double.valueOf(p.getText().trim())
                : p.getDoubleValue();
          }

          @Override
          public Double getNullValue(DeserializationContext c) {
            return Double.NaN;
          }
        };
    return new SimpleModule("not-known-as-null")
        .addSerializer(Double.class, write)
        .addSerializer(Double.TYPE, write)
        .addDeserializer(Double.TYPE, read);
  }

  private ResultsJson() {}

  public static String write(RunResults results) throws IOException {
    return JSON.writeValueAsString(results);
  }

  /** Reads a kafka-summary.json; another schema version is refused, naming both versions. */
  public static RunResults read(Path file) throws IOException {
    JsonNode tree = JSON.readTree(file.toFile());
    int version = tree.path("schemaVersion").asInt(0);
    if (version != RunResults.SCHEMA_VERSION) {
      throw new IOException(
          String.format(
              "%s has schemaVersion %s, this code reads %s",
              file, tree.has("schemaVersion") ? version : "(none)", RunResults.SCHEMA_VERSION));
    }
    return JSON.treeToValue(tree, RunResults.class);
  }

  /** A section as its semantic's type: as is, else converted; one that does not fit is refused. */
  static <T> T convert(Object value, SectionType<T> type) {
    try {
      return JSON.convertValue(value, type.type());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the results section '" + type.name() + "' cannot be read: " + e.getMessage(), e);
    }
  }

  public static RunResults read(String json) throws IOException {
    return JSON.readValue(json, RunResults.class);
  }
}
