package kafkaload;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/parameters.md against the code: every parameter read through a {@link Params} snapshot (in
 * the protocol, RunParams or a shipped simulation) has a row there, and every row names a parameter
 * that still exists.
 */
class ParametersDocTest {
  private static final Pattern ROW = Pattern.compile("(?m)^\\| `-D([A-Za-z0-9_.]+)`");

  /**
   * A read of the snapshot: params.positiveInt("users", 10), property.apply(SASL_MECHANISM), ...
   */
  private static final Pattern READ =
      Pattern.compile(
          "\\b(?:params|property)\\s*\\.\\s*(?:raw|string|positiveInt|nonNegativeInt|positiveLong|positiveDouble|percent"
              + "|nonNegativeDouble|bool|oneOf|share|apply)\\(\\s*(\"[^\"]+\"|(?:[A-Z][A-Za-z]+\\.)?[A-Z_]+\\b)");

  private static final Pattern CONSTANT =
      Pattern.compile("static final String ([A-Z_]+) = \"([^\"]+)\"");

  @Test
  void everyParameterTheCodeReadsIsDocumented() throws IOException {
    TreeSet<String> read = readByCode();
    assertTrue(read.size() > 60, "the scan found too few parameters to be right: " + read);
    TreeSet<String> documented = documented();
    TreeSet<String> missing = new TreeSet<>(read);
    missing.removeAll(documented);
    assertTrue(
        missing.isEmpty(), "read by the code but without a row in docs/parameters.md: " + missing);
  }

  @Test
  void everyDocumentedParameterStillExists() throws IOException {
    String everything = allProjectText();
    TreeSet<String> stale =
        documented().stream()
            .filter(name -> !read(everything, name))
            .collect(Collectors.toCollection(TreeSet::new));
    assertTrue(stale.isEmpty(), "documented in docs/parameters.md but read nowhere: " + stale);
  }

  @Test
  void noParameterIsDocumentedTwice() throws IOException {
    Matcher m = ROW.matcher(Files.readString(Paths.get("docs/parameters.md")));
    TreeSet<String> seen = new TreeSet<>();
    while (m.find()) {
      assertFalse(!seen.add(m.group(1)), "two rows for -D" + m.group(1));
    }
  }

  /**
   * Named in code as a string, passed as -Dname=, or a matrix dimension ("matrix." + its
   * parameter's name).
   */
  private static boolean read(String everything, String name) {
    return everything.contains("\"" + name + "\"")
        || everything.contains("-D" + name + "=")
        || name.startsWith("matrix.")
            && everything.contains("\"matrix.\" + param")
            && everything.contains("\"" + name.substring("matrix.".length()) + "\"");
  }

  private static TreeSet<String> documented() throws IOException {
    TreeSet<String> out = new TreeSet<>();
    Matcher m = ROW.matcher(Files.readString(Paths.get("docs/parameters.md")));
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static TreeSet<String> readByCode() throws IOException {
    Map<String, String> constants = new HashMap<>();
    StringBuilder code = new StringBuilder();
    for (Path root :
        new Path[] {Paths.get("src/main/java"), Paths.get("src/test/java/simulations")}) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String text = Files.readString(f);
          code.append(text).append('\n');
          Matcher c = CONSTANT.matcher(text);
          while (c.find()) {
            constants.put(c.group(1), c.group(2));
          }
        }
      }
    }
    TreeSet<String> out = new TreeSet<>();
    Matcher m = READ.matcher(code);
    while (m.find()) {
      String arg = m.group(1);
      String name =
          arg.startsWith("\"")
              ? arg.substring(1, arg.length() - 1)
              : constants.get(arg.substring(arg.lastIndexOf('.') + 1));
      assertTrue(
          name != null,
          "a parameter read through the constant " + arg + ", which the scan cannot resolve");
      out.add(name);
    }
    return out;
  }

  /**
   * The sources, the pom, the CI script and the bench scripts: where a documented parameter must
   * still be read. Not npm's install of the Node.js cross-check's dependencies (171 MB after
   * .ci/run's {@code npm ci}, which made this test 20 s of the unit tests' 24).
   */
  private static String allProjectText() throws IOException {
    StringBuilder all = new StringBuilder(Files.readString(Paths.get("pom.xml")));
    for (String root : new String[] {"src", "bench", ".ci"}) {
      try (Stream<Path> files = Files.walk(Paths.get(root))) {
        for (Path f :
            files
                .filter(Files::isRegularFile)
                .filter(p -> !p.toString().endsWith(".md"))
                .filter(p -> !p.toString().contains("node_modules"))
                .toList()) {
          all.append(Files.readString(f)).append('\n');
        }
      }
    }
    return all.toString();
  }
}
