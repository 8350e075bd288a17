package kafkaload.internal.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;

/** A folder of earlier runs, one {@code <start>__<label>.json} each, sorted by time. */
public final class RunHistory {
  static final String SUMMARY = "kafka-summary.json";
  private static final String SEPARATOR = "__";

  private RunHistory() {}

  /** One run of a history: its file, label (commit or name; may be empty) and results. */
  public record Entry(Path file, String label, RunResults results) {}

  /** The baseline at {@code path}: a summary, a report folder, or a history's last runs. */
  public static List<Entry> baseline(Path path, int lastRuns) {
    if (!Files.exists(path)) {
      throw new IllegalArgumentException("the baseline " + path + " does not exist");
    }
    if (Files.isRegularFile(path)) {
      return List.of(read(path));
    }
    if (Files.isRegularFile(path.resolve(SUMMARY))) {
      return List.of(read(path.resolve(SUMMARY)));
    }
    List<Entry> all = entries(path);
    if (all.isEmpty()) {
      throw new IllegalArgumentException(
          "the baseline folder %s holds no run: neither a %s nor a history of <start>__<label>.json files"
              .formatted(path, SUMMARY));
    }
    return all.subList(Math.max(0, all.size() - lastRuns), all.size());
  }

  /** Every run of a history folder, oldest first (an absent folder: none). */
  public static List<Entry> entries(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".json"))
          .sorted()
          .map(RunHistory::read)
          .toList();
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot list the history folder " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Adds a run to the history folder (made if missing); returns its file. */
  public static Path add(Path dir, RunResults results, String label) throws IOException {
    Files.createDirectories(dir);
    String start =
        results.period().startedAt() == null
            ? "unknown"
            : results.period().startedAt().replace(':', '-');
    String clean = label == null ? "" : label.replaceAll("[^A-Za-z0-9._-]", "_");
    Path file = dir.resolve(start + (clean.isEmpty() ? "" : SEPARATOR + clean) + ".json");
    Files.writeString(file, ResultsJson.write(results), StandardCharsets.UTF_8);
    return file;
  }

  private static Entry read(Path file) {
    RunResults r;
    try {
      r = ResultsJson.read(file);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          file + " is not a readable kafka-summary.json: " + firstLine(e.getMessage()), e);
    }
    if (r.protocols() == null || r.timeline() == null) {
      throw new IllegalArgumentException(
          file + " is not a run's kafka-summary.json: it has no protocols or timeline");
    }
    String name = file.getFileName().toString();
    int at = name.indexOf(SEPARATOR);
    String label =
        at < 0 ? "" : name.substring(at + SEPARATOR.length(), name.length() - ".json".length());
    return new Entry(file, label, r);
  }

  private static String firstLine(String s) {
    return s == null ? "(no detail)" : s.split("\n", 2)[0];
  }
}
