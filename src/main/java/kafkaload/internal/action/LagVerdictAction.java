package kafkaload.internal.action;

import io.gatling.core.action.Action;
import io.gatling.core.session.Session;
import java.util.ArrayList;
import java.util.List;
import kafkaload.internal.client.Daemons;
import kafkaload.internal.config.Console;
import kafkaload.internal.protocol.KafkaComponents;
import kafkaload.internal.verification.LagMonitor;

/** Judges the groups' lag after the producers stop: a rising lag fails even a fast run. */
final class LagVerdictAction extends KafkaAction {

  private final LagVerdictSpec spec;

  LagVerdictAction(KafkaComponents components, Action next, LagVerdictSpec spec) {
    super("kafka lag verdict", components, next);
    this.spec = spec;
  }

  @Override
  public void execute(Session session) {
    // The verification starts: the injector's load window ends here.
    components.health().loadEnded();
    Daemons.start("kafkaload-lag-verdict", () -> judge(session));
  }

  private void judge(Session session) {
    LagMonitor monitor = components.lagMonitor();
    boolean failed = false;
    for (String group : monitor.groups()) {
      String rising;
      String max;
      String drain;
      try {
        LagMonitor.Verdict v =
            monitor.judge(
                group,
                spec.windowSeconds(),
                spec.maxSlope(),
                spec.drainTimeout().toMillis(),
                components.protocol().lag().intervalMs());
        Console.out(format(v, spec));
        if (v.unjudged() != null) {
          rising = max = drain = "group " + group + ": " + v.unjudged();
        } else {
          rising =
              v.rising()
                  ? String.format(
                      "group %s: lag kept rising (%+.1f records/s over the last %.0f s)",
                      group, v.slopePerSecond(), spec.windowSeconds())
                  : null;
          max =
              v.maxLag() > spec.maxLag()
                  ? "group " + group + ": max lag " + v.maxLag() + " > " + spec.maxLag()
                  : null;
          drain =
              v.drainSeconds() == null
                  ? "group %s: not drained within %d s (%s)"
                      .formatted(group, spec.drainTimeout().toSeconds(), left(v))
                  : null;
        }
      } catch (Exception | Error e) {
        rising = max = drain = "group " + group + ": " + reason(e);
        Console.outf(
            "%n[kafkaload] ---- Consumer lag of group '%s' ----%n  LAG VERDICT: FAIL (%s)%n",
            group, reason(e));
      }
      logVerdict(session, LagVerdictSpec.RISING_REQUEST, rising);
      logVerdict(session, LagVerdictSpec.MAX_REQUEST, max);
      logVerdict(session, LagVerdictSpec.DRAIN_REQUEST, drain);
      failed |= rising != null || max != null || drain != null;
    }
    next.$bang(failed ? session.markAsFailed() : session);
  }

  static String format(LagMonitor.Verdict v, LagVerdictSpec spec) {
    var s = v.sampling();
    String sampling =
        String.format(
            "  samples %d: %d with a lag, %d before the group's first commit, %d failed%n",
            s.tried(), s.withLag(), s.beforeFirstCommit(), s.failed());
    if (v.unjudged() != null) {
      return String.format(
          "%n[kafkaload] ---- Consumer lag of group '%s' ----%n%s  LAG VERDICT: FAIL (%s)%n",
          v.group(), sampling, v.unjudged());
    }
    List<String> fails = new ArrayList<>();
    if (v.rising()) {
      fails.add("lag kept rising");
    }
    if (v.maxLag() > spec.maxLag()) {
      fails.add("max lag > " + spec.maxLag());
    }
    if (v.drainSeconds() == null) {
      fails.add("not drained within " + spec.drainTimeout().toSeconds() + " s");
    }
    return String.format(
        "%n[kafkaload] ---- Consumer lag of group '%s' ----%n%s"
            + "  max lag %d | trend %+.1f records/s over the last %.0f s (rising above %.1f/s fails) | %s%n"
            + "  LAG VERDICT: %s%n",
        v.group(),
        sampling,
        v.maxLag(),
        v.slopePerSecond(),
        spec.windowSeconds(),
        spec.maxSlope(),
        v.drainSeconds() == null
            ? left(v) + " after " + spec.drainTimeout().toSeconds() + " s"
            : String.format("drained to 0 in %.1f s after the producers stopped", v.drainSeconds()),
        fails.isEmpty()
            ? "PASS"
            : "FAIL (" + String.join(", ", fails) + "), whatever the producers' throughput");
  }

  private static String left(LagMonitor.Verdict v) {
    return v.lagAtEnd() < 0 ? "no committed offset left to judge" : "lag " + v.lagAtEnd() + " left";
  }
}
