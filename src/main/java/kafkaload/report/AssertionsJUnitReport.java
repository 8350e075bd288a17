package kafkaload.report;

import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.charts.template.AssertionsJUnitTemplate;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.shared.model.assertion.AssertionResult;
import io.gatling.shared.model.assertion.AssertionValidator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;
import java.util.stream.Stream;
import scala.collection.immutable.List;

/**
 * Writes Gatling's JUnit-style assertions file, {@code <run>/js/assertions.xml}, for CI systems that read JUnit XML.
 * Gatling 3.15 still ships the template but no longer writes the file, so it is made here from the run's
 * simulation.log with Gatling's own reader, validator and template, once the JVM is exiting.
 */
public final class AssertionsJUnitReport {
  private AssertionsJUnitReport() {}

  /** The simulation.log this JVM is writing, found among its open files; empty when not on Linux. */
  public static Optional<Path> currentSimulationLog() {
    Path fds = Paths.get("/proc/self/fd");
    if (!Files.isDirectory(fds)) {
      return Optional.empty();
    }
    try (Stream<Path> open = Files.list(fds)) {
      return open.map(fd -> {
        try {
          return Files.readSymbolicLink(fd);
        } catch (IOException | UnsupportedOperationException e) {
          return null;
        }
      }).filter(p -> p != null && p.getFileName() != null && p.getFileName().toString().equals("simulation.log"))
          .findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Re-reads the finished run and writes js/assertions.xml beside its report; returns the file. */
  public static Path write(Path simulationLog, GatlingConfiguration configuration) throws IOException {
    LogFileData data = new LogFileReader(simulationLog.toFile(), configuration).read();
    List<AssertionResult> results = new AssertionValidator(data).validateAssertions(data.assertions());
    String xml = new AssertionsJUnitTemplate(data.runInfo(), results).getOutput();
    Path out = simulationLog.getParent().resolve("js").resolve("assertions.xml");
    Files.createDirectories(out.getParent());
    Files.writeString(out, xml, StandardCharsets.UTF_8);
    return out;
  }
}
