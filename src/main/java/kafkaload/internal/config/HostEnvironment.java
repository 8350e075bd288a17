package kafkaload.internal.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The environment a run reads (its secrets, {@code KAFKA_BOOTSTRAP_SERVERS}): the process's, with
 * the variables of a host's run over it. A host that runs Gatling inside its own JVM (the
 * integration tests' {@code InProcessGatling}) cannot set that JVM's environment, so it gives a
 * run's variables here ({@link #hostedWith}) and removes them when the run is over ({@link
 * #processOnly}), as {@code DryRunEnd} replaces a dry run's exit. One run at a time.
 */
public final class HostEnvironment {
  private static volatile Map<String, String> overlay = Map.of();

  private HostEnvironment() {}

  /** The runs started from now on read {@code variables} over the process's environment. */
  public static void hostedWith(Map<String, String> variables) {
    overlay = Map.copyOf(Objects.requireNonNull(variables, "variables"));
  }

  /** The runs started from now on read the process's environment only (the default). */
  public static void processOnly() {
    overlay = Map.of();
  }

  /** A variable's value, null when unset. */
  static String get(String name) {
    return overlay.getOrDefault(name, System.getenv(name));
  }

  /** Every variable, the host's over the process's. */
  static Map<String, String> all() {
    Map<String, String> all = new HashMap<>(System.getenv());
    all.putAll(overlay);
    return Map.copyOf(all);
  }
}
