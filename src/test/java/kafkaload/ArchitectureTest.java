package kafkaload;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of src/main, checked with ArchUnit on the compiled classes: every dependency from
 * one package to another points from a higher layer to a lower one, there is no cycle between
 * packages, the root package holds only the DSL, and the shipped simulations use only the public
 * packages. Two checks read sources, where bytecode cannot tell: constants javac inlines (a
 * reference to a {@code static final String} leaves no trace in the class file), and the README's
 * example.
 */
class ArchitectureTest {
  /**
   * One layer of siblings: each Kafka semantic's package under {@code kafkaload.internal.semantic}
   * (transactions, share groups, ...); none uses another ({@link #semanticsAreIndependent()}).
   */
  static final String SEMANTICS = "internal.semantic.*";

  /**
   * A named layer: its packages, top to bottom. A package may use the packages after it in its own
   * layer and every package of the layers below; nothing above.
   */
  record Layer(String name, List<String> packages) {}

  /**
   * Top to bottom (docs/architecture.md, The layers). {@code kafkaload} is the DSL; above it, the
   * public packages built on it (galaxio's Java DSL over it, the distributed launcher, the
   * shipped-simulation kit, the echo service); below it, the internal packages, all under {@code
   * kafkaload.internal}.
   */
  static final List<Layer> NAMED_LAYERS =
      List.of(
          new Layer(
              "galaxio",
              List.of(
                  "galaxio.javaapi",
                  "galaxio.javaapi.request.builder",
                  "galaxio.javaapi.protocol",
                  "galaxio.javaapi.checks",
                  "galaxio.javaapi.request.expressions",
                  "galaxio.request")),
          new Layer("entry", List.of("distributed", "kit", "echo")),
          new Layer("dsl", List.of("kafkaload")),
          new Layer("distribution", List.of("internal.distributed")),
          new Layer("semantics", List.of(SEMANTICS)),
          new Layer(
              "core",
              List.of(
                  "internal.action",
                  "internal.protocol",
                  "internal.metrics",
                  "internal.report",
                  "internal.verification",
                  "internal.check",
                  "internal.client",
                  "internal.admin")),
          new Layer("seam", List.of("internal.semantics", "internal.run")),
          new Layer(
              "foundation",
              List.of("internal.broker", "internal.schema", "internal.payload", "internal.config")),
          new Layer("results", List.of("internal.history", "internal.results")));

  /** Every package, top to bottom: a package may use only the packages after it. */
  static final List<String> LAYERS =
      NAMED_LAYERS.stream().flatMap(l -> l.packages().stream()).toList();

  /** The packages users may import: the DSL and the public packages above it. */
  static final List<String> PUBLIC =
      List.of(
          "kafkaload",
          "distributed",
          "kit",
          "echo",
          "galaxio.javaapi",
          "galaxio.javaapi.request.builder",
          "galaxio.javaapi.protocol",
          "galaxio.javaapi.checks",
          "galaxio.javaapi.request.expressions",
          "galaxio.request");

  /**
   * src/main's classes, read from Maven's output folder (scanning the whole classpath for them
   * takes seconds).
   */
  private static final JavaClasses MAIN =
      new ClassFileImporter().importPath(Paths.get("target/classes/kafkaload"));

  private static final Path SOURCES = Paths.get("src/main/java/kafkaload");
  private static final Pattern REFERENCE =
      Pattern.compile("\\bkafkaload\\.((?:internal\\.)?[a-z]+(?:\\.[a-z]+)?)\\.[A-Z]");
  private static final Pattern API_REFERENCE = Pattern.compile("\\bkafkaload\\.[A-Z]");

  /** The Java package of a layer: "kafkaload" for the DSL, else "kafkaload." and its name. */
  private static String pkg(String layer) {
    return layer.equals("kafkaload") ? "kafkaload" : "kafkaload." + layer;
  }

  /** The layer a package is in: its own name, or {@link #SEMANTICS} for a semantic's package. */
  static String layerOf(String pkg) {
    String name = pkg.equals("kafkaload") ? "kafkaload" : pkg.substring("kafkaload.".length());
    return name.startsWith("internal.semantic.") ? SEMANTICS : name;
  }

  @Test
  void everyPackageIsALayer() {
    TreeSet<String> packages =
        MAIN.stream()
            .map(c -> pkg(layerOf(c.getPackageName())))
            .collect(Collectors.toCollection(TreeSet::new));
    TreeSet<String> layers =
        LAYERS.stream().map(ArchitectureTest::pkg).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(layers, packages, "a package was added or removed: place it in LAYERS");
  }

