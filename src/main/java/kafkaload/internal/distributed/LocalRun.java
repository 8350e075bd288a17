package kafkaload.internal.distributed;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.config.RunPreferences;

/**
 * N injectors as local processes, through the same launcher and merge as on Kubernetes, each its
 * own JVM, against one broker; the embedded broker runs in its own process too, so the injectors'
 * CPU figures are theirs alone.
 */
public final class LocalRun {
  private LocalRun() {}

  /**
   * Gatling's log writer reads JDK string internals; the pom's GC costs least per record; no
   * analytics, and no release check (its notice was wrong, {@link RunPreferences}); one event loop
   * per core, as the pom gives gatling:test (its gatling-jvm-args).
   */
  public static final List<String> JVM_OPTIONS =
      List.of(
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
          "-XX:+UseParallelGC",
          "-Dgatling.data.enableAnalytics=false",
          RunPreferences.JVM_OPTION,
          "-Dio.netty.eventLoopThreads=" + Runtime.getRuntime().availableProcessors());

  /** An injector's command: this JVM's java and classpath, the launcher's class, its -D's. */
  public static List<String> injectorCommand(
      String mainClass, String heap, Map<String, String> properties) {
    List<String> cmd = new ArrayList<>(List.of(java(), "-Xmx" + heap));
    cmd.addAll(JVM_OPTIONS);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path")));
    properties.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
    cmd.addAll(List.of(mainClass, "injector"));
    return cmd;
  }

  /** This JVM's java. */
  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The embedded broker in its own JVM; stops when {@link #close()} closes its standard input. */
  public static final class Broker implements AutoCloseable {
    private final Process process;
    private final String bootstrap;

    public Broker(Path dir) throws IOException, InterruptedException {
      Files.createDirectories(dir);
      List<String> cmd =
          List.of(
              java(),
              "-Xmx1g",
              "-cp",
              System.getProperty("java.class.path"),
              "kafkaload.internal.broker.EmbeddedKafkaMain");
      process = new ProcessBuilder(cmd).redirectError(dir.resolve("broker.err").toFile()).start();
      BufferedReader out = process.inputReader(StandardCharsets.UTF_8);
      String found =
          out.lines()
              .filter(line -> line.startsWith("BOOTSTRAP="))
              .findFirst()
              .map(line -> line.substring("BOOTSTRAP=".length()))
              .orElse(null);
      if (found == null) {
        process.waitFor(10, TimeUnit.SECONDS);
        throw new IOException(
            "the embedded broker did not start; see " + dir.resolve("broker.err"));
      }
      bootstrap = found;
      Daemons.start(
          "kafkaload-broker-out",
          () -> {
            try {
              out.transferTo(Writer.nullWriter());
            } catch (IOException e) {
              // the broker is gone
            }
          });
    }

    public String bootstrap() {
      return bootstrap;
    }

    @Override
    public void close() throws IOException, InterruptedException {
      process.getOutputStream().close();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    }
  }

  /** A started injector process, its output going to {@code out}. */
  public static Process start(List<String> command, Path out) throws IOException {
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(out.toFile())
        .start();
  }

  /** Waits for every injector; one still running after the timeout is killed (reported dead). */
  public static void await(List<Process> injectors, long timeoutSeconds)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    for (Process p : injectors) {
      long left = deadline - System.nanoTime();
      if (!p.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
        Console.err(
            String.format(
                "[kafkaload] injector pid %s still running after %s s: killed",
                p.pid(), timeoutSeconds));
        p.destroyForcibly().waitFor();
      }
    }
  }
}
