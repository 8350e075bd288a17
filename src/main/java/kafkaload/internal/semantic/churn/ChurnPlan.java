package kafkaload.internal.semantic.churn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Consumer churn scheduled during a run, in the manner of {@code -Dfault.plan}: {@code
 * join:2@20s,leave:1@40s,crash:1@60s,restart:1@70s,rolling@90s+5s,stall:1@120s+40s}. Each step acts
 * on consumers of one group at a time after the start of the load:
 *
 * <ul>
 *   <li>{@code join:N@T}: N new consumers start;
 *   <li>{@code leave:N@T}: N consumers close gracefully (they leave the group);
 *   <li>{@code crash:N@T}: N consumers' processes are killed: no leave, the group waits for the
 *       session timeout;
 *   <li>{@code restart:N@T}: N crashed consumers start again (with the same {@code
 *       group.instance.id} when the membership is static);
 *   <li>{@code rolling@T+G}: every running consumer is restarted, one at a time, G apart;
 *   <li>{@code stall:N@T+D}: N consumers stop polling for D (past {@code max.poll.interval.ms}).
 * </ul>
 *
 * T, D and G are seconds ({@code 30s} or {@code 30}) or milliseconds ({@code 1500ms}). Consumers
 * are numbered from 1 in the order they first start; the plan resolves which ones each step acts on
 * ({@link Step#consumers}): leave, crash and stall take the most recently started of those running,
 * restart the earliest crashed. One step at a time, so that each event's cost is its own. Pure:
 * {@link #parse} takes the plan's text, the initial count of consumers and the run's length, and
 * reads no property.
 */
public record ChurnPlan(int initialConsumers, long runMillis, List<Step> steps) {
  public ChurnPlan {
    steps = List.copyOf(steps);
  }

  public enum Action {
    JOIN,
    LEAVE,
    CRASH,
    RESTART,
    ROLLING,
    STALL;

    /** As written in a plan: "join", "rolling". */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Lasts a duration (stall) or a gap per consumer (rolling). */
    public boolean hasDuration() {
      return this == ROLLING || this == STALL;
    }
  }

  /**
   * One step: what, on which consumers (numbered from 1), when (milliseconds after the start of the
   * load) and for how long: a stall's D, a rolling restart's gap G between two consumers (0 for the
   * others).
   */
  public record Step(Action action, List<Integer> consumers, long atMillis, long durationMillis) {
    public Step {
      consumers = List.copyOf(consumers);
    }

    /** How many consumers it acts on. */
    public int count() {
      return consumers.size();
    }

    /**
     * When it ends, in milliseconds after the start of the load: a stall's end, a rolling restart's
     * last gap's end (one gap per consumer), the step's time for the others.
     */
    public long endMillis() {
      return switch (action) {
        case STALL -> atMillis + durationMillis;
        case ROLLING -> atMillis + durationMillis * consumers.size();
        default -> atMillis;
      };
    }

    /** As written: "crash:1@60s", "rolling@90s+5s". */
    @Override
    public String toString() {
      return action.label()
          + (action == Action.ROLLING ? "" : ":" + consumers.size())
          + "@"
          + formatMillis(atMillis)
          + (action.hasDuration() ? "+" + formatMillis(durationMillis) : "");
    }
  }

  /** A step as written, before the plan resolves its consumers. */
  private record Written(Action action, int count, long atMillis, long durationMillis) {}

  private static final Pattern STEP =
      Pattern.compile(
          "(join|leave|crash|restart|stall)(?::(\\d+))?@(\\d+(?:\\.\\d+)?)(ms|s)?"
              + "(?:\\+(\\d+(?:\\.\\d+)?)(ms|s)?)?"
              + "|(rolling)(?::(\\d+))?@(\\d+(?:\\.\\d+)?)(ms|s)?(?:\\+(\\d+(?:\\.\\d+)?)(ms|s)?)?");

  static final String SYNTAX =
      "join:N@T, leave:N@T, crash:N@T, restart:N@T, rolling@T+G or stall:N@T+D separated by "
          + "commas (T, G and D in s or ms), for example join:2@20s,crash:1@40s,restart:1@50s";

  /**
   * Parses the plan for a group that starts with {@code initialConsumers} over a run of {@code
   * runMillis}; fails before any load, in one line naming the step, on an unknown step, overlapping
   * steps, a step past the run's end, or a step on a consumer that does not exist.
   */
  public static ChurnPlan parse(String text, int initialConsumers, long runMillis) {
    if (initialConsumers < 0 || runMillis <= 0) {
      throw new IllegalArgumentException(
          "initialConsumers " + initialConsumers + " and runMillis " + runMillis);
    }
    if (text == null || text.isBlank()) {
      return new ChurnPlan(initialConsumers, runMillis, List.of());
    }
    List<Written> written = new ArrayList<>();
    for (String raw : text.split(",", -1)) {
      written.add(written(raw.trim()));
    }
    written.sort(Comparator.comparingLong(Written::atMillis));
    ChurnRoster roster = new ChurnRoster(initialConsumers);
    List<Step> steps = new ArrayList<>();
    for (Written w : written) {
      steps.add(roster.resolve(w.action(), w.count(), w.atMillis(), w.durationMillis()));
    }
    checkOverlaps(steps);
    checkEnds(steps, runMillis);
    return new ChurnPlan(initialConsumers, runMillis, steps);
  }

  private static Written written(String raw) {
    Matcher m = STEP.matcher(raw.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new KafkaLoadConfigException(
          "-Dchurn.plan: '" + raw + "' is not a churn step; write " + SYNTAX);
    }
    if (m.group(7) != null) {
      if (m.group(8) != null || m.group(11) == null) {
        throw new KafkaLoadConfigException(
            "-Dchurn.plan: '"
                + raw
                + "': a rolling restart restarts every running consumer, one at a time, G apart; "
                + "write rolling@T+G, for example rolling@"
                + formatMillis(millis(m.group(9), m.group(10)))
                + "+5s");
      }
      long gap = millis(m.group(11), m.group(12));
      positive(raw, gap, "its gap G");
      return new Written(Action.ROLLING, 0, millis(m.group(9), m.group(10)), gap);
    }
    Action action = Action.valueOf(m.group(1).toUpperCase(Locale.ROOT));
    if (m.group(2) == null) {
      throw new KafkaLoadConfigException(
          "-Dchurn.plan: '"
              + raw
              + "': name how many consumers: write "
              + action.label()
              + ":N@T"
              + (action.hasDuration() ? "+D" : "")
              + ", for example "
              + action.label()
              + ":1@"
              + formatMillis(millis(m.group(3), m.group(4)))
              + (action.hasDuration() ? "+40s" : ""));
    }
    int count = Integer.parseInt(m.group(2));
    if (count < 1) {
      throw new KafkaLoadConfigException(
          "-Dchurn.plan: '" + raw + "': a step acts on 1 consumer or more");
    }
    long at = millis(m.group(3), m.group(4));
    if (!action.hasDuration()) {
      if (m.group(5) != null) {
        throw new KafkaLoadConfigException(
            "-Dchurn.plan: '%s': a %s has no duration; write %s:N@T, for example %s:%s@%s"
                .formatted(
                    raw, action.label(), action.label(), action.label(), count, formatMillis(at)));
      }
      return new Written(action, count, at, 0);
    }
    if (m.group(5) == null) {
      throw new KafkaLoadConfigException(
          String.format(
              "-Dchurn.plan: '%s': a stall lasts a duration D past max.poll.interval.ms: write "
                  + "stall:N@T+D, for example stall:%s@%s+40s",
              raw, count, formatMillis(at)));
    }
    long duration = millis(m.group(5), m.group(6));
    positive(raw, duration, "its duration D");
    return new Written(action, count, at, duration);
  }

  private static void positive(String raw, long millis, String what) {
    if (millis <= 0) {
      throw new KafkaLoadConfigException(
          "-Dchurn.plan: '" + raw + "': " + what + " must be above 0, for example +5s");
    }
  }

  /** One step at a time: a step starts after the one before it has ended. */
  private static void checkOverlaps(List<Step> sorted) {
    for (int i = 1; i < sorted.size(); i++) {
      Step a = sorted.get(i - 1);
      Step b = sorted.get(i);
      if (b.atMillis() == a.atMillis() || b.atMillis() < a.endMillis()) {
        throw new KafkaLoadConfigException(
            String.format(
                "-Dchurn.plan: %s and %s overlap (%s to %s, and %s to %s): one churn step at a "
                    + "time, each after the one before has ended, so that each event's cost is "
                    + "its own",
                a,
                b,
                formatMillis(a.atMillis()),
                formatMillis(a.endMillis()),
                formatMillis(b.atMillis()),
                formatMillis(b.endMillis())));
      }
    }
  }

  private static void checkEnds(List<Step> steps, long runMillis) {
    for (Step s : steps) {
      if (s.atMillis() >= runMillis) {
        throw new KafkaLoadConfigException(
            String.format(
                "-Dchurn.plan step %s comes after the end of the run (%s)",
                s, formatMillis(runMillis)));
      }
      if (s.endMillis() > runMillis) {
        throw new KafkaLoadConfigException(
            String.format(
                "-Dchurn.plan step %s ends at %s, after the end of the run (%s): shorten it",
                s, formatMillis(s.endMillis()), formatMillis(runMillis)));
      }
    }
  }

  /**
   * Fails when a stall does not outlast {@code maxPollIntervalMs}: a shorter one never makes the
   * consumer leave the group, so it is no churn.
   */
  public void checkStalls(long maxPollIntervalMs) {
    for (Step s : steps) {
      if (s.action() == Action.STALL && s.durationMillis() <= maxPollIntervalMs) {
        throw new KafkaLoadConfigException(
            String.format(
                "-Dchurn.plan step %s stalls %s, not past max.poll.interval.ms (%s ms): the "
                    + "consumer would not leave the group; stall longer or lower "
                    + "max.poll.interval.ms",
                s, formatMillis(s.durationMillis()), maxPollIntervalMs));
      }
    }
  }

  public boolean isEmpty() {
    return steps.isEmpty();
  }

  /** The most consumers that ever run at once under this plan. */
  public int peakConsumers() {
    int running = initialConsumers;
    int peak = running;
    for (Step s : steps) {
      running +=
          switch (s.action()) {
            case JOIN, RESTART -> s.count();
            case LEAVE, CRASH -> -s.count();
            case ROLLING, STALL -> 0;
          };
      peak = Math.max(peak, running);
    }
    return peak;
  }

  private static long millis(String value, String unit) {
    double v = Double.parseDouble(value);
    return Math.round("ms".equals(unit) ? v : v * 1000);
  }

  static String formatMillis(long ms) {
    return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
  }

  @Override
  public String toString() {
    return String.join(",", steps.stream().map(Step::toString).toList());
  }
}
