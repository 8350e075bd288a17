package kafkaload.internal.config;

import static kafkaload.internal.config.KafkaLoadConfigException.refuseIf;
import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.kafka.common.utils.Utils;

/**
 * The -D properties and environment, read once when a simulation is built; every parameter is read
 * from it, typed, defaulted and checked before any load, errors naming it, and remembered with its
 * value for the summary. {@code kafkaload.Params} is its DSL face; docs/parameters.md lists every
 * parameter.
 */
public final class ParamSnapshot {
  /**
   * Names (never values) read by any snapshot of this JVM: a simulation's own knob read through a
   * snapshot of its own is no misspelling for the protocol's. JVM-wide, names only.
   */
  private static final Set<String> READ_IN_THIS_JVM = ConcurrentHashMap.newKeySet();

  private final Map<String, String> properties;
  private final Map<String, String> environment;
  private final Map<String, String> defaults;
  // Shared by a snapshot and its withDefaults(..) copies: one record of what the run read.
  private final Map<String, String> used;

  private ParamSnapshot(
      Map<String, String> properties,
      Map<String, String> environment,
      Map<String, String> defaults,
      Map<String, String> used) {
    this.properties = properties;
    this.environment = environment;
    this.defaults = defaults;
    this.used = used;
  }

  /** The one read of -D properties and environment; an injector's first waits for the start. */
  public static ParamSnapshot fromSystemProperties() {
    StartGate.await();
    Map<String, String> props = Utils.propsToStringMap(System.getProperties());
    ConcurrentSkipListMap<String, String> used = new ConcurrentSkipListMap<>();
    // Recorded beside the knobs: a baseline of another simulation is refused (docs/ci-gate.md).
    simulationClass().ifPresent(simulation -> used.put(SIMULATION, simulation));
    return new ParamSnapshot(
        Collections.unmodifiableMap(props), HostEnvironment.all(), Map.of(), used);
  }

  /**
   * -Dkafkaload.debug: a configuration error's stack trace on the console too, not only its line.
   */
  public static final String DEBUG = "kafkaload.debug";

  /**
   * Whether -Dkafkaload.debug is set; read where a configuration error is reported, which may come
   * before any snapshot. A value that is not a boolean counts as set: the report must not fail.
   */
  public static boolean debug() {
    try {
      return of(Map.of(DEBUG, System.getProperty(DEBUG, "false")), Map.of()).bool(DEBUG, false);
    } catch (KafkaLoadConfigException notABoolean) {
      return true;
    }
  }

  /**
   * The entry of {@link #used()} naming the simulation class whose constructor made the snapshot.
   */
  public static final String SIMULATION = "simulation";

  /** The Gatling simulation on the caller's stack (its constructor reads the snapshot), if any. */
  private static Optional<String> simulationClass() {
    return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
        .walk(
            frames ->
                frames
                    .map(StackWalker.StackFrame::getDeclaringClass)
                    .filter(ParamSnapshot::isSimulation)
                    .map(Class::getName)
                    .findFirst());
  }

  private static boolean isSimulation(Class<?> c) {
    return Stream.<Class<?>>iterate(c.getSuperclass(), Objects::nonNull, Class::getSuperclass)
        .anyMatch(k -> k.getName().equals("io.gatling.javaapi.core.Simulation"));
  }

  /** A snapshot of these properties and environment variables, for tests and tools. */
  public static ParamSnapshot of(Map<String, String> properties, Map<String, String> environment) {
    return new ParamSnapshot(
        Map.copyOf(properties), Map.copyOf(environment), Map.of(), new ConcurrentSkipListMap<>());
  }

  /** This snapshot with a simulation's own defaults over the general ones; a -D still wins. */
  public ParamSnapshot withDefaults(Map<String, String> simulationDefaults) {
    Map<String, String> d = new HashMap<>(defaults);
    d.putAll(simulationDefaults);
    return new ParamSnapshot(properties, environment, Map.copyOf(d), used);
  }

  /** The parameters read so far and the values used, by name (live and read-only). */
  public Map<String, String> used() {
    return Collections.unmodifiableMap(used);
  }

  /**
   * Where a value read comes from: "-D" when given as a property, "simulation" for a simulation's
   * own default, else "default".
   */
  public String source(String name) {
    if (set(properties.get(name)) != null) {
      return "-D";
    }
    return defaults.containsKey(name) ? "simulation" : "default";
  }

  /** Refused before any load: a -D name that is no knob but within a small edit of one. */
  public void checkNames() {
    Set<String> read = new java.util.HashSet<>(READ_IN_THIS_JVM);
    read.addAll(used.keySet());
    Optional<String> misspelled = KnobNames.misspelling(properties.keySet(), read);
    refuseIf(misspelled.isPresent(), misspelled.orElse(null));
  }

  private <T> T used(String name, T value) {
    READ_IN_THIS_JVM.add(name);
    if (value != null) {
      used.put(name, shown(value));
    }
    return value;
  }

  /** What the run's parameters show of a value: a bound no value reaches is "none". */
  static String shown(Object value) {
    boolean unbounded =
        value instanceof Long l && l == Long.MAX_VALUE
            || value instanceof Integer i && i == Integer.MAX_VALUE
            || value instanceof Double d && (d.isInfinite() || d == Double.MAX_VALUE);
    return unbounded ? NONE : String.valueOf(value);
  }

  /** The value shown for an unset bound (a default of Long.MAX_VALUE, say): no bound. */
  public static final String NONE = "none";

  /** An environment variable of the snapshot; null when unset or blank (as a blank -D). */
  public String env(String name) {
    return set(environment.get(name));
  }