  /**
   * Every dependency in the bytecode (a field, a call, a signature, a supertype, an annotation)
   * from one package to another points down: each one that does not is named with the rule it
   * breaks.
   */
  @Test
  void dependenciesPointDownTheLayersOnly() {
    Set<String> broken = new TreeSet<>();
    for (JavaClass c : MAIN) {
      String from = layerOf(c.getPackageName());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass();
        target = target.isArray() ? target.getBaseComponentType() : target;
        String pkg = target.getPackageName();
        if (!pkg.equals("kafkaload") && !pkg.startsWith("kafkaload.")) {
          continue;
        }
        String rule = brokenRule(from, layerOf(pkg));
        if (rule != null) {
          broken.add(
              c.getName()
                  + " in "
                  + where(from)
                  + " imports "
                  + target.getName()
                  + " in "
                  + where(layerOf(pkg))
                  + ": "
                  + rule);
        }
      }
    }
    assertTrue(broken.isEmpty(), dependenciesUp(broken));
  }

  /**
   * The rule a dependency from the package {@code from} to the package {@code to} (layer names as
   * in {@link #LAYERS}) breaks, or null when it points down or stays in its package.
   */
  static String brokenRule(String from, String to) {
    if (from.equals(to) || LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
      return null;
    }
    if (!LAYERS.contains(to)) {
      return to + " is in no layer: place it in NAMED_LAYERS";
    }
    Layer up = namedLayer(to);
    Layer here = namedLayer(from);
    return up == here
        ? "within "
            + here.name()
            + ", "
            + from
            + " may not depend on "
            + to
            + " (its order: "
            + String.join(" > ", here.packages())
            + ")"
        : here.name() + " may not depend on " + up.name();
  }

  private static Layer namedLayer(String layer) {
    return NAMED_LAYERS.stream()
        .filter(l -> l.packages().contains(layer))
        .findFirst()
        .orElseThrow(() -> new AssertionError(layer + " is in no layer: place it in NAMED_LAYERS"));
  }

  /** "layer X (package p)", or "layer X" where the layer is one package. */
  private static String where(String layer) {
    if (!LAYERS.contains(layer)) {
      return "no layer (" + layer + ")";
    }
    Layer l = namedLayer(layer);
    return "layer " + l.name() + (l.packages().size() == 1 ? "" : " (" + layer + ")");
  }

  private static String dependenciesUp(Set<String> broken) {
    return "dependencies up the layers (top to bottom: "
        + NAMED_LAYERS.stream().map(Layer::name).collect(Collectors.joining(" > "))
        + "; docs/architecture.md, The layers):\n"
        + String.join("\n", broken);
  }

  /** A semantic is a package of its own: it uses the layers below, never another semantic. */
  @Test
  void semanticsAreIndependent() {
    SlicesRuleDefinition.slices()
        .matching("kafkaload.internal.semantic.(*)..")
        .should()
        .notDependOnEachOther()
        .check(MAIN);
  }

  @Test
  void noCycleBetweenPackages() {
    SliceAssignment byPackage =
        new SliceAssignment() {
          @Override
          public SliceIdentifier getIdentifierOf(JavaClass c) {
            return c.getPackageName().equals("kafkaload")
                    || c.getPackageName().startsWith("kafkaload.")
                ? SliceIdentifier.of(c.getPackageName())
                : SliceIdentifier.ignore();
          }

          @Override
          public String getDescription() {
            return "each package of kafkaload";
          }
        };
    SlicesRuleDefinition.slices().assignedFrom(byPackage).should().beFreeOfCycles().check(MAIN);
  }

  /**
   * The DSL builds on nothing above it: the kit, the echo service and the launcher are users of it.
   */
  @Test
  void theDslUsesNoPublicPackageAboveIt() {
    noClasses()
        .that()
        .resideInAPackage("kafkaload")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "kafkaload.kit..", "kafkaload.echo..", "kafkaload.distributed..", "kafkaload.galaxio..")
        .check(MAIN);
  }

  /**
   * No program and no thread of its own in the root package: it describes a run, the layers below
   * carry it out.
   */
  @Test
  void theDslPackageHasNoMainMethodAndStartsNoThread() {
    methods()
        .that()
        .areDeclaredInClassesThat()
        .resideInAPackage("kafkaload")
        .and()
        .areStatic()
        .should()
        .notHaveName("main")
        .check(MAIN);
    noClasses()
        .that()
        .resideInAPackage("kafkaload")
        .should()
        .callMethod(Thread.class, "start")
        .orShould()
        .dependOnClassesThat()
        .areAssignableTo(Thread.class)
        .orShould()
        .dependOnClassesThat()
        .areAssignableTo(ExecutorService.class)
        .orShould()
        .dependOnClassesThat()
        .belongToAnyOf(Executors.class)
        .check(MAIN);
  }

  /**
   * Every public top-level type of the root package is DSL: reachable from the entry {@code
   * KafkaDsl} through the public signatures of the DSL's types (what a builder takes or returns, a
   * check, a value, the parameters), or a final class of static helpers a simulation calls directly
   * (the gates, secrets from the environment).
   */
  @Test
  void theRootPackageHoldsOnlyDslTypes() {
    Set<String> reachable = new TreeSet<>();
    Deque<JavaClass> todo = new ArrayDeque<>(List.of(MAIN.get(KafkaDsl.class)));
    while (!todo.isEmpty()) {
      JavaClass c = todo.pop();
      if (!reachable.add(c.getName())) {
        continue;
      }
      for (JavaMethod m : c.getMethods()) {
        if (!m.getModifiers().contains(JavaModifier.PUBLIC)) {
          continue;
        }
        List<JavaClass> types = new ArrayList<>(m.getRawParameterTypes());
        types.add(m.getRawReturnType());
        types.stream()
            .map(t -> t.isArray() ? t.getBaseComponentType() : t)
            .filter(t -> t.getPackageName().equals("kafkaload") && !reachable.contains(t.getName()))
            .forEach(todo::push);
      }
    }
    List<String> notDsl = new ArrayList<>();
    for (JavaClass c : MAIN) {
      if (!c.getPackageName().equals("kafkaload")
          || !c.isTopLevelClass()
          || !c.getModifiers().contains(JavaModifier.PUBLIC)
          || reachable.contains(c.getName())) {
        continue;
      }
      boolean staticHelpers =
          c.getModifiers().contains(JavaModifier.FINAL)
              && c.getMethods().stream()
                  .filter(m -> m.getModifiers().contains(JavaModifier.PUBLIC))
                  .allMatch(m -> m.getModifiers().contains(JavaModifier.STATIC));
      if (!staticHelpers) {
        notDsl.add(c.getName());
      }
    }
    assertTrue(
        notDsl.isEmpty(),
        "public types in the root package that no DSL signature reaches from KafkaDsl "
            + "(move them to an internal package, or to kit/echo/distributed): "
            + notDsl);
  }

  /**
   * The shipped simulations use what users may import: the DSL, the kit, the echo service, Gatling,
   * the JDK.
   */
  @Test
  void simulationsUseOnlyThePublicApi() {
    JavaClasses simulations =
        new ClassFileImporter().importPath(Paths.get("target/test-classes/simulations"));
    assertTrue(
        simulations.size() > 10,
        "the simulations' compiled classes were not found: " + simulations.size());
    classes()
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "simulations..",
            "kafkaload",
            "kafkaload.kit..",
            "kafkaload.echo..",
            "io.gatling.javaapi..",
            "java..")
        .check(simulations);
  }

  /**
   * javac inlines constants ({@code static final String}), so a reference to one leaves no
   * dependency in the class file: the sources are read for references up the layers too (imports
   * and fully qualified names in code).
   */
  @Test
  void sourceReferencesPointDownTheLayersOnly() throws IOException {
    Set<String> broken = new TreeSet<>();
    for (Path file : sources(SOURCES)) {
      String from = layer(file.getParent());
      String code = withoutComments(Files.readString(file));
      Matcher m = REFERENCE.matcher(code);
      while (m.find()) {
        String to = layerOf("kafkaload." + m.group(1));
        String rule = brokenRule(from, to);
        if (rule != null) {
          broken.add(
              SOURCES.relativize(file)
                  + " in "
                  + where(from)
                  + " names kafkaload."
                  + m.group(1)
                  + " in "
                  + where(to)
                  + ": "
                  + rule);
        }
      }
      if (LAYERS.indexOf(from) > LAYERS.indexOf("kafkaload")
          && API_REFERENCE.matcher(code).find()) {
        broken.add(
            SOURCES.relativize(file)
                + " in "
                + where(from)
                + " names the public API package kafkaload in layer dsl: "
                + brokenRule(from, "kafkaload"));
      }
    }
    assertTrue(broken.isEmpty(), dependenciesUp(broken));
  }

  @Test
  void theReadmeExampleImportsOnlyThePublicApi() throws IOException {
    String readme = Files.readString(Paths.get("README.md"));
    Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
    assertTrue(m.find(), "README.md has no Java example");
    do {
      Matcher internal = Pattern.compile("\\bkafkaload\\.internal\\.").matcher(m.group(1));
      assertTrue(
          !internal.find(),
          "README's example names an internal package: "
              + (internal.hitEnd() ? "" : internal.group()));
    } while (m.find());
  }

  /**
   * The layer of a directory under src/main/java/kafkaload: "kafkaload" for the API, else its path
   * as a name.
   */
  private static String layer(Path dir) {
    return dir.equals(SOURCES)
        ? "kafkaload"
        : layerOf("kafkaload." + SOURCES.relativize(dir).toString().replace('/', '.'));
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
