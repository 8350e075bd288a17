package kafkaload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md is a map: it names every package of src/main and stays small. The catalogue
 * of types, docs/types.md, is generated from the sources (each top-level type with the first
 * sentence of its Javadoc, by layer and package), so every type is mapped and nobody edits the list
 * by hand: when it differs, this test writes the new one and fails, and the file it wrote is
 * committed.
 */
class ArchitectureDocTest {
  private static final Path MAIN = Paths.get("src/main/java");
  private static final Path MAP = Paths.get("docs/architecture.md");
  private static final Path CATALOGUE = Paths.get("docs/types.md");

  /** A map, not a catalogue (issue 46). */
  private static final int MAP_MAX_BYTES = 15 * 1024;

  @Test
  void theMapNamesEveryPackageAndStaysSmall() throws IOException {
    String page = Files.readString(MAP);
    List<String> missing =
        packages().keySet().stream().filter(p -> !page.contains("`" + p + "`")).toList();
    assertTrue(missing.isEmpty(), "docs/architecture.md does not name these packages " + missing);
    long size = Files.size(MAP);
    assertTrue(
        size <= MAP_MAX_BYTES,
        "docs/architecture.md is "
            + size
            + " bytes, over "
            + MAP_MAX_BYTES
            + ": it is a map; what a type does goes in its Javadoc, which docs/types.md shows");
  }

  @Test
  void theCatalogueOfTypesIsGeneratedFromTheSources() throws IOException {
    String generated = catalogue();
    String committed = Files.exists(CATALOGUE) ? Files.readString(CATALOGUE) : "";
    if (!generated.equals(committed)) {
      Files.writeString(CATALOGUE, generated);
    }
    assertTrue(
        generated.equals(committed),
        "docs/types.md was not what the sources make of it (a type added, moved, removed or its "
            + "Javadoc changed; first difference: "
            + firstDifference(committed, generated)
            + "): it has been written anew, commit it");
  }

  /** The first line where the committed catalogue and the generated one differ. */
  private static String firstDifference(String committed, String generated) {
    List<String> was = committed.lines().toList();
    List<String> is = generated.lines().toList();
    for (int i = 0; i < Math.max(was.size(), is.size()); i++) {
      String a = i < was.size() ? was.get(i) : "(none)";
      String b = i < is.size() ? is.get(i) : "(none)";
      if (!a.equals(b)) {
        return "line " + (i + 1) + " was \"" + a + "\", is \"" + b + "\"";
      }
    }
    return "line endings";
  }

  /** Each package of src/main (as "kafkaload.x.y") with its source files, sorted. */
  private static Map<String, List<Path>> packages() throws IOException {
    Map<String, List<Path>> byPackage = new TreeMap<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String pkg = MAIN.relativize(f.getParent()).toString().replace('/', '.');
        byPackage.computeIfAbsent(pkg, p -> new ArrayList<>()).add(f);
      }
    }
    return byPackage;
  }

  /** docs/types.md as the sources make it. */
  static String catalogue() throws IOException {
    Map<String, List<Path>> packages = packages();
    StringBuilder md = new StringBuilder();
    md.append("# Types\n\n")
        .append("Every top-level type of `src/main`, by layer and package, with the first sentence")
        .append(
            " of its Javadoc.\nGenerated from the sources by `ArchitectureDocTest`: do not edit;")
        .append(" the map is [architecture.md](architecture.md).\n");
    for (ArchitectureTest.Layer layer : ArchitectureTest.NAMED_LAYERS) {
      md.append("\n## Layer ").append(layer.name()).append("\n");
      List<String> inLayer =
          packages.keySet().stream()
              .filter(p -> layer.packages().contains(ArchitectureTest.layerOf(p)))
              .sorted(
                  Comparator.comparingInt(
                          (String p) -> layer.packages().indexOf(ArchitectureTest.layerOf(p)))
                      .thenComparing(Comparator.naturalOrder()))
              .toList();
      for (String pkg : inLayer) {
        md.append("\n### `").append(pkg).append("`\n\n");
        List<Path> files = packages.get(pkg);
        Path info = files.get(0).resolveSibling("package-info.java");
        if (files.contains(info) && !firstSentence(info, "package-info").isEmpty()) {
          md.append(firstSentence(info, "package-info")).append("\n\n");
        }
        for (Path f : files) {
          String name = f.getFileName().toString().replace(".java", "");
          if (!name.equals("package-info")) {
            String line = firstSentence(f, name);
            md.append("- `").append(name).append('`');
            md.append(line.isEmpty() ? "" : ": " + line).append('\n');
          }
        }
      }
    }
    return md.toString();
  }

  private static final Pattern MODIFIERS =
      Pattern.compile(
          "(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*"
              + "(?:(?:public|protected|abstract|final|sealed|non-sealed|static|strictfp)\\s+)*");

  /**
   * The first sentence of the Javadoc of the top-level type {@code name} (or of the package, for
   * package-info), in Markdown; empty when it has none.
   */
  private static String firstSentence(Path file, String name) throws IOException {
    String java = Files.readString(file);
    String declaration =
        name.equals("package-info")
            ? "package\\s"
            : "(?:class|interface|enum|record|@interface)\\s+" + name + "\\b";
    Matcher m =
        Pattern.compile(
                "/\\*\\*((?:(?!\\*/).)*)\\*/\\s*" + MODIFIERS.pattern() + declaration,
                Pattern.DOTALL)
            .matcher(java);
    if (!m.find()) {
      return "";
    }
    String text =
        m.group(1)
            .replaceAll("(?m)^\\s*\\*\\s?", "")
            .replaceAll("(?s)\\n\\s*@(param|see|since|author|return)\\b.*", "")
            .replaceAll("\\s+", " ")
            .replaceAll("\\{@(?:code|literal) ([^}]*)}", "`$1`")
            .replaceAll("\\{@link(?:plain)? [^}\\s]+ ([^}]*)}", "$1")
            .replaceAll("\\{@link(?:plain)? #?([^}]*)}", "`$1`")
            .replaceAll("</?(?:p|em|i|b|ul|li|ol|pre)>", "")
            .trim();
    Matcher sentence =
        Pattern.compile("^(.*?(?<!\\be\\.g|\\bi\\.e|\\bvs|\\betc)[.!?])(?:\\s+(?=[A-Za-z(`\"])|$)")
            .matcher(text);
    return sentence.find() ? sentence.group(1) : text;
  }
}
