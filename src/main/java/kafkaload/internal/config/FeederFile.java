package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A CSV feeder (-Dfeeder) whose header names a {@code key} and/or {@code value} column. */
public record FeederFile(String path, List<String> columns) {
  public static final String KEY = "key";
  public static final String VALUE = "value";

  /** The checked feeder, or null when {@code path} is empty (no feeder). */
  public static FeederFile of(String path) {
    if (path.isEmpty()) {
      return null;
    }
    String header;
    try (InputStream in = open(path);
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      header = r.readLine();
    } catch (IOException e) {
      throw new KafkaLoadConfigException(
          "Cannot read feeder file '" + path + "' (-Dfeeder): " + e.getMessage());
    }
    List<String> columns = header == null ? List.of() : List.of(header.trim().split("\\s*,\\s*"));
    if (!columns.contains(KEY) && !columns.contains(VALUE)) {
      throw refused(
          "Feeder file '%s' (-Dfeeder) needs a header line with a '%s' and/or '%s' " + "column; %s",
          path, KEY, VALUE, header == null ? "the file is empty" : "its first line is: " + header);
    }
    return new FeederFile(path, columns);
  }

  public boolean has(String column) {
    return columns.contains(column);
  }

  private static InputStream open(String path) throws IOException {
    InputStream resource = ClientProperties.open(path);
    if (resource == null) {
      throw refused(
          "Feeder file '%s' (-Dfeeder) not found, neither as a file nor as a resource under"
              + " src/test/resources",
          path);
    }
    return resource;
  }
}
