package kafkaload;

import java.util.Map;
import kafkaload.internal.config.ParamSnapshot;

/**
 * The -D system properties and the environment, read once into a snapshot when a simulation is
 * built; every parameter of a run is read from it, typed, with its default, and checked before any
 * load is sent. Every error names the parameter and the value given. The snapshot remembers what
 * was read, with the value used (defaults included), for the run's summary. docs/parameters.md
 * lists every parameter.
 *
 * <pre>{@code
 * Params params = Params.fromSystemProperties();
 * RunParams plan = RunParams.of(params);
 * int users = params.positiveInt("users", 10);
 * }</pre>
 */
public final class Params {
  /**
   * The entry of {@link #used()} naming the simulation class whose constructor made the snapshot.
   */
  public static final String SIMULATION = ParamSnapshot.SIMULATION;

  private final ParamSnapshot snapshot;

  private Params(ParamSnapshot snapshot) {
    this.snapshot = snapshot;
  }

  /**
   * The one read of -D properties and the environment. On an injector of a distributed run, the
   * first call waits for the common start time (see docs/distributed.md): a simulation's
   * constructor is the last step before Gatling starts its run.
   */
  public static Params fromSystemProperties() {
    return new Params(ParamSnapshot.fromSystemProperties());
  }

  /** A snapshot of these properties and environment variables, for tests and tools. */
  public static Params of(Map<String, String> properties, Map<String, String> environment) {
    return new Params(ParamSnapshot.of(properties, environment));
  }

  /**
   * This snapshot with a simulation's own defaults in place of the general ones, for example a
   * fault simulation whose plan needs acks=all: a -D property still wins over them.
   */
  public Params withDefaults(Map<String, String> simulationDefaults) {
    return new Params(snapshot.withDefaults(simulationDefaults));
  }

  /** What the protocol and the layers below read. */
  ParamSnapshot snapshot() {
    return snapshot;
  }

  /** The parameters read so far and the values used, by name (live and read-only). */
  public Map<String, String> used() {
    return snapshot.used();
  }

  /**
   * An environment variable of the snapshot, or null when unset or blank (as a blank -D value is
   * unset).
   */
  public String env(String name) {
    return snapshot.env(name);
  }

  /**
   * The raw value of -Dname (else the simulation's own default), trimmed; null when unset or blank.
   */
  public String raw(String name) {
    return snapshot.raw(name);
  }

  /**
   * The text of -Dname (else the simulation's own default), trimmed; {@code def} when unset or
   * blank.
   */
  public String string(String name, String def) {
    return snapshot.string(name, def);
  }

  /** An integer that must be ≥ 1. */
  public int positiveInt(String name, int def) {
    return snapshot.positiveInt(name, def);
  }

  /** An integer that must be ≥ 0. */
  public int nonNegativeInt(String name, int def) {
    return snapshot.nonNegativeInt(name, def);
  }

  /** A whole number that must be ≥ 1, as a long (underscores allowed, as in 33_554_432). */
  public long positiveLong(String name, long def) {
    return snapshot.positiveLong(name, def);
  }

  /** A number above 0, for example a latency bound that 0 would make impossible to meet. */
  public double positiveDouble(String name, double def) {
    return snapshot.positiveDouble(name, def);
  }

  /** A percentage, 0 to 100. */
  public double percent(String name, double def) {
    return snapshot.percent(name, def);
  }

  /** A decimal number that must be ≥ 0. */
  public double nonNegativeDouble(String name, double def) {
    return snapshot.nonNegativeDouble(name, def);
  }

  /**
   * This injector's share of a total rate or user count (an integer ≥ 1): the whole value when one
   * JVM is the run, else total / N with the remainder spread over the first injectors, so the N
   * shares add up to the total. Fails when the total is smaller than N: an injector with nothing to
   * do would be a plan nobody asked for.
   */
  public int share(String name, int def) {
    return snapshot.share(name, def);
  }

  /** true/yes/1 or false/no/0, compared case-insensitively; anything else fails. */
  public boolean bool(String name, boolean def) {
    return snapshot.bool(name, def);
  }

  /** One of a fixed set of words, compared case-insensitively; returned in lower case. */
  public String oneOf(String name, String def, String... allowed) {
    return snapshot.oneOf(name, def, allowed);
  }
}
