package kafkaload.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Typed access to -D system properties, with defaults, validated before any load is sent.
 * Every error names the parameter and the value that was given.
 */
public final class Params {
  private Params() {}

  private static final ThreadLocal<java.util.Map<String, String>> DEFAULTS =
      ThreadLocal.withInitial(java.util.Map::of);

  /** Every parameter read in this JVM, with the value used (defaults included), for the run's summary. */
  private static final java.util.Map<String, String> USED = new java.util.concurrent.ConcurrentSkipListMap<>();

  /** The parameters this run read and the values it used, by name. */
  public static java.util.Map<String, String> used() {
    return java.util.Collections.unmodifiableMap(USED);
  }

  private static <T> T used(String name, T value) {
    if (value != null) {
      USED.put(name, String.valueOf(value));
    }
    return value;
  }

  /** The raw value of -Dname (else the simulation's own default, see withDefaults), or null when unset or blank. */
  public static String raw(String name) {
    String v = System.getProperty(name);
    if (v == null || v.isBlank()) {
      v = DEFAULTS.get().get(name);
    }
    return used(name, v == null || v.isBlank() ? null : v.trim());
  }

  /**
   * Reads parameters with a simulation's own defaults in place of the general ones, for example a fault simulation
   * whose plan needs acks=all: a -D property still wins over them.
   */
  public static <T> T withDefaults(java.util.Map<String, String> defaults, java.util.function.Supplier<T> read) {
    java.util.Map<String, String> before = DEFAULTS.get();
    DEFAULTS.set(defaults);
    try {
      return read.get();
    } finally {
      DEFAULTS.set(before);
    }
  }

  public static String string(String name, String def) {
    String v = raw(name);
    return used(name, v == null ? def : v);
  }

  /** An integer that must be ≥ 1. */
  public static int positiveInt(String name, int def) {
    return toInt(name, longAtLeast(name, def, 1));
  }

  /** An integer that must be ≥ 0. */
  public static int nonNegativeInt(String name, int def) {
    return toInt(name, longAtLeast(name, def, 0));
  }

  public static long positiveLong(String name, long def) {
    return longAtLeast(name, def, 1);
  }

  private static int toInt(String name, long value) {
    if (value > Integer.MAX_VALUE) {
      throw new KafkaLoadConfigException("-D" + name + "=" + value + " is too large (max " + Integer.MAX_VALUE + ")");
    }
    return (int) value;
  }

  private static long longAtLeast(String name, long def, long min) {
    String v = raw(name);
    if (v == null) {
      return used(name, def);
    }
    long parsed;
    try {
      parsed = Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " is not a whole number");
    }
    if (parsed < min) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " must be >= " + min);
    }
    return used(name, parsed);
  }

  /** A number above 0, for example a latency bound that 0 would make impossible to meet. */
  public static double positiveDouble(String name, double def) {
    double v = nonNegativeDouble(name, def);
    if (v == 0) {
      throw new KafkaLoadConfigException("-D" + name + "=" + raw(name) + " must be > 0");
    }
    return v;
  }

  /** A percentage, 0 to 100. */
  public static double percent(String name, double def) {
    double v = nonNegativeDouble(name, def);
    if (v > 100) {
      throw new KafkaLoadConfigException("-D" + name + "=" + raw(name) + " is a percentage: 0 to 100");
    }
    return v;
  }

  /** A decimal number that must be ≥ 0. */
  public static double nonNegativeDouble(String name, double def) {
    String v = raw(name);
    if (v == null) {
      return used(name, def);
    }
    double parsed;
    try {
      parsed = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " is not a number");
    }
    if (parsed < 0 || Double.isNaN(parsed) || Double.isInfinite(parsed)) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " must be a finite number >= 0");
    }
    return used(name, parsed);
  }

  public static boolean bool(String name, boolean def) {
    String v = raw(name);
    if (v == null) {
      return used(name, def);
    }
    switch (v.toLowerCase(Locale.ROOT)) {
      case "true":
      case "yes":
      case "1":
        return used(name, true);
      case "false":
      case "no":
      case "0":
        return used(name, false);
      default:
        throw new KafkaLoadConfigException("-D" + name + "=" + v + " must be true or false");
    }
  }

  /** One of a fixed set of words, compared case-insensitively; returned in lower case. */
  public static String oneOf(String name, String def, String... allowed) {
    String v = string(name, def).toLowerCase(Locale.ROOT);
    List<String> ok = Arrays.asList(allowed);
    if (!ok.contains(v)) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " must be one of " + String.join(", ", ok));
    }
    return used(name, v);
  }
}
