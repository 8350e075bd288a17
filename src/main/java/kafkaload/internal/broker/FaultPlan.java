package kafkaload.internal.broker;

import static kafkaload.internal.config.KafkaLoadConfigException.refused;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Broker faults scheduled during a run: {@code kill:2@30s,start:2@60s}. Each step is an action on
 * one broker of the embedded cluster at a time after the start of the load:
 *
 * <ul>
 *   <li>{@code kill:N@T}: SIGKILL, no controlled shutdown (a crash);
 *   <li>{@code stop:N@T}: a controlled shutdown;
 *   <li>{@code start:N@T}: start the broker again on its own log directory;
 *   <li>{@code pause:N@T+D}: SIGSTOP for D, then SIGCONT (a long GC, a stuck disk);
 *   <li>{@code isolate:N@T+D}: the broker's link cut for D (a network partition);
 *   <li>{@code isolate-client:N@T+D}: the injector cut from the broker for D, the brokers not;
 *   <li>{@code isolate-peers:N@T+D}: the broker cut from the other brokers and controllers for D,
 *       the injector not (the split brain where acks=1 loses what the old leader acknowledged);
 *   <li>{@code slow:N@T+D,rate=1mbit}: the broker's link throttled for D (a token bucket).
 * </ul>
 *
 * T and D are seconds ({@code 30s} or {@code 30}) or milliseconds ({@code 1500ms}). Brokers are
 * numbered 1..N. Isolate and slow steps need network namespaces ({@link BrokerNetwork}).
 */
public record FaultPlan(List<Step> steps) {
  public static final FaultPlan NONE = new FaultPlan(List.of());

  public enum Action {
    KILL,
    STOP,
    START,
    PAUSE,
    ISOLATE,
    ISOLATE_CLIENT,
    ISOLATE_PEERS,
    SLOW;

    /** As written in a plan: "kill", "isolate-client". */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Undone after a duration. */
    public boolean hasDuration() {
      return this == PAUSE || needsNetwork();
    }

    /** Carried out on the links of the brokers' network namespaces. */
    public boolean needsNetwork() {
      return this == ISOLATE || this == ISOLATE_CLIENT || this == ISOLATE_PEERS || this == SLOW;
    }
  }

  /**
   * One fault: what, on which broker, when (milliseconds after the start of the load), for how long
   * (0 for kill, stop and start) and, for a slow link, its rate (tc's syntax, "1mbit"), else null.
   */
  public record Step(Action action, int broker, long atMillis, long durationMillis, String rate) {
    public Step(Action action, int broker, long atMillis) {
      this(action, broker, atMillis, 0, null);
    }

    /** The name of its Gatling request, for example "fault: kill broker 2". */
    public String requestName() {
      return "fault: " + description();
    }

    /** For example "kill broker 2". */
    public String description() {
      return action.label() + " broker " + broker;
    }

    /** When it is undone, in milliseconds after the start of the load (its time when none). */
    public long endMillis() {
      return atMillis + durationMillis;
    }

    /** Its times, for example "20s to 30s". */
    String span() {
      return formatMillis(atMillis) + " to " + formatMillis(endMillis());
    }

    @Override
    public String toString() {
      return "%s:%s@%s".formatted(action.label(), broker, formatMillis(atMillis))
          + (action.hasDuration() ? "+" + formatMillis(durationMillis) : "")
          + (rate != null ? ",rate=" + rate : "");
    }
  }

  private static final Pattern STEP =
      Pattern.compile(
          "(kill|stop|start|pause|isolate|isolate-client|isolate-peers|slow):(\\d+)@(\\d+(?:\\.\\d+)?)(ms|s)?"
              + "(?:\\+(\\d+(?:\\.\\d+)?)(ms|s)?)?");

