package kafkaload.internal.report;

import io.gatling.commons.stats.assertion.Assertion;
import io.gatling.commons.stats.assertion.AssertionPath;
import io.gatling.core.CoreComponents;
import io.gatling.core.scenario.SimulationParams;
import io.gatling.core.structure.PopulationBuilder;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import kafkaload.internal.config.KafkaLoadConfigException;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Gates checked before any load: an assertion whose path names a request or group the simulation
 * never records is refused when Gatling builds the first Kafka action, not found after the load
 * ("Could not find stats matching assertion path"). The names come from the simulation's builders
 * ({@link SimulationNames}); the assertions and the builders from Gatling's {@link
 * SimulationParams}, which its controller holds.
 */
public final class GatePaths {
  private GatePaths() {}

  /** Controllers already checked: one check per Gatling run, however many actions it builds. */
  private static final Map<Object, Boolean> CHECKED = new WeakHashMap<>();

  /**
   * Refuses the run when an assertion names what the simulation never records; does nothing when
   * the simulation's names cannot all be known (a request of another protocol, a group named at run
   * time) or Gatling's controller does not show its parameters.
   */
  public static void check(CoreComponents core) {
    synchronized (CHECKED) {
      if (CHECKED.put(core.controller(), Boolean.TRUE) != null) {
        return;
      }
    }
    SimulationParams params = params(core.controller());
    if (params == null) {
      return;
    }
    List<PopulationBuilder> roots = CollectionConverters.asJava(params.rootPopulationBuilders());
    List<Assertion> assertions = CollectionConverters.asJava(params.assertions());
    Optional<String> why = refusal(SimulationNames.of(roots), assertions);
    if (why.isPresent()) {
      throw new KafkaLoadConfigException(why.get());
    }
  }

  /** Why the assertions cannot hold on these names, or empty when each names something there. */
  static Optional<String> refusal(SimulationNames names, List<Assertion> assertions) {
    if (!names.complete()) {
      return Optional.empty();
    }
    for (Assertion a : assertions) {
      if (a.path() instanceof AssertionPath.Details details) {
        List<String> parts = CollectionConverters.asJava(details.parts());
        if (!names.matches(parts)) {
          return Optional.of(
              "Gate on '%s': the simulation records no request or group of that name; its requests: %s"
                  .formatted(String.join(" / ", parts), names.describe()));
        }
      }
    }
    return Optional.empty();
  }

  /** The controller's SimulationParams (a private field of Gatling's actor), or null. */
  private static SimulationParams params(Object controllerRef) {
    try {
      Object actor = field(controllerRef, "actor");
      return actor == null ? null : (SimulationParams) field(actor, "simulationParams");
    } catch (RuntimeException e) {
      return null; // another Gatling: the gates are judged after the load, as Gatling does
    }
  }

  /** The field {@code name} of {@code o} or of a superclass; null when absent or unreadable. */
  static Object field(Object o, String name) {
    for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (f.getName().equals(name)) {
          return SimulationNames.read(f, o);
        }
      }
    }
    return null;
  }
}
