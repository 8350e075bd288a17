package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * One line a {@link ChurnConsumer} prints on its standard output, and back: its group events with
 * the wall-clock time they happened (epoch milliseconds, the parent's clock on the same machine),
 * one per line, each starting with {@value #PREFIX} so that anything else the process prints is
 * told apart. {@link #format} and {@link #parse} are each other's inverse.
 *
 * <pre>
 * churn started 1733350000000 consumer-1
 * churn assigned 1733350001000 0,1
 * churn revoked 1733350009000 0,1
 * churn lost 1733350009000 -
 * churn read 1733350002000 2 3 40 42 5,4,4  (partition, records, first and last offset, each
 *                                           record's end-to-end ms: read minus its timestamp)
 * churn rebalances 1733350002000 7 3 412 300 0  (Kafka's own: generation or member epoch,
 *                                           rebalance-total, -latency-total, -latency-max, failed)
 * churn committed 1733350002010 0=55,1=12
 * churn stalled 1733350003000 40000 / churn resumed ... / churn closing ... / churn closed ...
 * churn error 1733350003000 CommitFailedException: ...
 * </pre>
 */
public sealed interface ChurnEvent {
  String PREFIX = "churn ";

  /** When it happened, epoch milliseconds. */
  long atMillis();

  /** What a rebalance did to the consumer's partitions (of its one topic). */
  enum Change {
    ASSIGNED,
    REVOKED,
    LOST
  }

  /** Partitions given, taken back (the consumer still owned them) or lost (it did not). */
  record Ownership(Change change, long atMillis, List<Integer> partitions) implements ChurnEvent {
    public Ownership {
      partitions = List.copyOf(partitions);
    }
  }

  /**
   * What one poll read of one partition: how many records, the first and last offset, and each
   * record's end-to-end latency (the read's time minus the record's timestamp, set when it was
   * sent), in offset order.
   */
  record Read(
      long atMillis,
      int partition,
      int records,
      long firstOffset,
      long lastOffset,
      List<Integer> endToEndMs)
      implements ChurnEvent {
    public Read {
      endToEndMs = List.copyOf(endToEndMs);
    }

    /** A read whose latencies are not known. */
    public Read(long atMillis, int partition, int records, long firstOffset, long lastOffset) {
      this(atMillis, partition, records, firstOffset, lastOffset, List.of());
    }
  }

  /**
   * The consumer's own group figures, as Kafka's client counts them: its generation (the member
   * epoch under KIP-848; -1 outside a group), and its {@code consumer-coordinator-metrics} {@code
   * rebalance-total}, {@code rebalance-latency-total}, {@code rebalance-latency-max} and {@code
   * failed-rebalance-total} so far.
   */
  record Rebalances(
      long atMillis,
      int generation,
      long total,
      long latencyTotalMs,
      long latencyMaxMs,
      long failed)
      implements ChurnEvent {}

  /** Offsets committed (the next offset to read, per partition). */
  record Committed(long atMillis, Map<Integer, Long> offsets) implements ChurnEvent {
    public Committed {
      offsets = Map.copyOf(offsets);
    }
  }

  /** The consumer's life: started (with its name), stalled (for how long), resumed, closing... */
  enum State {
    STARTED,
    STALLED,
    RESUMED,
    CLOSING,
    CLOSED,
    ERROR
  }

  /** A change of the consumer's life, with a detail (its name, a stall's ms, an error). */
  record Life(State state, long atMillis, String detail) implements ChurnEvent {}

  /** The line for this event, {@value #PREFIX} first. */
  static String format(ChurnEvent event) {
    String body;
    if (event instanceof Ownership o) {
      body = name(o.change()) + " " + o.atMillis() + " " + list(o.partitions());
    } else if (event instanceof Read r) {
      body =
          String.join(
              " ",
              "read",
              String.valueOf(r.atMillis()),
              String.valueOf(r.partition()),
              String.valueOf(r.records()),
              String.valueOf(r.firstOffset()),
              String.valueOf(r.lastOffset()),
              r.endToEndMs().isEmpty()
                  ? "-"
                  : r.endToEndMs().stream().map(String::valueOf).collect(Collectors.joining(",")));
    } else if (event instanceof Rebalances k) {
      body =
          String.join(
              " ",
              "rebalances",
              String.valueOf(k.atMillis()),
              String.valueOf(k.generation()),
              String.valueOf(k.total()),
              String.valueOf(k.latencyTotalMs()),
              String.valueOf(k.latencyMaxMs()),
              String.valueOf(k.failed()));
    } else if (event instanceof Committed c) {
      body =
          "committed "
              + c.atMillis()
              + " "
              + (c.offsets().isEmpty()
                  ? "-"
                  : c.offsets().entrySet().stream()
                      .sorted(Map.Entry.comparingByKey())
                      .map(e -> e.getKey() + "=" + e.getValue())
                      .collect(Collectors.joining(",")));
    } else {
      Life l = (Life) event;
      body =
          name(l.state())
              + " "
              + l.atMillis()
              + (l.detail().isEmpty() ? "" : " " + l.detail().replaceAll("\\s+", " "));
    }
    return PREFIX + body;
  }

  /** The event a line holds; empty for a line that is not one ({@value #PREFIX} missing). */
  static Optional<ChurnEvent> parse(String line) {
    if (line == null || !line.startsWith(PREFIX)) {
      return Optional.empty();
    }
    String[] f = line.substring(PREFIX.length()).split(" ", 3);
    if (f.length < 2) {
      throw new IllegalArgumentException("not a churn event: " + line);
    }
    String kind = f[0];
    long at = Long.parseLong(f[1]);
    String rest = f.length > 2 ? f[2] : "";
    for (Change c : Change.values()) {
      if (name(c).equals(kind)) {
        return Optional.of(new Ownership(c, at, integers(rest)));
      }
    }
    for (State s : State.values()) {
      if (name(s).equals(kind)) {
        return Optional.of(new Life(s, at, rest));
      }
    }
    return Optional.of(
        switch (kind) {
          case "read" -> {
            String[] w = rest.split(" ");
            long[] n = Arrays.stream(w, 0, 4).mapToLong(Long::parseLong).toArray();
            yield new Read(at, (int) n[0], (int) n[1], n[2], n[3], integers(w[4]));
          }
          case "rebalances" -> {
            long[] n = Arrays.stream(rest.split(" ")).mapToLong(Long::parseLong).toArray();
            yield new Rebalances(at, (int) n[0], n[1], n[2], n[3], n[4]);
          }
          case "committed" -> new Committed(at, offsets(rest));
          default -> throw new IllegalArgumentException("not a churn event: " + line);
        });
  }

  /**
   * The partitions a consumer owns after {@code events}: each assignment adds its partitions (eager
   * assignors revoke everything first, so an assignment is then the whole new set), each revocation
   * or loss removes its own.
   */
  static Set<Integer> owned(List<ChurnEvent> events) {
    Set<Integer> owned = new TreeSet<>();
    for (ChurnEvent e : events) {
      if (e instanceof Ownership o) {
        if (o.change() == Change.ASSIGNED) {
          owned.addAll(o.partitions());
        } else {
          owned.removeAll(o.partitions());
        }
      }
    }
    return owned;
  }

  private static String name(Enum<?> e) {
    return e.name().toLowerCase(java.util.Locale.ROOT);
  }

  private static String list(Collection<Integer> partitions) {
    return partitions.isEmpty()
        ? "-"
        : partitions.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
  }

  private static List<Integer> integers(String text) {
    List<Integer> p = new ArrayList<>();
    if (!text.equals("-")) {
      for (String s : text.split(",")) {
        p.add(Integer.parseInt(s));
      }
    }
    return p;
  }

  private static Map<Integer, Long> offsets(String text) {
    Map<Integer, Long> o = new LinkedHashMap<>();
    if (!text.equals("-")) {
      for (String s : text.split(",")) {
        String[] kv = s.split("=");
        o.put(Integer.parseInt(kv[0]), Long.parseLong(kv[1]));
      }
    }
    return o;
  }
}