  private static String set(String v) {
    return v == null || v.isBlank() ? null : v;
  }

  /**
   * The raw value of -Dname (else the simulation's own default), trimmed; null when unset or blank.
   */
  public String raw(String name) {
    String v = firstSet(set(properties.get(name)), set(defaults.get(name)));
    return used(name, v == null ? null : v.trim());
  }

  /** -Dname's text (else the simulation's default), trimmed; {@code def} when unset or blank. */
  public String string(String name, String def) {
    String v = raw(name);
    return used(name, v == null ? def : v);
  }

  /** An integer that must be ≥ 1. */
  public int positiveInt(String name, int def) {
    return toInt(name, longAtLeast(name, def, 1));
  }

  /** An integer that must be ≥ 0. */
  public int nonNegativeInt(String name, int def) {
    return toInt(name, longAtLeast(name, def, 0));
  }

  /** A whole number that must be ≥ 1, as a long (underscores allowed, as in 33_554_432). */
  public long positiveLong(String name, long def) {
    return longAtLeast(name, def, 1);
  }

  private static int toInt(String name, long value) {
    if (value > Integer.MAX_VALUE) {
      throw refused("-D%s=%s is too large (max %s)", name, value, Integer.MAX_VALUE);
    }
    return (int) value;
  }

  private long longAtLeast(String name, long def, long min) {
    String v = raw(name);
    if (v == null) {
      return used(name, def);
    }
    long parsed = parsed(name, v, s -> Long.parseLong(s.replace("_", "")), "a whole number");
    refuseIf(parsed < min, "-D" + name + "=" + v + " must be >= " + min);
    return used(name, parsed);
  }

  /** A number above 0, for example a latency bound that 0 would make impossible to meet. */
  public double positiveDouble(String name, double def) {
    double v = nonNegativeDouble(name, def);
    if (v == 0) {
      throw new KafkaLoadConfigException("-D" + name + "=" + raw(name) + " must be > 0");
    }
    return v;
  }

  /** A percentage, 0 to 100. */
  public double percent(String name, double def) {
    double v = nonNegativeDouble(name, def);
    if (v > 100) {
      throw refused("-D%s=%s is a percentage: 0 to 100", name, raw(name));
    }
    return v;
  }

  /** A decimal number that must be ≥ 0. */
  public double nonNegativeDouble(String name, double def) {
    String v = raw(name);
    if (v == null) {
      return used(name, def);
    }
    double parsed = parsed(name, v, Double::parseDouble, "a number");
    if (parsed < 0 || Double.isNaN(parsed) || Double.isInfinite(parsed)) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " must be a finite number >= 0");
    }
    return used(name, parsed);
  }

  /**
   * Which injector this JVM is: -Dinjector.index (else JOB_COMPLETION_INDEX, set by a Kubernetes
   * Indexed Job), -Dinjector.count (else INJECTOR_COUNT), -Drun.id (else KAFKALOAD_RUN_ID); without
   * them {@link InjectorShare#SINGLE}.
   */
  public InjectorShare injector() {
    String index = firstSet(raw("injector.index"), env("JOB_COMPLETION_INDEX"));
    String count = firstSet(raw("injector.count"), env("INJECTOR_COUNT"));
    String runId = firstSet(raw("run.id"), env("KAFKALOAD_RUN_ID"));
    if (index == null && count == null && runId == null) {
      return InjectorShare.SINGLE;
    }
    if (runId != null && !runId.matches("[A-Za-z0-9._-]{1,64}")) {
      throw refused("-Drun.id=%s must be 1 to 64 letters, digits, '.', '_' or '-'", runId);
    }
    return new InjectorShare(
        index == null ? 0 : wholeNumber("injector.index", index),
        count == null ? 1 : wholeNumber("injector.count", count),
        runId);
  }

  private static String firstSet(String a, String b) {
    return a != null ? a : b;
  }

  private int wholeNumber(String name, String v) {
    return used(name, parsed(name, v, s -> Integer.parseInt(s.trim()), "a whole number"));
  }

  /** {@code v} parsed; a value that does not parse is refused as "-Dname=v is not {@code a}". */
  private static <T> T parsed(String name, String v, Function<String, T> parse, String a) {
    try {
      return parse.apply(v);
    } catch (NumberFormatException e) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " is not " + a);
    }
  }

  /**
   * This injector's share of a total rate or user count (≥ 1), the shares adding up to the total;
   * fails when the total is below N, as an idle injector is a plan nobody asked for.
   */
  public int share(String name, int def) {
    int total = positiveInt(name, def);
    InjectorShare injector = injector();
    if (total < injector.count()) {
      throw refused(
          "-D%s=%s cannot be split over %s injectors: each needs at least 1",
          name, total, injector.count());
    }
    return (int) injector.share(total);
  }

  /** true/yes/1 or false/no/0, compared case-insensitively; anything else fails. */
  public boolean bool(String name, boolean def) {
    String v = raw(name);
    if (v == null) {
      return used(name, def);
    }
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true", "yes", "1" -> used(name, true);
      case "false", "no", "0" -> used(name, false);
      default -> throw refused("-D%s=%s must be true or false", name, v);
    };
  }

  /** One of a fixed set of words, compared case-insensitively; returned in lower case. */
  public String oneOf(String name, String def, String... allowed) {
    String v = string(name, def).toLowerCase(Locale.ROOT);
    if (!Arrays.asList(allowed).contains(v)) {
      throw refused("-D%s=%s must be one of %s", name, v, String.join(", ", allowed));
    }
    return used(name, v);
  }
}
