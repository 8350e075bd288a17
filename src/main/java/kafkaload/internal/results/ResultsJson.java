package kafkaload.internal.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/** kafka-summary.json to and from {@link RunResults}: one mapping for run, page and merge. */
public final class ResultsJson {
  /** Indented; unknown fields refused (a test fails, not a merge). JVM-wide and thread-safe. */
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

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
