package kafkaload.internal.report;

import io.gatling.core.action.builder.ActionBuilder;
import io.gatling.core.action.builder.GroupBuilder;
import io.gatling.core.structure.ChainBuilder;
import io.gatling.core.structure.PopulationBuilder;
import io.gatling.core.structure.ScenarioBuilder;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import kafkaload.internal.history.RunFigures;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The names a simulation's requests and groups can have, read from its builders before the run:
 * each Kafka action's prefix ({@link RequestNamed}), the core's own ({@link #OWN_PREFIXES}), and
 * each group's name. {@code unknown} lists what cannot be read (a builder of another protocol, a
 * group named at run time): then no name can be refused.
 *
 * @param prefixes every request recorded starts with one of these
 * @param groups the groups' names
 * @param unknown the builders whose names cannot be known before the run
 */
public record SimulationNames(Set<String> prefixes, Set<String> groups, Set<String> unknown) {
  /**
   * What the core's verdicts, the broker fault plan and a capacity search's warm-up plateaus record
   * under.
   */
  static final List<String> OWN_PREFIXES = List.of("kafka ", "fault: ", RunFigures.WARM_UP + " ");

  public static SimulationNames of(List<PopulationBuilder> roots) {
    SimulationNames names = new SimulationNames(new TreeSet<>(), new TreeSet<>(), new TreeSet<>());
    names.prefixes.addAll(OWN_PREFIXES);
    roots.forEach(names::walk);
    return names;
  }

  public boolean complete() {
    return unknown.isEmpty();
  }

  /** Whether Gatling could find stats for this path: groups, then a request or a group. */
  boolean matches(List<String> parts) {
    String last = parts.get(parts.size() - 1);
    return groups.containsAll(parts.subList(0, parts.size() - 1))
        && (groups.contains(last) || prefixes.stream().anyMatch(p -> records(p, last)));
  }

  /** "order" records "order", "order commit", "order 1 reconciled", but not "orders". */
  private static boolean records(String prefix, String name) {
    return name.equals(prefix) || name.startsWith(prefix.endsWith(" ") ? prefix : prefix + " ");
  }

  /** The names for an error line: the simulation's requests and groups (not the core's own). */
  String describe() {
    String requests = quoted(prefixes.stream().filter(p -> !OWN_PREFIXES.contains(p)));
    return (requests.isEmpty() ? "none" : requests)
        + " (and the verdicts, 'kafka …')"
        + (groups.isEmpty() ? "; no groups" : "; groups: " + quoted(groups.stream()));
  }

  private static String quoted(Stream<String> names) {
    return names.map(n -> "'" + n + "'").collect(Collectors.joining(", "));
  }

  private void walk(Object node) {
    if (node instanceof PopulationBuilder p) {
      walk(p.scenarioBuilder());
      walk(p.children());
    } else if (node instanceof ScenarioBuilder s) {
      walk(s.actionBuilders());
    } else if (node instanceof ChainBuilder c) {
      walk(c.actionBuilders());
    } else if (node instanceof RequestNamed n) {
      if (n.requestPrefix() != null) { // null: a verdict, under "kafka "
        prefixes.add(n.requestPrefix());
      }
    } else if (node instanceof scala.collection.Iterable<?> it) {
      CollectionConverters.asJava(it).forEach(this::walk);
    } else if (node instanceof scala.Option<?> o && o.isDefined()) {
      walk(o.get());
    } else if (node instanceof ActionBuilder b) {
      builder(b);
    } else if (node instanceof scala.Product2<?, ?> t) {
      walk(t._1());
      walk(t._2());
    }
  }

  /** One of Gatling's own builders: a group's start or end, or a structure holding chains. */
  private void builder(ActionBuilder b) {
    String type = b.getClass().getName();
    if (b == GroupBuilder.End()) {
      return;
    }
    if (type.startsWith(GroupBuilder.class.getName())) {
      String group = groupName(b);
      if (group == null) {
        unknown.add("a group named at run time");
      } else {
        groups.add(group);
      }
    } else if (type.startsWith("io.gatling.core.")) {
      // if, loops, switches, tryMax: their chains are among their fields
      for (Class<?> c = b.getClass(); c != null; c = c.getSuperclass()) {
        Arrays.stream(c.getDeclaredFields())
            .filter(f -> !java.lang.reflect.Modifier.isStatic(f.getModifiers()))
            .forEach(f -> walk(read(f, b)));
      }
    } else {
      unknown.add(type);
    }
  }

  /** The field's value in {@code o}, made accessible; null when it cannot be read. */
  static Object read(Field f, Object o) {
    try {
      f.setAccessible(true);
      return f.get(o);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The static name a group's start was built with (a field of Gatling's lambda), or null. */
  private static String groupName(ActionBuilder start) {
    for (Field f : start.getClass().getDeclaredFields()) {
      // Gatling's EL compiles a name without "#{" to a StaticValueExpression(value)
      if (read(f, start) instanceof scala.Product e
          && e.getClass()
              .getName()
              .equals("io.gatling.core.session.package$StaticValueExpression")) {
        return String.valueOf(e.productElement(0));
      }
    }
    return null;
  }
}
