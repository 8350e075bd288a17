package kafkaload.internal.broker;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kafkaload.internal.config.KafkaLoadConfigException;

/**
 * Broker faults scheduled during a run: {@code kill:2@30s,start:2@60s}. Each step is an action on
 * one broker of the embedded cluster at a time after the start of the load:
 *
 * <ul>
 *   <li>{@code kill:N@T}: SIGKILL, no controlled shutdown (a crash);
 *   <li>{@code stop:N@T}: a controlled shutdown;
 *   <li>{@code start:N@T}: start the broker again on its own log directory.
 * </ul>
 *
 * T is seconds ({@code 30s} or {@code 30}) or milliseconds ({@code 1500ms}). Brokers are numbered
 * 1..N.
 */
public record FaultPlan(List<Step> steps) {
  public static final FaultPlan NONE = new FaultPlan(List.of());

  public enum Action {
    KILL,
    STOP,
    START
  }

  /** One fault: what, on which broker, when (milliseconds after the start of the load). */
  public record Step(Action action, int broker, long atMillis) {
    /** The name of its Gatling request, for example "fault: kill broker 2". */
    public String requestName() {
      return "fault: " + description();
    }

    /** For example "kill broker 2". */
    public String description() {
      return action.name().toLowerCase(Locale.ROOT) + " broker " + broker;
    }

    @Override
    public String toString() {
      return action.name().toLowerCase(Locale.ROOT) + ":" + broker + "@" + formatMillis(atMillis);
    }
  }

  private static final Pattern STEP =
      Pattern.compile("(kill|stop|start):(\\d+)@(\\d+(?:\\.\\d+)?)(ms|s)?");

  /** Parses the plan; a malformed step fails with one line naming it and the syntax. */
  public static FaultPlan parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    List<Step> steps = new ArrayList<>();
    for (String raw : text.split(",", -1)) {
      String s = raw.trim().toLowerCase(Locale.ROOT);
      Matcher m = STEP.matcher(s);
      if (!m.matches()) {
        throw new KafkaLoadConfigException(
            "-Dfault.plan: '"
                + raw.trim()
                + "' is not a fault step; write "
                + "kill:N@Ts, stop:N@Ts or start:N@Ts separated by commas, for example kill:2@30s,start:2@60s");
      }
      int broker = Integer.parseInt(m.group(2));
      if (broker < 1) {
        throw new KafkaLoadConfigException(
            "-Dfault.plan: '" + raw.trim() + "': brokers are numbered from 1");
      }
      double value = Double.parseDouble(m.group(3));
      long at = Math.round("ms".equals(m.group(4)) ? value : value * 1000);
      steps.add(new Step(Action.valueOf(m.group(1).toUpperCase(Locale.ROOT)), broker, at));
    }
    steps.sort(Comparator.comparingLong(Step::atMillis));
    return new FaultPlan(List.copyOf(steps));
  }

  public boolean isEmpty() {
    return steps.isEmpty();
  }

  /** The highest broker number the plan acts on (0 when empty). */
  public int maxBroker() {
    return steps.stream().mapToInt(Step::broker).max().orElse(0);
  }

  /** Fails before any load when a step acts on a missing broker or comes after the load. */
  public void check(int brokers, long loadMillis) {
    for (Step s : steps) {
      if (s.broker() > brokers) {
        throw new KafkaLoadConfigException(
            String.format(
                "-Dfault.plan step %s acts on broker %s but the embedded cluster has %s "
                    + "(-Dkafka.embedded.brokers=%s)",
                s, s.broker(), brokers, brokers));
      }
      if (loadMillis > 0 && s.atMillis() >= loadMillis) {
        throw new KafkaLoadConfigException(
            String.format(
                "-Dfault.plan step %s comes after the end of the load (%s)",
                s, formatMillis(loadMillis)));
      }
    }
  }

  static String formatMillis(long ms) {
    return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
  }

  @Override
  public String toString() {
    return String.join(",", steps.stream().map(Step::toString).toList());
  }
}
