package kafkaload.internal.distributed;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code injector.json}: an injector's word that its simulation.log and kafka-summary.json are
 * complete, with the log's size and SHA-256. Paths relative to its folder; a field missing from an
 * older marker reads as 0 or null, an unknown one is ignored. Jackson writes the fields in the
 * record's order.
 */
record InjectorMarker(
    int index,
    int count,
    String runId,
    String simulation,
    long startAtMillis,
    long launchedAtMillis,
    int gatlingExitCode,
    String log,
    long logBytes,
    String logSha256,
    String kafkaSummary,
    String finishedAt) {
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** The marker of the injector folder {@code dir}. */
  static InjectorMarker read(Path dir) throws IOException {
    return JSON.readValue(dir.resolve(Injector.MARKER).toFile(), InjectorMarker.class);
  }

  /** Writes it into {@code dir} at once (through a temporary file), the last file written. */
  void write(Path dir) throws IOException {
    Path tmp = dir.resolve(Injector.MARKER + ".tmp");
    Files.writeString(tmp, JSON.writeValueAsString(this));
    Files.move(tmp, dir.resolve(Injector.MARKER), StandardCopyOption.ATOMIC_MOVE);
  }
}
