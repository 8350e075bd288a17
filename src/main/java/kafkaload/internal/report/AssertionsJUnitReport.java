package kafkaload.internal.report;

import io.gatling.charts.stats.FirstPassParser;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.charts.stats.RunInfo;
import io.gatling.charts.template.AssertionsJUnitTemplate;
import io.gatling.commons.stats.assertion.Assertion;
import io.gatling.core.config.GatlingConfiguration;
import io.gatling.shared.model.assertion.AssertionMessage;
import io.gatling.shared.model.assertion.AssertionResult;
import io.gatling.shared.model.assertion.AssertionValidator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import kafkaload.internal.results.RunResults;
import scala.collection.immutable.List;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Writes Gatling's JUnit assertions file, {@code <run>/js/assertions.xml}, which Gatling 3.15 and
 * 3.16 no longer write: at JVM exit, with Gatling's template, from its printed verdicts or else
 * from simulation.log with its own reader.
 */
public final class AssertionsJUnitReport {
  private AssertionsJUnitReport() {}

  /**
   * The simulation.log this JVM is writing, found among its open files; empty when not on Linux.
   * The newest when several are open: Gatling leaves a run's log open when the run fails before its
   * load, so a later run of the same JVM (an IDE runner's, the tests') sees both.
   */
  public static Optional<Path> currentSimulationLog() {
    // Not on Linux: no such directory, an IOException.
    try (Stream<Path> open = Files.list(Paths.get("/proc/self/fd"))) {
      return open.map(
              fd -> {
                try {
                  return Files.readSymbolicLink(fd);
                } catch (IOException | UnsupportedOperationException e) {
                  return null;
                }
              })
          .filter(p -> p != null && p.endsWith("simulation.log")) // its last name
          .max(Comparator.comparingLong(p -> p.toFile().lastModified())); // 0 when gone
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Gatling's own verdicts on a run's assertions, with the run they judge. */
  public record Verdicts(RunInfo runInfo, java.util.List<AssertionResult> results) {}

  /** Gatling's printed verdicts with the run's header; empty when any assertion has none. */
  public static Optional<Verdicts> printed(Path simulationLog) {
    RunInfo info = new FirstPassParser(simulationLog.toFile(), ZoneId.systemDefault()).parse();
    java.util.List<AssertionResult> results = new ArrayList<>();
    for (Assertion a : CollectionConverters.asJava(info.assertions())) {
      Optional<AssertionResult> r = GatlingVerdicts.of(a);
      if (r.isEmpty()) {
        return Optional.empty();
      }
      results.add(r.get());
    }
    return Optional.of(new Verdicts(info, results));
  }

  /** Re-reads the run's simulation.log and judges its assertions the way Gatling does. */
  public static Verdicts validate(Path simulationLog, GatlingConfiguration configuration) {
    LogFileData data = new LogFileReader(simulationLog.toFile(), configuration).read();
    return new Verdicts(
        data.runInfo(),
        CollectionConverters.asJava(
            new AssertionValidator(data).validateAssertions(data.assertions())));
  }

  /** The verdicts as kafka-summary.json lists them: description, passed, actual. */
  public static java.util.List<RunResults.Gate> rows(Verdicts verdicts) {
    // A resolved assertion has the value it judged; one that could not be resolved, the reason
    // instead.
    return verdicts.results().stream()
        .map(
            r ->
                new RunResults.Gate(
                    message(r),
                    r.success(),
                    r instanceof AssertionResult.Resolved resolved ? resolved.actualValue() : null,
                    r instanceof AssertionResult.ResolutionError e ? e.error() : null))
        .toList();
  }

  /**
   * Writes js/assertions.xml beside the report, each assertion with {@code details} of its request
   * added; returns the file.
   */
  public static Path write(
      Path simulationLog, Verdicts verdicts, java.util.Map<String, String> details)
      throws IOException {
    List<AssertionResult> results = CollectionConverters.asScala(verdicts.results()).toList();
    String xml =
        withDetails(new AssertionsJUnitTemplate(verdicts.runInfo(), results).getOutput(), details);
    Path out = simulationLog.getParent().resolve("js").resolve("assertions.xml");
    Files.createDirectories(out.getParent());
    Files.writeString(out, xml, StandardCharsets.UTF_8);
    return out;
  }

  /** Appends each request's detail to its test cases' output (passed) or failure message. */
  static String withDetails(String xml, java.util.Map<String, String> details) {
    for (var e : details.entrySet()) {
      String name = escape(e.getKey() + ": ");
      String detail = Matcher.quoteReplacement("&#10;" + escape(e.getValue()));
      for (String[] element :
          new String[][] {{"<system-out>", "</system-out>"}, {"<failure type=\"", "</failure>"}}) {
        // From each element about the request up to its end, where the detail goes.
        Pattern upToEnd =
            Pattern.compile(
                Pattern.quote(element[0] + name) + ".*?(?=" + Pattern.quote(element[1]) + ")",
                Pattern.DOTALL);
        xml = upToEnd.matcher(xml).replaceAll("$0" + detail);
      }
    }
    return xml;
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** The assertion as Gatling prints it: "send: 99th percentile of response time is ...". */
  public static String message(AssertionResult r) {
    return AssertionMessage.message(r.assertion());
  }
}
