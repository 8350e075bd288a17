package kafkaload.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * Where the suite's time goes: a line per Gatling run in {@code target/it-runs.tsv} (the test that
 * asked for it, the simulation, in this JVM or a child, the run's seconds, and the seconds it
 * waited for its turn before). docs/contributing.md sums it per test.
 */
final class RunTimes {
  private RunTimes() {}

  private static final Path FILE = Paths.get("target", "it-runs.tsv");

  /** When this thread's in-JVM run got its turn (InProcessGatling's lock). */
  private static final ThreadLocal<Long> TURN = new ThreadLocal<>();

  static void turnTaken() {
    TURN.set(System.nanoTime());
  }

  static synchronized void record(String simulationClass, boolean inJvm, long startNanos) {
    String test =
        StackWalker.getInstance()
            .walk(
                frames ->
                    frames
                        .filter(f -> f.getClassName().endsWith("IT"))
                        .map(f -> f.getClassName() + "." + f.getMethodName())
                        .findFirst()
                        .orElse("?"));
    long end = System.nanoTime();
    Long turn = TURN.get();
    TURN.remove();
    long runStart = turn == null ? startNanos : turn;
    double nanosPerSecond = TimeUnit.SECONDS.toNanos(1);
    String line =
        String.format(
            "%s\t%s\t%s\t%.1f\t%.1f%n",
            test,
            simulationClass.substring(simulationClass.lastIndexOf('.') + 1),
            inJvm ? "in-jvm" : "child",
            (end - runStart) / nanosPerSecond,
            (runStart - startNanos) / nanosPerSecond);
    try {
      Files.writeString(
          FILE, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // Timing is a contributor's aid; a run never fails for it.
    }
  }
}
