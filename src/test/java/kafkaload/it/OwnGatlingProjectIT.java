package kafkaload.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import kafkaload.internal.broker.EmbeddedKafka;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The packaged jar as a plain dependency of a separate Gatling project (docs/dependency.md): a real
 * Maven build of src/it/own-gatling-project runs `mvn gatling:test` (embedded broker). The jar and
 * its pom are installed in the child's own local repository, target/local-repo; everything else
 * comes from the calling build's local repository (a file repository in src/it/settings.xml, merged
 * into the caller's user settings) and then the usual remote repositories. It runs beside the other
 * integration tests, not after them.
 */
class OwnGatlingProjectIT {
  private static final Path SOURCE = Paths.get("src", "it", "own-gatling-project");
  private static final Path PROJECT = Paths.get("target", "it", "own-gatling-project");
  private static final Path LOCAL_REPO = Paths.get("target", "local-repo");
  private static final Pattern SENDS =
      Pattern.compile("Kafka sends: (\\d+) acked OK, (\\d+) failed");

  @Test
  void aSeparateGatlingProjectRunsTheProtocolFromTheInstalledJar() throws Exception {
    String[] coordinates = System.getProperty("kafkaload.it.coordinates").split(":");
    install(Paths.get(System.getProperty("kafkaload.it.jar")), coordinates);
    copyProject(coordinates);
    Path settings = PROJECT.resolve("settings.xml");
    writeSettings(settings);

    List<String> cmd = new ArrayList<>(List.of(NestedMaven.executable(), "-B"));
    NestedMaven.globalSettings().ifPresent(f -> cmd.addAll(List.of("-gs", f.toString())));
    cmd.addAll(
        List.of(
            "-s",
            settings.toAbsolutePath().toString(),
            "-Dmaven.repo.local=" + LOCAL_REPO.toAbsolutePath(),
            "gatling:test",
            "-Dgatling.data.enableAnalytics=false",
            "-Djava.util.prefs.userRoot=target/java-prefs"));
    ProcessBuilder builder = new ProcessBuilder(cmd).directory(PROJECT.toFile());
    // Maven's own JVM C1 only, as .mvn/jvm.config: Gatling runs in a JVM of its own.
    builder
        .environment()
        .put("MAVEN_OPTS", "-Djava.util.prefs.userRoot=target/java-prefs -XX:TieredStopAtLevel=1");
    Path log = PROJECT.resolve("build.log");
    Process mvn = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!mvn.waitFor(600, TimeUnit.SECONDS)) {
      mvn.destroyForcibly().waitFor();
      throw new AssertionError("the child build did not end within 600 s; its log: " + log);
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    String tail = "\n" + log + ":\n" + out.substring(Math.max(0, out.length() - 4000));
    assertEquals(0, mvn.exitValue(), "the child build failed" + tail);
    assertTrue(out.contains("BUILD SUCCESS"), tail);

    // It ran the simulation against the broker, not just compiled it: a report, and acked records.
    try (Stream<Path> runs = Files.list(PROJECT.resolve(Paths.get("target", "gatling")))) {
      assertTrue(
          runs.anyMatch(r -> Files.isRegularFile(r.resolve("index.html"))),
          "no Gatling report target/gatling/*/index.html" + tail);
    }
    Matcher sends = SENDS.matcher(out);
    assertTrue(sends.find(), "no \"Kafka sends: N acked OK\" line" + tail);
    assertTrue(Long.parseLong(sends.group(1)) > 0, sends.group() + tail);
    assertEquals(0, Long.parseLong(sends.group(2)), sends.group() + tail);
    // The slf4j-api pin: without it slf4j 1.7 finds no logback binding and every line is dropped.
    assertFalse(out.contains("Defaulting to no-operation (NOP) logger"), tail);
  }

  /** The jar and its pom where Maven installs them, as `mvn install` would for the child. */
  private static void install(Path jar, String[] coordinates) throws IOException {
    String group = coordinates[0], artifact = coordinates[1], version = coordinates[2];
    Path dir =
        Files.createDirectories(
            LOCAL_REPO.resolve(group.replace('.', '/')).resolve(artifact).resolve(version));
    String base = artifact + "-" + version;
    Files.copy(jar, dir.resolve(base + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        Paths.get("pom.xml"), dir.resolve(base + ".pom"), StandardCopyOption.REPLACE_EXISTING);
  }

  /** A fresh copy of the example, with this project's coordinates in its pom. */
  private static void copyProject(String[] coordinates) throws IOException {
    EmbeddedKafka.deleteRecursively(PROJECT);
    try (Stream<Path> files = Files.walk(SOURCE)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Path to = PROJECT.resolve(SOURCE.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to);
        }
      }
    }
    Path pom = PROJECT.resolve("pom.xml");
    Files.writeString(
        pom,
        Files.readString(pom)
            .replace("@project.groupId@", coordinates[0])
            .replace("@project.artifactId@", coordinates[1])
            .replace("@project.version@", coordinates[2]));
  }

  /**
   * src/it/settings.xml with the caller's local repository as a file repository, merged into the
   * caller's user settings (their mirrors, proxies and servers apply to the child too).
   */
  private static void writeSettings(Path to) throws Exception {
    String repo = Paths.get(System.getProperty("maven.repo.local")).toUri().toString();
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    Document ours =
        factory
            .newDocumentBuilder()
            .parse(
                new ByteArrayInputStream(
                    Files.readString(Paths.get("src", "it", "settings.xml"))
                        .replace("@localRepositoryUrl@", repo)
                        .getBytes(StandardCharsets.UTF_8)));
    Optional<Path> user = NestedMaven.userSettings();
    Document merged =
        user.isPresent() ? factory.newDocumentBuilder().parse(user.get().toFile()) : ours;
    if (merged != ours) {
      for (String section : List.of("profiles", "activeProfiles")) {
        Element into = child(merged, merged.getDocumentElement(), section);
        Node from = ours.getDocumentElement().getElementsByTagName(section).item(0);
        for (Node n = from.getFirstChild(); n != null; n = n.getNextSibling()) {
          into.appendChild(merged.importNode(n, true));
        }
      }
    }
    TransformerFactory.newInstance()
        .newTransformer()
        .transform(new DOMSource(merged), new StreamResult(to.toFile()));
  }

  private static Element child(Document doc, Element parent, String name) {
    Node found = parent.getElementsByTagName(name).item(0);
    if (found != null) {
      return (Element) found;
    }
    Element created = doc.createElement(name);
    parent.appendChild(created);
    return created;
  }
}
