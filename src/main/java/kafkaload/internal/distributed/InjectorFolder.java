package kafkaload.internal.distributed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import kafkaload.internal.report.Timeline;
import kafkaload.internal.results.InjectorSample;
import kafkaload.internal.results.ProtocolResults;
import kafkaload.internal.results.ResultsJson;
import kafkaload.internal.results.RunResults;

/** One injector's folder: marker (null: it did not finish), log, results and seconds. */
record InjectorFolder(
    int index,
    Path dir,
    InjectorMarker marker,
    Path log,
    RunResults summary,
    List<InjectorSample> perSecond,
    SimulationLogs.Header header) {
  boolean complete() {
    return marker != null;
  }

  /** Protocol {@code k} of each folder's results that has it (the protocols are the same). */
  static List<ProtocolResults> protocol(List<InjectorFolder> folders, int k) {
    return folders.stream()
        .map(InjectorFolder::summary)
        .filter(s -> s != null && s.protocols().size() > k)
        .map(s -> s.protocols().get(k))
        .toList();
  }

  /** One value per protocol of {@code first}'s results, by index (none without results). */
  static <T> List<T> perProtocol(RunResults first, IntFunction<T> f) {
    return IntStream.range(0, first == null ? 0 : first.protocols().size()).mapToObj(f).toList();
  }

  /** Waits up to {@code waitSeconds} for every marker; those still missing read as not finished. */
  static void awaitMarkers(Path root, int count, int waitSeconds) throws InterruptedException {
    long deadline = System.nanoTime() + waitSeconds * 1_000_000_000L;
    while (waitSeconds > 0
        && count > 0
        && System.nanoTime() < deadline
        && !allMarked(root, count)) {
      Thread.sleep(2000);
    }
  }

  /** The folders {@code root/injector-0..}; {@code count} 0: all there are. None: refused. */
  static List<InjectorFolder> readAll(Path root, int count) throws IOException {
    if (count <= 0) {
      try (var s = Files.list(root)) {
        count = (int) s.filter(p -> p.getFileName().toString().matches("injector-\\d+")).count();
      }
    }
    if (count == 0) {
      throw new SimulationLogs.Refused(root + " holds no injector-<i> folders to merge");
    }
    List<InjectorFolder> found = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      found.add(read(i, root.resolve("injector-" + i)));
    }
    return found;
  }

  private static boolean allMarked(Path root, int count) {
    return IntStream.range(0, count)
        .allMatch(i -> Files.isRegularFile(root.resolve("injector-" + i).resolve(Injector.MARKER)));
  }

  /** Injector {@code index}'s folder: log checked against its marker's size and SHA-256. */
  static InjectorFolder read(int index, Path dir) throws IOException {
    Path markerFile = dir.resolve(Injector.MARKER);
    if (!Files.isRegularFile(markerFile)) {
      Path log = Injector.findLog(dir.resolve("gatling"));
      return new InjectorFolder(index, dir, null, log, null, List.of(), null);
    }
    InjectorMarker marker = InjectorMarker.read(dir);
    Path log = dir.resolve(Objects.requireNonNullElse(marker.log(), ""));
    if (!Files.isRegularFile(log)) {
      throw new SimulationLogs.Refused(log + " is missing (named by " + markerFile + ")");
    }
    long size = Files.size(log);
    if (size != marker.logBytes() || !Injector.sha256(log).equals(marker.logSha256())) {
      throw new SimulationLogs.Refused(
          String.format(
              "%s is truncated or changed: %s bytes, but the injector wrote %s bytes with "
                  + "another SHA-256 (%s)",
              log, size, marker.logBytes(), markerFile));
    }
    Path summaryFile = marker.kafkaSummary() == null ? null : dir.resolve(marker.kafkaSummary());
    RunResults summary;
    try {
      summary = summaryFile == null ? null : ResultsJson.read(summaryFile);
    } catch (IOException e) {
      // Another schema version, or a file the records cannot hold: refused, naming the file.
      throw new SimulationLogs.Refused("cannot read " + summaryFile + ": " + e.getMessage());
    }
    // Every second of the injector: its kafka-timeline.csv, else (an older layout) its JSON
    // timeline.
    Path csv = summaryFile == null ? null : summaryFile.resolveSibling("kafka-timeline.csv");
    List<InjectorSample> perSecond =
        csv != null && Files.isRegularFile(csv)
            ? Timeline.readCsv(Files.readString(csv))
            : summary == null ? List.of() : summary.timeline();
    return new InjectorFolder(
        index, dir, marker, log, summary, perSecond, SimulationLogs.header(log));
  }

  /** Refused unless of the same run as {@code first}: Gatling, simulation, assertions, run id. */
  void checkSameRunAs(InjectorFolder first, int count) {
    SimulationLogs.Header a = first.header();
    refuseUnless(
        a.simulation().equals(header.simulation()),
        "%s is a run of %s, not of %s (%s): different simulations cannot be merged"
            .formatted(log, header.simulation(), a.simulation(), first.log()));
    refuseUnless(
        a.scenarios().equals(header.scenarios()),
        "%s has the scenarios %s, %s has %s: different simulations cannot be merged"
            .formatted(log, header.scenarios(), first.log(), a.scenarios()));
    refuseUnless(
        a.assertions().equals(header.assertions()),
        ("%s has other assertions than %s: the merged verdict would depend on which one is"
                + " read first")
            .formatted(log, first.log()));
    refuseUnless(
        Objects.equals(first.marker().runId(), marker.runId()),
        "%s belongs to run %s, %s to run %s"
            .formatted(log, marker.runId(), first.log(), first.marker().runId()));
    refuseUnless(
        marker.count() == count,
        log + " was injector " + index + " of " + marker.count() + ", not of " + count);
  }

  private static void refuseUnless(boolean same, String message) {
    if (!same) {
      throw new SimulationLogs.Refused(message);
    }
  }
}
