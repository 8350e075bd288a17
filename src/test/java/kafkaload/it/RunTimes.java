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
 * asked for it, the simulation, in this JVM or a child, seconds from the request to its end,
 * waiting for the turn included). docs/contributing.md sums it per test.
 */
final class RunTimes {
  private RunTimes() {}

  private static final Path FILE = Paths.get("target", "it-runs.tsv");

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
    double seconds = (System.nanoTime() - startNanos) / (double) TimeUnit.SECONDS.toNanos(1);
    String line =
        String.format(
            "%s\t%s\t%s\t%.1f%n",
            test,
            simulationClass.substring(simulationClass.lastIndexOf('.') + 1),
            inJvm ? "in-jvm" : "child",
            seconds);
    try {
      Files.writeString(
          FILE, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // Timing is a contributor's aid; a run never fails for it.
    }
  }
}
