package kafkaload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of src/main, read from the sources: every reference from one package to another (import lines and
 * fully qualified names in code alike) points from a higher layer to a lower one, so there is no arrow back up and
 * no cycle between packages. Users' code (the simulations, the README's example) names only the public API package.
 */
class ArchitectureTest {
  /**
   * Top to bottom: a package may use only the packages after it. {@code kafkaload} is the DSL; above it, the public
   * packages built on it (the distributed launcher, the shipped-simulation kit, the echo service); below it, the
   * internal packages, all under {@code kafkaload.internal}.
   */
  static final List<String> LAYERS = List.of(
      "distributed", "kit", "echo", "kafkaload",
      "internal.distributed", "internal.action", "internal.protocol", "internal.report", "internal.verification",
      "internal.check", "internal.client", "internal.admin", "internal.run", "internal.broker", "internal.schema",
      "internal.payload", "internal.config", "internal.results");

  /** The packages users may import: the DSL and the public packages above it. */
  static final List<String> PUBLIC = List.of("kafkaload", "distributed", "kit", "echo");

  private static final Path MAIN = Paths.get("src/main/java/kafkaload");
  private static final Pattern REFERENCE = Pattern.compile("\\bkafkaload\\.((?:internal\\.)?[a-z]+)\\.[A-Z]");
  private static final Pattern API_REFERENCE = Pattern.compile("\\bkafkaload\\.[A-Z]");

  @Test
  void everyPackageIsALayer() throws IOException {
    TreeSet<String> packages = new TreeSet<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      files.filter(Files::isDirectory).filter(d -> !d.equals(MAIN.resolve("internal")))
          .map(d -> layer(d)).forEach(packages::add);
    }
    assertEquals(new TreeSet<>(LAYERS), packages, "a package was added or removed: place it in LAYERS");
  }

  @Test
  void referencesPointDownTheLayersOnly() throws IOException {
    List<String> upward = new ArrayList<>();
    for (Path file : sources(MAIN)) {
      String from = layer(file.getParent());
      int fromRank = LAYERS.indexOf(from);
      String code = withoutComments(Files.readString(file));
      Matcher m = REFERENCE.matcher(code);
      while (m.find()) {
        String to = m.group(1);
        if (!to.equals(from) && LAYERS.indexOf(to) <= fromRank) {
          upward.add(MAIN.relativize(file) + " -> kafkaload." + to);
        }
      }
      if (fromRank > LAYERS.indexOf("kafkaload") && API_REFERENCE.matcher(code).find()) {
        upward.add(MAIN.relativize(file) + " -> the public API package kafkaload");
      }
    }
    assertTrue(upward.isEmpty(), "references up the layers " + LAYERS + ":\n" + String.join("\n", upward));
  }

  @Test
  void simulationsImportOnlyThePublicApi() throws IOException {
    List<String> internal = new ArrayList<>();
    for (Path file : sources(Paths.get("src/test/java/simulations"))) {
      Matcher m = REFERENCE.matcher(withoutComments(Files.readString(file)));
      while (m.find()) {
        if (!PUBLIC.contains(m.group(1))) {
          internal.add(file.getFileName() + " -> kafkaload." + m.group(1));
        }
      }
    }
    assertTrue(internal.isEmpty(), "simulations must use only the public packages " + PUBLIC + ":\n" + String.join("\n", internal));
  }

  @Test
  void theReadmeExampleImportsOnlyThePublicApi() throws IOException {
    String readme = Files.readString(Paths.get("README.md"));
    Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
    assertTrue(m.find(), "README.md has no Java example");
    do {
      Matcher internal = Pattern.compile("\\bkafkaload\\.internal\\.").matcher(m.group(1));
      assertTrue(!internal.find(), "README's example names an internal package: " + (internal.hitEnd() ? ""
          : internal.group()));
    } while (m.find());
  }

  /** The package of a directory under src/main/java/kafkaload: "kafkaload" for the API, else its last name. */
  private static String layer(Path dir) {
    return dir.equals(MAIN) ? "kafkaload" : MAIN.relativize(dir).toString().replace('/', '.');
  }

  private static List<Path> sources(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    }
  }

  /** Javadoc and comments may name any class ({@code kafkaload.X} in prose is not a dependency). */
  private static String withoutComments(String java) {
    return java.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)//.*$", "");
  }
}
