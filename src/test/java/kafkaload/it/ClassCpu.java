package kafkaload.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Where the integration tests' CPU goes: a line per IT class in {@code target/it-classes.tsv} (the
 * class, its seconds, and the CPU seconds of its fork over it: the fork's own threads, its embedded
 * broker's included, and its reaped children: child JVMs, Chromium, Node, Prometheus). A fork runs
 * one class at a time, so the fork's CPU over a class is that class's. Registered for every test
 * class (META-INF/services, junit-platform.properties); unit test classes are not written.
 */
public final class ClassCpu implements BeforeAllCallback, AfterAllCallback {
  private static final Path FILE = Paths.get("target", "it-classes.tsv");

  private record Start(long nanos, double cpu) {}

  @Override
  public void beforeAll(ExtensionContext context) {
    if (context.getRequiredTestClass().getSimpleName().endsWith("IT")) {
      store(context).put(Start.class, new Start(System.nanoTime(), forkCpuSeconds()));
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    Start s = store(context).remove(Start.class, Start.class);
    if (s == null) {
      return;
    }
    String line =
        "%s\t%.1f\t%.1f%n"
            .formatted(
                context.getRequiredTestClass().getName(),
                (System.nanoTime() - s.nanos()) / 1e9,
                forkCpuSeconds() - s.cpu());
    try {
      Files.writeString(
          FILE, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // Timing is a contributor's aid; a run never fails for it.
    }
  }

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(ExtensionContext.Namespace.create(ClassCpu.class));
  }

  /** This JVM's CPU seconds and its reaped children's; NaN without /proc. */
  private static double forkCpuSeconds() {
    return RunTimes.cpuSeconds(false) + RunTimes.cpuSeconds(true);
  }
}
