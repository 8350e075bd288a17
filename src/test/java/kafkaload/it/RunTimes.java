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
 * asked for it, the simulation, in this JVM or a child, the run's seconds, the seconds it waited
 * for its turn before, and the CPU seconds it cost). docs/contributing.md sums it per test.
 *
 * <p>The CPU is read from /proc/self/stat: a child's is its whole process (reaped children's time);
 * an in-JVM run's is the test JVM's over the run, its broker's included, and so also that of any
 * test running beside it in the same fork. Blank where there is no /proc.
 */
final class RunTimes {
  private RunTimes() {}

  private static final Path FILE = Paths.get("target", "it-runs.tsv");

  /** When this thread's in-JVM run got its turn (InProcessGatling's lock). */
  private static final ThreadLocal<Long> TURN = new ThreadLocal<>();

  /** The JVM's CPU seconds (own, or reaped children's) when this thread's run started. */
  private static final ThreadLocal<Double> CPU = new ThreadLocal<>();

  static void turnTaken() {
    TURN.set(System.nanoTime());
    CPU.set(cpuSeconds(false));
  }

  /** Before a child starts. */
  static void childStarting() {
    CPU.set(cpuSeconds(true));
  }

  /** This JVM's CPU seconds, or its reaped children's; NaN without /proc. */
  static double cpuSeconds(boolean children) {
    try {
      String stat = Files.readString(Paths.get("/proc/self/stat"));
      // Fields after the command's closing parenthesis: utime is the 14th, cutime the 16th.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      int at = children ? 13 : 11;
      return (Long.parseLong(f[at]) + Long.parseLong(f[at + 1])) / 100.0;
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
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
    Double cpuStart = CPU.get();
    CPU.remove();
    double cpu = cpuStart == null ? Double.NaN : cpuSeconds(!inJvm) - cpuStart;
    long runStart = turn == null ? startNanos : turn;
    double nanosPerSecond = TimeUnit.SECONDS.toNanos(1);
    String line =
        String.format(
            "%s\t%s\t%s\t%.1f\t%.1f\t%s%n",
            test,
            simulationClass.substring(simulationClass.lastIndexOf('.') + 1),
            inJvm ? "in-jvm" : "child",
            (end - runStart) / nanosPerSecond,
            (runStart - startNanos) / nanosPerSecond,
            Double.isNaN(cpu) ? "" : String.format("%.1f", cpu));
    try {
      Files.writeString(
          FILE, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // Timing is a contributor's aid; a run never fails for it.
    }
  }
}
