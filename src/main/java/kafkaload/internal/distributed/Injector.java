package kafkaload.internal.distributed;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.stream.Stream;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.InjectorShare;
import kafkaload.internal.config.StartGate;
import kafkaload.internal.protocol.RunFiles;

/**
 * One injector: waits for the common start, runs the simulation in this JVM (no report: the merge
 * makes it), then writes {@code injector.json}, the marker that its files are complete (with the
 * log's size and SHA-256).
 */
public final class Injector {
  public static final String MARKER = "injector.json";

  private Injector() {}

  /** The injector was started, or ready, after the common start time. */
  public static final class Late extends RuntimeException {
    Late(String message) {
      super(message);
    }
  }

  /** Runs the simulation as injector {@code share}: 0 complete, 1 Gatling failed, 5 late. */
  public static int run(String simulation, InjectorShare share, long startAtMillis, Path results)
      throws Exception {
    long now = System.currentTimeMillis();
    if (now > startAtMillis) {
      throw new Late(
          String.format(
              "injector %s of %s started %s ms after the common start time %s (-Dinjector.startAt):"
                  + " refusing to run late, its load would not overlap the others'",
              share.index(),
              share.count(),
              now - startAtMillis,
              Instant.ofEpochMilli(startAtMillis)));
    }
    Files.createDirectories(results);
    try (Stream<Path> old = Files.list(results)) {
      if (old.findAny().isPresent()) {
        throw refused(
            "injector results folder %s is not empty: a previous run's files would be merged into"
                + " this one",
            results);
      }
    }
    Console.out(
        String.format(
            "[kafkaload] injector %s of %s (run %s): starting Gatling; the simulation waits "
                + "%s ms more for the common start %s",
            share.index(),
            share.count(),
            share.runId(),
            startAtMillis - now,
            Instant.ofEpochMilli(startAtMillis)));
    StartGate.arm(startAtMillis);
    try {
      return gatling(simulation, share, startAtMillis, results);
    } finally {
      StartGate.disarm();
    }
  }

  /** Gatling runs the simulation here, then the marker is written when its results are complete. */
  private static int gatling(
      String simulation, InjectorShare share, long startAtMillis, Path results) throws Exception {
    long launched = System.currentTimeMillis();
    Path gatlingResults = results.resolve("gatling");
    // -nr: no report here; Gatling still judges its assertions on this injector's share (exit 2),
    // not the verdict.
    int code;
    try {
      code =
          io.gatling.app.Gatling$.MODULE$.fromArgs(
              new String[] {
                "-s",
                simulation,
                "-rf",
                gatlingResults.toString(),
                "-nr",
                "-rd",
                "injector " + share.index() + " of " + share.count()
              });
    } catch (RuntimeException | Error e) {
      if (!StartGate.refusedLate()) {
        throw e;
      }
      code = 1;
    }
    if (StartGate.refusedLate()) {
      throw new Late(
          String.format(
              "injector %s of %s: its simulation was ready after the common start time %s; "
                  + "refused to run late (see above)",
              share.index(), share.count(), Instant.ofEpochMilli(startAtMillis)));
    }
    if (!StartGate.passed()) {
      Console.out(
          "[kafkaload] WARNING: the simulation never read Params.fromSystemProperties(), so it did "
              + "not wait for the common start: it started when Gatling was ready (see lateMs in the merge)");
    }
    RunFiles.writeNow();
    Path log = findLog(gatlingResults);
    if ((code != 0 && code != 2) || log == null) {
      Console.err(
          String.format(
              "[kafkaload] injector %s: Gatling ended with exit code %s%s; no %s written",
              share.index(), code, log == null ? " and no simulation.log" : "", MARKER));
      return 1;
    }
    Path summary = log.resolveSibling("kafka-summary.json");
    new InjectorMarker(
            share.index(),
            share.count(),
            share.runId(),
            simulation,
            startAtMillis,
            launched,
            code,
            results.relativize(log).toString(),
            Files.size(log),
            sha256(log),
            Files.isRegularFile(summary) ? results.relativize(summary).toString() : null,
            Instant.now().toString())
        .write(results);
    Console.out("[kafkaload] injector " + share.index() + " done: " + results.resolve(MARKER));
    return 0;
  }

  /** The simulation.log under Gatling's results folder (one run folder per injector), or null. */
  static Path findLog(Path gatlingResults) throws IOException {
    if (!Files.isDirectory(gatlingResults)) {
      return null;
    }
    try (Stream<Path> s = Files.walk(gatlingResults, 2)) {
      return s.filter(p -> p.getFileName().toString().equals("simulation.log"))
          .max(Comparator.naturalOrder())
          .orElse(null);
    }
  }

  static String sha256(Path file) throws IOException {
    try (DigestInputStream in =
        new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
      in.transferTo(OutputStream.nullOutputStream());
      return HexFormat.of().formatHex(in.getMessageDigest().digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
