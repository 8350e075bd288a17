package kafkaload.bench.matrix;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The embedded broker of a whole sweep, in its own JVM
 * (kafkaload.internal.broker.EmbeddedKafkaMain) so the cells' CPU figures are the injector's alone.
 * It prints BOOTSTRAP=... when ready and stops when its standard input closes.
 */
final class MatrixBroker implements AutoCloseable {
  private final Process process;
  final String bootstrap;

  private MatrixBroker(Process process, String bootstrap) {
    this.process = process;
    this.bootstrap = bootstrap;
  }

  /**
   * Starts the broker; with {@code brokers} > 1 asks for a cluster with {@code --brokers N}.
   * Returns null, with the reason in {@code why}, when the process ends or prints no bootstrap
   * within the time allowed.
   */
  static MatrixBroker start(int brokers, Path log, StringBuilder why) throws IOException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx2G",
                "-cp",
                System.getProperty("java.class.path"),
                "kafkaload.internal.broker.EmbeddedKafkaMain"));
    if (brokers > 1) {
      cmd.addAll(List.of("--brokers", String.valueOf(brokers)));
    }
    Files.createDirectories(log.getParent());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                  PrintWriter out =
                      new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
                for (String line; (line = in.readLine()) != null; ) {
                  out.println(line);
                  if (line.startsWith("BOOTSTRAP=")) {
                    ready.complete(line.substring("BOOTSTRAP=".length()).trim());
                  }
                }
              } catch (IOException ignored) {
                // the process is gone; the future below reports it
              }
              ready.complete(null);
            },
            "matrix-broker-output");
    reader.setDaemon(true);
    reader.start();
    String bootstrap;
    try {
      bootstrap = ready.get(120, TimeUnit.SECONDS);
    } catch (Exception e) {
      bootstrap = null;
    }
    if (bootstrap == null || bootstrap.isEmpty()) {
      p.destroyForcibly();
      why.append(p.isAlive() ? "no BOOTSTRAP line within 120 s" : "it exited; see " + log);
      return null;
    }
    return new MatrixBroker(p, bootstrap);
  }

  @Override
  public void close() {
    try {
      process.getOutputStream().close();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (IOException | InterruptedException e) {
      process.destroyForcibly();
    }
  }
}
