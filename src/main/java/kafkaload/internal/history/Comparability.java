package kafkaload.internal.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import kafkaload.internal.results.RunResults;

/**
 * Whether a baseline measured what this run did: another simulation, record size, acks, broker or
 * injector count refuses the comparison; other differences are flagged, and so is a saturated
 * injector (its figures are a floor).
 */
public final class Comparability {
  /** The parameters whose difference refuses a comparison. */
  public static final List<String> REFUSING =
      List.of("simulation", "recordSize", "acks", "kafka.embedded.brokers", "injector.count");

  /** Parameters that differ run to run without changing the measure: names, gates, history. */
  private static final Set<String> IGNORED =
      Set.of("topic", "kafka.bootstrap.servers", "kafka.client.config", "feeder", "injector.index");

  private static final List<String> IGNORED_PREFIXES = List.of("gate.", "history.", "health.");

  private Comparability() {}

  /** What the comparison of a run with one baseline run found. */
  public record Differences(List<String> refusing, List<String> flags) {}

  /** This run's parameter differences from a baseline's, by the rules above. */
  public static Differences of(
      Map<String, String> current, Map<String, String> baseline, String baselineName) {
    List<String> refusing = new ArrayList<>();
    List<String> flags = new ArrayList<>();
    Set<String> names = new TreeSet<>(current.keySet());
    names.addAll(baseline.keySet());
    for (String name : names) {
      String a = value(current, name);
      String b = value(baseline, name);
      if (Objects.equals(a, b)) {
        continue;
      }
      String text = difference(name, a, b, baselineName);
      if (REFUSING.contains(name)) {
        refusing.add(text);
      } else if (!ignored(name) && a != null && b != null) {
        // A knob one run never read is not a difference (an older summary, another protocol).
        flags.add(text);
      }
    }
    return new Differences(refusing, flags);
  }

  /** The refusing differences the parameters read before the load tell. */
  public static List<String> refusedBeforeLoad(
      Map<String, String> current, Map<String, String> baseline, String baselineName) {
    List<String> out = new ArrayList<>();
    Map<String, String> b = baseline == null ? Map.of() : baseline;
    for (String name : REFUSING) {
      String x = current.get(name);
      String y = b.get(name);
      boolean differ =
          name.equals("kafka.embedded.brokers")
              ? !Objects.equals(x, y)
              : x != null && y != null && !x.equals(y);
      if (differ) {
        out.add(difference(name, x, y, baselineName));
      }
    }
    return out;
  }

  /** The differences between two runs' results, with the injectors' saturation flagged. */
  public static Differences of(RunResults current, RunResults baseline, String baselineName) {
    Differences d = of(parameters(current), parameters(baseline), baselineName);
    List<String> flags = new ArrayList<>(d.flags());
    saturated(baseline, "the injector was saturated in " + baselineName, flags);
    saturated(current, "the injector is saturated in this run", flags);
    return new Differences(d.refusing(), flags);
  }

  private static void saturated(RunResults r, String which, List<String> flags) {
    if (r.injector() != null && r.injector().saturated()) {
      flags.add(
          which + ": its figures are a floor (" + String.join("; ", r.injector().reasons()) + ")");
    }
  }

  /** A run's parameters with the injector and single-broker counts explicit, as older runs. */
  public static Map<String, String> parameters(RunResults r) {
    Map<String, String> p =
        new java.util.TreeMap<>(r.parameters() == null ? Map.of() : r.parameters());
    if (r.merged().injectors() != null) {
      p.put("injector.count", String.valueOf(r.merged().injectors().size()));
    }
    return p;
  }

  /** A parameter for the comparison: unset injector and broker counts default as they ran. */
  private static String value(Map<String, String> p, String name) {
    String v = p.get(name);
    if (v == null && name.equals("injector.count")) {
      return "1";
    }
    if (v == null && name.equals("kafka.embedded.brokers")) {
      return p.containsKey("kafka.bootstrap.servers") ? "(external cluster)" : "1";
    }
    return v;
  }

  private static String difference(String name, String now, String before, String baselineName) {
    return String.format(
        "%s: %s in %s, %s now",
        name, before == null ? "(unset)" : before, baselineName, now == null ? "(unset)" : now);
  }

  private static boolean ignored(String name) {
    return IGNORED.contains(name) || IGNORED_PREFIXES.stream().anyMatch(name::startsWith);
  }
}
