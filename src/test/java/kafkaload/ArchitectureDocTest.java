package kafkaload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md is drawn from the code: every package of src/main has a row in its layer
 * table, and every top-level type is named on the page, so a class added without a place in the
 * architecture fails the build.
 */
class ArchitectureDocTest {
  private static final Path MAIN = Paths.get("src/main/java");

  @Test
  void everyPackageAndTypeIsOnTheArchitecturePage() throws IOException {
    String page = Files.readString(Paths.get("docs/architecture.md"));
    List<Path> sources;
    try (Stream<Path> files = Files.walk(MAIN)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    }
    List<String> missing =
        sources.stream()
            .filter(f -> !f.getFileName().toString().equals("package-info.java"))
            .map(f -> f.getFileName().toString().replace(".java", ""))
            .filter(type -> !Pattern.compile("\\b" + type + "\\b").matcher(page).find())
            .toList();
    List<String> packages =
        sources.stream()
            .map(f -> MAIN.relativize(f.getParent()).toString().replace('/', '.'))
            .distinct()
            .filter(p -> !page.contains("`" + p + "`"))
            .toList();
    assertTrue(
        missing.isEmpty() && packages.isEmpty(),
        "docs/architecture.md does not name these types " + missing + " or packages " + packages);
  }
}
