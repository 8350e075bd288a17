package kafkaload.internal.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The knobs a run knows, read from docs/parameters.md itself (packaged in the jar, see pom.xml):
 * the page {@code ParametersDocTest} checks against the code is the one list. A -D property that is
 * not a knob but within a small edit distance of one is a misspelling, refused before any load.
 */
public final class KnobNames {
  /** Where pom.xml puts docs/parameters.md in the jar. */
  static final String RESOURCE = "kafkaload/internal/config/parameters.md";

  /** A line of the page: a section's heading (group 1) or a knob's row (group 2). */
  private static final Pattern LINE =
      Pattern.compile("^## (.+)$|^\\| `-D([A-Za-z0-9_.]+)`", Pattern.MULTILINE);

  /**
   * Names that belong to others (the JVM, Gatling, Maven, the OS's user) or a family read by name
   * patterns (bench/matrix's {@code matrix.<knob>}): never judged.
   */
  private static final List<String> OTHERS =
      List.of(
          "java.",
          "javax.",
          "jdk.",
          "sun.",
          "com.sun.",
          "gatling.",
          "user.",
          "os.",
          "file.",
          "line.",
          "path.",
          "maven.",
          "native.",
          "jna.",
          "io.netty.",
          "logback.",
          "org.",
          "matrix.",
          "awt.",
          "socksProxy",
          "http.",
          "https.",
          "ftp.",
          "jline.",
          "scala.",
          "surefire.",
          "failsafe.",
          "basedir",
          "library.");

  private static final Set<String> KAFKA_CLIENT_NAMES =
      Stream.of(
              ProducerConfig.configNames(),
              ConsumerConfig.configNames(),
              AdminClientConfig.configNames())
          .flatMap(Set::stream)
          .collect(Collectors.toUnmodifiableSet());

  private static volatile Map<String, String> sections;

  private KnobNames() {}

  /** Every documented knob with the heading of its docs/parameters.md section, in page order. */
  public static Map<String, String> sections() {
    // Set once, never reset: two threads racing read the page twice, to the same map.
    if (sections == null) {
      sections = parse(read());
    }
    return sections;
  }

  /** The knobs and their sections in a docs/parameters.md text. */
  static Map<String, String> parse(String page) {
    Map<String, String> out = new LinkedHashMap<>();
    String section = "";
    Matcher line = LINE.matcher(page);
    while (line.find()) {
      if (line.group(1) != null) {
        section = line.group(1).trim();
      } else {
        out.put(line.group(2), section);
      }
    }
    return java.util.Collections.unmodifiableMap(out); // page order: the plan groups by it
  }

  private static String read() {
    try (InputStream in = KnobNames.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            RESOURCE + " (docs/parameters.md) is missing from the class path: see pom.xml");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + RESOURCE, e);
    }
  }

  /**
   * The first of {@code given} (in sorted order) that is no knob, not read by this run, not a name
   * of others, but within a small edit distance of a knob: "-Dduraton: unknown; did you mean
   * -Dduration?".
   */
  public static Optional<String> misspelling(Collection<String> given, Set<String> readByRun) {
    Set<String> known = sections().keySet();
    for (String name : new TreeSet<>(given)) {
      if (known.contains(name) || readByRun.contains(name) || others(name)) {
        continue;
      }
      String near = nearest(name, known);
      // the simulation's class files are read only for a near miss: most names are near nothing
      if (near != null && !SimulationNames.named(name)) {
        return Optional.of("-D" + name + ": unknown; did you mean -D" + near + "?");
      }
    }
    return Optional.empty();
  }

  /** A name of the JVM, Gatling, Maven or a Kafka client's configuration. */
  static boolean others(String name) {
    return KAFKA_CLIENT_NAMES.contains(name) || OTHERS.stream().anyMatch(name::startsWith);
  }

  /** The closest knob within the bound (1 edit for names of 4 letters or fewer, else 2). */
  static String nearest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : new TreeSet<>(known)) {
      int bound = Math.min(name.length(), k.length()) <= 4 ? 1 : 2;
      if (Math.abs(name.length() - k.length()) > bound) {
        continue; // the distance is at least the difference in length
      }
      int d = distance(name, k);
      if (d <= bound && d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Damerau-Levenshtein distance (optimal string alignment: adjacent transpositions count 1). */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
