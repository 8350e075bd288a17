package kafkaload.bench.matrix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * The perf-test matrix: a list of values per dimension, read from
 * -Dmatrix.&lt;parameter&gt;=v1,v2,... over a preset. Every dimension is a BaselineSimulation
 * parameter (its -D name after "matrix."), so a cell is one set of -D properties, exactly the
 * command a user would type for that cell. Everything is validated here, before any run.
 */
public record MatrixGrid(
    String preset,
    Map<Dimension, List<String>> values,
    Map<String, String> passThrough,
    int warmupSeconds,
    int durationSeconds,
    String outDir) {

  /**
   * A knob of the matrix: its simulation parameter, how a value is checked, how it reads in the
   * tables.
   */
  public enum Dimension {
    RECORD_SIZE("recordSize", "record B", v -> whole(v, 0)),
    USERS("users", "users", v -> whole(v, 1)),
    BATCH_SIZE("batch.size", "batch.size", v -> whole(v, 0)),
    LINGER_MS("linger.ms", "linger.ms", v -> whole(v, 0)),
    COMPRESSION(
        "compression.type", "compression", v -> word(v, "none", "gzip", "snappy", "lz4", "zstd")),
    ACKS("acks", "acks", v -> word(v, "0", "1", "all", "-1")),
    IDEMPOTENCE("enable.idempotence", "idempotence", v -> word(v, "true", "false")),
    PARTITIONS("topic.partitions", "partitions", v -> whole(v, 1)),
    REPLICATION("topic.replication", "RF", v -> whole(v, 1)),
    // The seed's sync/async: sync waits for each ack (ack-timed); async is fire-and-forget.
    MODE("mode", "mode", v -> word(v, "sync", "async"));

    public final String param;
    public final String label;
    private final UnaryOperator<String> check;

    Dimension(String param, String label, UnaryOperator<String> check) {
      this.param = param;
      this.label = label;
      this.check = check;
    }

    /** The -D name that lists this dimension's values. */
    public String key() {
      return "matrix." + param;
    }

    /** The simulation's -D property and value for one of this dimension's values. */
    public Map.Entry<String, String> simulationProperty(String value) {
      return this == MODE
          ? Map.entry("fireAndForget", String.valueOf(value.equals("async")))
          : Map.entry(param, value);
    }

    static Dimension byParam(String param) {
      for (Dimension d : values()) {
        if (d.param.equals(param)) {
          return d;
        }
      }
      return null;
    }
  }

  /** Named grids, values in the order of {@link Dimension}: the default one and the seed's own. */
  // acks=all: the seed's "synchronous replication", without which the replication factor costs the
  // producer nothing.
  static final Map<String, Map<Dimension, String>> PRESETS =
      Map.of(
          "default",
              preset("512", "1,4", "512,5120", "1", "none", "all", "false", "4", "1,2", "sync"),
          // The seed's matrix: 512 B records; batches of 1, 5 and 10 records; 1 and 4 threads; RF 1
          // and 2;
          // no compression, gzip, snappy; sync and async. 72 cells.
          "seed",
              preset(
                  "512",
                  "1,4",
                  "512,2560,5120",
                  "1",
                  "none,gzip,snappy",
                  "all",
                  "false",
                  "2",
                  "1,2",
                  "sync,async"));

  static final Map<String, Integer[]> PRESET_TIMES =
      Map.of("default", new Integer[] {10, 20}, "seed", new Integer[] {20, 30});

  private static Map<Dimension, String> preset(String... lists) {
    Map<Dimension, String> m = new LinkedHashMap<>();
    for (Dimension d : Dimension.values()) {
      m.put(d, lists[d.ordinal()]);
    }
    return m;
  }

  /**
   * Reads the grid from properties: matrix.preset, matrix.&lt;param&gt; lists, matrix.out, warmup
   * and duration. A plain simulation property that names a dimension (-Dacks=all) fixes that
   * dimension to its one value; any other property is passed to every cell as it is. Throws a
   * one-line {@link KafkaLoadConfigException} on bad input.
   */
  public static MatrixGrid parse(Map<String, String> props) {
    String presetName =
        props.getOrDefault("matrix.preset", "default").trim().toLowerCase(Locale.ROOT);
    Map<Dimension, String> preset = PRESETS.get(presetName);
    if (preset == null) {
      throw new KafkaLoadConfigException(
          "-Dmatrix.preset="
              + presetName
              + " is not a preset (one of "
              + String.join(", ", new TreeSet<>(PRESETS.keySet()))
              + ")");
    }
    Map<String, String> passThrough = new LinkedHashMap<>();
    Map<Dimension, String> given = new LinkedHashMap<>();
    Map<Dimension, String> givenAs =
        new LinkedHashMap<>(); // the -D name the user typed, for the error message
    for (Map.Entry<String, String> e : props.entrySet()) {
      String key = e.getKey();
      if (key.startsWith("matrix.")) {
        String name = key.substring("matrix.".length());
        if (name.equals("preset") || name.equals("out")) {
          continue;
        }
        Dimension d = Dimension.byParam(name);
        if (d == null) {
          throw new KafkaLoadConfigException(
              "-D" + key + " is not a matrix dimension (one of " + dimensionKeys() + ")");
        }
        given.put(d, e.getValue());
        givenAs.put(d, key);
      } else if (key.equals("fireAndForget") && !given.containsKey(Dimension.MODE)) {
        given.put(Dimension.MODE, Boolean.parseBoolean(e.getValue().trim()) ? "async" : "sync");
        givenAs.put(Dimension.MODE, key);
      } else if (Dimension.byParam(key) != null && !given.containsKey(Dimension.byParam(key))) {
        given.put(Dimension.byParam(key), e.getValue());
        givenAs.put(Dimension.byParam(key), key);
      } else if (!key.equals("warmup") && !key.equals("duration")) {
        passThrough.put(key, e.getValue());
      }
    }
    Map<Dimension, List<String>> values = new LinkedHashMap<>();
    for (Dimension d : Dimension.values()) {
      String list = given.getOrDefault(d, preset.get(d));
      values.put(
          d,
          parseList(
              given.containsKey(d)
                  ? "-D" + givenAs.get(d)
                  : "preset " + presetName + "'s " + d.param,
              d,
              list));
    }
    Integer[] times = PRESET_TIMES.get(presetName);
    return new MatrixGrid(
        presetName,
        values,
        passThrough,
        whole("warmup", props.get("warmup"), times[0], 0),
        whole("duration", props.get("duration"), times[1], 1),
        props.getOrDefault("matrix.out", "target/matrix"));
  }

  private static List<String> parseList(String where, Dimension d, String list) {
    Set<String> out = new LinkedHashSet<>();
    for (String raw : list.split(",", -1)) {
      String v = raw.trim().toLowerCase(Locale.ROOT);
      if (v.isEmpty()) {
        throw new KafkaLoadConfigException(where + "=" + list + " has an empty value");
      }
      String error = d.check.apply(v);
      if (error != null) {
        throw new KafkaLoadConfigException(where + "=" + list + ": '" + raw.trim() + "' " + error);
      }
      if (!out.add(v)) {
        throw new KafkaLoadConfigException(where + "=" + list + " lists '" + v + "' twice");
      }
    }
    return List.copyOf(out);
  }

  /** null when v is a whole number ≥ min, else what is wrong with it. */
  private static String whole(String v, long min) {
    try {
      long n = Long.parseLong(v.replace("_", ""));
      return n < min ? "must be >= " + min : n > Integer.MAX_VALUE ? "is too large" : null;
    } catch (NumberFormatException e) {
      return "is not a whole number";
    }
  }

  private static int whole(String name, String v, int def, int min) {
    if (v == null || v.isBlank()) {
      return def;
    }
    String error = whole(v.trim(), min);
    if (error != null) {
      throw new KafkaLoadConfigException("-D" + name + "=" + v + " " + error);
    }
    return Integer.parseInt(v.trim().replace("_", ""));
  }

  private static String word(String v, String... allowed) {
    return List.of(allowed).contains(v) ? null : "is not one of " + String.join(", ", allowed);
  }

  private static String dimensionKeys() {
    List<String> keys = new ArrayList<>();
    for (Dimension d : Dimension.values()) {
      keys.add(d.key());
    }
    return String.join(", ", keys) + ", matrix.preset, matrix.out";
  }

  /**
   * One combination of values; {@code index} counts from 1 in grid order (the last dimension varies
   * fastest).
   */
  public record Cell(int index, Map<Dimension, String> values) {
    public String get(Dimension d) {
      return values.get(d);
    }

    public int replication() {
      return Integer.parseInt(values.get(Dimension.REPLICATION));
    }

    public String id() {
      return String.format("cell-%03d", index);
    }

    /** Why Kafka would refuse this combination before any send, or null. */
    public String invalidReason() {
      if (get(Dimension.IDEMPOTENCE).equals("true")
          && !List.of("all", "-1").contains(get(Dimension.ACKS))) {
        return "enable.idempotence=true needs acks=all (Kafka refuses acks="
            + get(Dimension.ACKS)
            + ")";
      }
      return null;
    }

    /** A short label of the given dimensions' values, for example "users=4 batch.size=5120". */
    public String label(List<Dimension> dims) {
      List<String> parts = new ArrayList<>();
      for (Dimension d : dims) {
        parts.add(d.param + "=" + get(d));
      }
      return String.join(" ", parts);
    }
  }

  /** Every combination, in the order the dimensions are declared. */
  public List<Cell> cells() {
    List<Map<Dimension, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    for (Dimension d : Dimension.values()) {
      List<Map<Dimension, String>> next = new ArrayList<>();
      for (Map<Dimension, String> partial : combos) {
        for (String v : values.get(d)) {
          Map<Dimension, String> m = new LinkedHashMap<>(partial);
          m.put(d, v);
          next.add(m);
        }
      }
      combos = next;
    }
    List<Cell> cells = new ArrayList<>();
    for (Map<Dimension, String> m : combos) {
      cells.add(new Cell(cells.size() + 1, Map.copyOf(m)));
    }
    return cells;
  }

  /** The dimensions with more than one value: the ones the tables and charts compare. */
  public List<Dimension> varying() {
    List<Dimension> out = new ArrayList<>();
    for (Dimension d : Dimension.values()) {
      if (values.get(d).size() > 1) {
        out.add(d);
      }
    }
    return out;
  }

  public int maxReplication() {
    return values.get(Dimension.REPLICATION).stream().mapToInt(Integer::parseInt).max().orElse(1);
  }
}