  /** tc's rates: a number and a unit, bits or bytes per second. */
  private static final Pattern RATE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)(bit|kbit|mbit|gbit|bps|kbps|mbps|gbps)");

  private static final String SYNTAX =
      "kill:N@T, stop:N@T, start:N@T, pause:N@T+D, isolate:N@T+D, isolate-client:N@T+D, "
          + "isolate-peers:N@T+D or "
          + "slow:N@T+D,rate=R separated by commas (T and D in s or ms, R a tc rate such as 1mbit), "
          + "for example kill:2@30s,start:2@60s or slow:2@20s+10s,rate=1mbit";

  /** Parses the plan; a malformed step fails with one line naming it and the syntax. */
  public static FaultPlan parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    List<Step> steps = new ArrayList<>();
    for (String raw : text.split(",", -1)) {
      String s = raw.trim().toLowerCase(Locale.ROOT);
      // A rate token replaces the slow step before it (withRate takes that one off first).
      steps.add(
          s.startsWith("rate=")
              ? withRate(steps, raw.trim(), s.substring("rate=".length()))
              : step(raw.trim(), s));
    }
    for (Step st : steps) {
      if (st.action() == Action.SLOW && st.rate() == null) {
        throw refused(
            "-Dfault.plan: '%s' needs a rate: write slow:N@T+D,rate=R, for example"
                + " slow:2@20s+10s,rate=1mbit",
            st);
      }
    }
    steps.sort(Comparator.comparingLong(Step::atMillis));
    checkOverlaps(steps);
    return new FaultPlan(List.copyOf(steps));
  }

  private static Step step(String raw, String s) {
    Matcher m = STEP.matcher(s);
    if (!m.matches()) {
      throw refused("-Dfault.plan: '%s' is not a fault step; write %s", raw, SYNTAX);
    }
    Action action = Action.valueOf(m.group(1).toUpperCase(Locale.ROOT).replace('-', '_'));
    int broker = Integer.parseInt(m.group(2));
    if (broker < 1) {
      throw refused("-Dfault.plan: '%s': brokers are numbered from 1", raw);
    }
    long at = millis(m.group(3), m.group(4));
    if (!action.hasDuration()) {
      if (m.group(5) != null) {
        throw refused(
            "-Dfault.plan: '%s': a %s has no duration; write %s", raw, action.label(), SYNTAX);
      }
      return new Step(action, broker, at);
    }
    if (m.group(5) == null) {
      throw refused(
          "-Dfault.plan: '%s': a %s lasts a duration D: write %s:N@T+D, for example %s:%s@%s+10s",
          raw, action.label(), action.label(), action.label(), broker, formatMillis(at));
    }
    long duration = millis(m.group(5), m.group(6));
    if (duration <= 0) {
      throw refused("-Dfault.plan: '%s': its duration must be above 0, for example +10s", raw);
    }
    return new Step(action, broker, at, duration, null);
  }

  /** A "rate=" token: the rate of the slow step written just before it. */
  private static Step withRate(List<Step> steps, String raw, String rate) {
    Step last = steps.isEmpty() ? null : steps.remove(steps.size() - 1);
    if (last == null || last.action() != Action.SLOW || last.rate() != null) {
      throw refused(
          "-Dfault.plan: '%s' belongs right after a slow step: write slow:N@T+D,rate=R, for example"
              + " slow:2@20s+10s,rate=1mbit",
          raw);
    }
    if (!RATE.matcher(rate).matches() || rateBitsPerSecond(rate) <= 0) {
      throw refused(
          "-Dfault.plan: '%s,%s': the rate is a number and a unit of tc (bit, kbit, mbit, gbit,"
              + " bps, kbps, mbps, gbps), for example rate=1mbit",
          last, raw);
    }
    return new Step(last.action(), last.broker(), last.atMillis(), last.durationMillis(), rate);
  }

  /** A tc rate in bits per second ("1mbit": 1,000,000; "kbps" is kilobytes per second). */
  static long rateBitsPerSecond(String rate) {
    Matcher m = RATE.matcher(rate.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("not a tc rate: " + rate);
    }
    String unit = m.group(2);
    double bits = Double.parseDouble(m.group(1)) * (unit.endsWith("bps") ? 8 : 1);
    return Math.round(
        switch (unit.charAt(0)) {
          case 'k' -> bits * 1e3;
          case 'm' -> bits * 1e6;
          case 'g' -> bits * 1e9;
          default -> bits;
        });
  }

  /** One fault with a duration per broker at a time: their undoing would otherwise interleave. */
  private static void checkOverlaps(List<Step> sorted) {
    for (int i = 0; i < sorted.size(); i++) {
      Step a = sorted.get(i);
      for (int j = i + 1; j < sorted.size() && a.action().hasDuration(); j++) {
        Step b = sorted.get(j);
        if (b.action().hasDuration() && b.broker() == a.broker() && b.atMillis() < a.endMillis()) {
          throw refused(
              "-Dfault.plan: %s and %s overlap on broker %s (%s, and %s): one fault"
                  + " with a duration per broker at a time",
              a, b, a.broker(), a.span(), b.span());
        }
      }
    }
  }

  private static long millis(String value, String unit) {
    double v = Double.parseDouble(value);
    return Math.round("ms".equals(unit) ? v : v * 1000);
  }

  public boolean isEmpty() {
    return steps.isEmpty();
  }

  /** The highest broker number the plan acts on (0 when empty). */
  public int maxBroker() {
    return steps.stream().mapToInt(Step::broker).max().orElse(0);
  }

  /** Whether a step needs the brokers in network namespaces (isolate, isolate-client, slow). */
  public boolean needsNetwork() {
    return steps.stream().anyMatch(s -> s.action().needsNetwork());
  }

  /**
   * Fails before any load when a step acts on a missing broker, comes or ends after the load, or
   * needs network namespaces this machine cannot make.
   */
  public void check(int brokers, long loadMillis) {
    check(brokers, loadMillis, BrokerNetwork::unavailableReason);
  }

  /** As above; {@code unavailable}: why namespaces cannot be made, or null when they can. */
  void check(int brokers, long loadMillis, Supplier<String> unavailable) {
    for (Step s : steps) {
      if (s.broker() > brokers) {
        throw refused(
            "-Dfault.plan step %s acts on broker %s but the embedded cluster has %s "
                + "(-Dkafka.embedded.brokers=%s)",
            s, s.broker(), brokers, brokers);
      }
      if (loadMillis > 0 && s.atMillis() >= loadMillis) {
        throw refused(
            "-Dfault.plan step %s comes after the end of the load (%s)",
            s, formatMillis(loadMillis));
      }
      if (loadMillis > 0 && s.endMillis() > loadMillis) {
        throw refused(
            "-Dfault.plan step %s ends at %s, after the end of the load (%s): shorten it",
            s, formatMillis(s.endMillis()), formatMillis(loadMillis));
      }
    }
    Step network = steps.stream().filter(s -> s.action().needsNetwork()).findFirst().orElse(null);
    String why = network == null ? null : unavailable.get();
    if (why != null) {
      throw refused(
          "-Dfault.plan step %s needs each broker in a network namespace of its own, which "
              + "this machine cannot make: %s. Run as root on Linux with iproute2 (ip and tc), "
              + "or plan kill, stop, start and pause steps only: they need no namespace",
          network, why);
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
